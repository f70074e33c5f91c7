import type { FormEvent, ReactNode } from 'react';
import { ROUTES } from '@app/shared/routes';
import { Link } from '../../lib/link';
import styles from './login-page.module.css';

/** The sign-in card the login steps and the account-link pages share: the brand, the title, a notice and the server's refusal. */
export function LoginCard({
  title,
  failure,
  notice,
  onSubmit,
  children,
}: {
  title: string;
  failure: string | undefined;
  /** What went well before (a reset, an accepted invitation), shown above the form. */
  notice?: string | undefined;
  onSubmit: (e: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <main className={styles.page} id="main">
      <form className={styles.card} onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="login-title">
        <Link to={ROUTES.home.path} className={styles.brand}>
          Redwall
        </Link>
        <h1 id="login-title">{title}</h1>
        {notice && (
          <div className={styles.notice} role="status">
            {notice}
          </div>
        )}
        {failure && (
          <div className={styles.alert} role="alert">
            {failure}
          </div>
        )}
        {children}
      </form>
    </main>
  );
}
