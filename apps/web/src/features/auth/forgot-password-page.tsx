import { useEffect, useState, type FormEvent } from 'react';
import { ROUTES } from '@app/shared/routes';
import { ACCOUNT_LINKS_MSG } from '@app/shared/messages/account-links';
import { ApiError } from '../../lib/api-client';
import { NETWORK_ERROR } from '../../lib/api-error';
import { Link } from '../../lib/link';
import { LoginCard } from './login-card';
import { requestReset, resetAvailable } from './api/account-links';
import btn from '../../ui/public/button.module.css';
import styles from './login-page.module.css';

/**
 * /forgot-password: asks for the address and has a one-time link mailed to it. The answer is the
 * same whether or not an account has the address. Without a working mailbox it says to ask an
 * administrator instead (who resets the password, or runs `npm run admin`).
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [unavailable, setUnavailable] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    resetAvailable()
      .then((r) => setUnavailable(!r.available))
      .catch(() => {});
  }, []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const { passwordResetRequest } = await import('@app/shared/schemas/account-links');
    const parsed = passwordResetRequest.safeParse({ email });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    setFailure(undefined);
    setBusy(true);
    try {
      setSent((await requestReset(parsed.data)).message);
    } catch (err) {
      if (err instanceof ApiError && err.status === 503) setUnavailable(true);
      setFailure(err instanceof ApiError && err.status !== 0 ? err.message : NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  };

  const back = (
    <Link to={ROUTES.login.path} className={styles.aside}>
      {ACCOUNT_LINKS_MSG.backToLogin}
    </Link>
  );
  if (unavailable || sent) {
    return (
      <LoginCard title={ACCOUNT_LINKS_MSG.forgotPasswordTitle} failure={undefined} onSubmit={async () => {}}>
        <div className={unavailable ? styles.alert : styles.notice} role="status">
          {unavailable ? ACCOUNT_LINKS_MSG.resetUnavailable : sent}
        </div>
        {back}
      </LoginCard>
    );
  }
  return (
    <LoginCard title={ACCOUNT_LINKS_MSG.forgotPasswordTitle} failure={failure} onSubmit={onSubmit}>
      <p className={styles.hint}>{ACCOUNT_LINKS_MSG.forgotPasswordHint}</p>
      <label htmlFor="email">E-mail address</label>
      <input
        id="email"
        name="email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={error ? 'email-error' : undefined}
      />
      {error && (
        <p id="email-error" className={styles.error}>
          {error}
        </p>
      )}
      <button type="submit" className={btn.button} disabled={busy || !email.trim()} aria-busy={busy}>
        {busy ? 'Sending…' : 'Send the link'}
      </button>
      {back}
    </LoginCard>
  );
}
