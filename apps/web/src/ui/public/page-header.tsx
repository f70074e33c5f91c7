import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/** The band under the bar on inner pages: the page's one <h1> and an optional lead text. */
export function PageHeader({ title, lead, dark = false }: { title: string; lead?: ReactNode; dark?: boolean }) {
  return (
    <header className={`${styles.header} ${dark ? styles.dark : ''}`}>
      <div className={styles.inner}>
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
      </div>
    </header>
  );
}
