import type { ReactNode } from 'react';
import styles from './home.module.css';

interface Service {
  title: string;
  text: string;
  icon: ReactNode;
}

const icon = (d: string) => (
  <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
    <circle cx="24" cy="24" r="24" fill="#fde8e8" />
    <path d={d} fill="none" stroke="#b71f1d" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** The four service cards (titles verbatim). */
export const SERVICES: Service[] = [
  {
    title: 'Java, J2EE & Javascript',
    text: 'Robust back ends in Java and Jakarta EE, modern front ends in JavaScript and TypeScript, and the integrations that tie them to your existing systems.',
    icon: icon('M18 16l-7 8 7 8M30 16l7 8-7 8M27 13l-6 22'),
  },
  {
    title: 'Digital signatures',
    text: 'PKI design, qualified electronic signatures under eIDAS, time stamping and long-term validation, so a signed document stays trustworthy for decades.',
    icon: icon('M13 32c4-1 6-9 9-9s1 8 4 8 4-5 6-5 3 3 4 3M13 36h22'),
  },
  {
    title: 'BC/DR solutions',
    text: 'Business continuity and disaster recovery plans you can actually test: recovery objectives per service, automated backups and rehearsed restores.',
    icon: icon('M33 18a11 11 0 1 0 2 10M35 12v7h-7'),
  },
  {
    title: 'Security scan',
    text: 'Independent scans of your web applications and infrastructure, with a clear report that ranks the findings and tells your team how to fix them.',
    icon: icon('M24 12l10 4v8c0 6-4 10-10 12-6-2-10-6-10-12v-8zM19 24l4 4 7-8'),
  },
];

export function ServiceCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={styles.serviceGrid}>
      {SERVICES.map((s) => (
        <li key={s.title} className={styles.serviceCard}>
          {s.icon}
          <H className={styles.serviceTitle}>{s.title}</H>
          <p>{s.text}</p>
        </li>
      ))}
    </ul>
  );
}
