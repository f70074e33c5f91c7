import type { ReactNode } from 'react';
import { useText, type SiteKey } from '../../lib/language';
import styles from './home.module.css';

/** A card: its texts are the page language's (the site catalogue), only the icon is here. */
interface Service {
  title: SiteKey;
  text: SiteKey;
  icon: ReactNode;
}

const icon = (d: string) => (
  <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
    <circle cx="24" cy="24" r="24" fill="#fde8e8" />
    <path d={d} fill="none" stroke="#b71f1d" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** The four service cards, in the spec's order. */
export const SERVICES: Service[] = [
  {
    title: 'service1Title',
    text: 'service1Text',
    icon: icon('M18 16l-7 8 7 8M30 16l7 8-7 8M27 13l-6 22'),
  },
  {
    title: 'service2Title',
    text: 'service2Text',
    icon: icon('M13 32c4-1 6-9 9-9s1 8 4 8 4-5 6-5 3 3 4 3M13 36h22'),
  },
  {
    title: 'service3Title',
    text: 'service3Text',
    icon: icon('M33 18a11 11 0 1 0 2 10M35 12v7h-7'),
  },
  {
    title: 'service4Title',
    text: 'service4Text',
    icon: icon('M24 12l10 4v8c0 6-4 10-10 12-6-2-10-6-10-12v-8zM19 24l4 4 7-8'),
  },
];

export function ServiceCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const t = useText();
  return (
    <ul className={styles.serviceGrid}>
      {SERVICES.map((s) => (
        <li key={s.title} className={styles.serviceCard}>
          {s.icon}
          <H className={styles.serviceTitle}>{t(s.title)}</H>
          <p>{t(s.text)}</p>
        </li>
      ))}
    </ul>
  );
}
