import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '@app/shared/routes';
import { ACCOUNT_LINKS_MSG } from '@app/shared/messages/account-links';
import { STAFF_MSG } from '@app/shared/messages/staff';
import type { AccountLinkDone } from '@app/shared/schemas/account-links';
import { ApiError } from '../../lib/api-client';
import { NETWORK_ERROR } from '../../lib/api-error';
import { Link } from '../../lib/link';
import { LoginCard } from './login-card';
import type { FlashState } from '../../lib/flash';
import { acceptInvitation, resetPassword } from './api/account-links';
import btn from '../../ui/public/button.module.css';
import styles from './login-page.module.css';

type Field = 'password' | 'confirmPassword';

/**
 * A page a mailed link opens: the token is in the address, the person chooses a password (typed
 * twice, the create-user form's rules), and goes on to the login page with what to do next.
 */
function PasswordLinkPage({ purpose }: { purpose: 'reset' | 'invite' }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const title = purpose === 'reset' ? ACCOUNT_LINKS_MSG.resetPasswordTitle : ACCOUNT_LINKS_MSG.acceptInvitationTitle;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const schemas = await import('@app/shared/schemas/account-links');
    const schema = purpose === 'reset' ? schemas.passwordResetConfirm : schemas.acceptInvitationRequest;
    const parsed = schema.safeParse({ token: params.get('token') ?? '', ...values });
    const found: Partial<Record<Field | 'token', string>> = {};
    for (const issue of parsed.error?.issues ?? []) found[issue.path[0] as Field | 'token'] ??= issue.message;
    setErrors(found);
    setFailure(found.token);
    if (!parsed.success) return;
    setBusy(true);
    try {
      const done: AccountLinkDone =
        purpose === 'reset' ? await resetPassword(parsed.data) : await acceptInvitation(parsed.data);
      await navigate(ROUTES.login.path, { state: { signInNotice: done.message } satisfies FlashState });
    } catch (err) {
      setFailure(err instanceof ApiError && err.status !== 0 ? err.message : NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  };

  const input = (name: Field, label: string) => (
    <>
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `${name}-error` : undefined}
      />
      {errors[name] && (
        <p id={`${name}-error`} className={styles.error}>
          {errors[name]}
        </p>
      )}
    </>
  );

  return (
    <LoginCard title={title} failure={failure} onSubmit={onSubmit}>
      {input('password', 'New password')}
      {input('confirmPassword', 'Confirm password')}
      <button
        type="submit"
        className={btn.button}
        disabled={busy || !values.password || !values.confirmPassword}
        aria-busy={busy}
      >
        {busy ? 'Saving…' : 'Save password'}
      </button>
      <Link to={purpose === 'reset' ? ROUTES.forgotPassword.path : ROUTES.login.path} className={styles.aside}>
        {purpose === 'reset' ? STAFF_MSG.forgotPasswordLink : ACCOUNT_LINKS_MSG.backToLogin}
      </Link>
    </LoginCard>
  );
}

/** /reset-password?token=…: the link of a "Forgot your password?" mail. */
export const ResetPasswordPage = () => <PasswordLinkPage purpose="reset" />;
/** /accept-invitation?token=…: the link of an invitation. */
export const AcceptInvitationPage = () => <PasswordLinkPage purpose="invite" />;
