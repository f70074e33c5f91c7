import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../lib/link';
import type { LoginRequest, LoginResponse } from '@app/shared/schemas/auth';
import { ROUTES } from '@app/shared/routes';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { ApiError } from '../../lib/api-client';
import { NETWORK_ERROR } from '../../lib/api-error';
import type { FlashState } from '../../lib/flash';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { saveSession } from '../../lib/session';
import { LoginError, login, loginTwoFactor } from './api/login';
import { validateCode, validateLogin } from './validate-login';
import { LoginCard } from './login-card';
import btn from '../../ui/public/button.module.css';
import styles from './login-page.module.css';

// Asked for only after failed sign-ins: fetched then, not with the page (the first-load budget,
// decision 0080).
const Captcha = lazy(() => import('../../ui/public/captcha').then((m) => ({ default: m.Captcha })));

/**
 * Only same-site paths are followed, so a crafted link cannot send users elsewhere: one leading
 * slash, no scheme-relative '//' or '/\\' (browsers read a backslash as a slash), no way back to
 * the login page itself.
 */
const safePath = (p: string | null | undefined) =>
  p && /^\/(?![/\\])/.test(p) && [...p].every((c) => c >= ' ') && !p.startsWith(ROUTES.login.path) ? p : undefined;

type Field = 'username' | 'password';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // A finished reset or accepted invitation comes here with what to do next, kept for the page's
  // life: it is dropped from history on hydration, so a reload does not show it again.
  const [notice] = useState((location.state as FlashState | null)?.signInNotice);
  const [params] = useSearchParams();
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Shown only once the server asks for it (an account past its failure ceiling,
  // docs/decisions/0015-login-limits.md); its payload goes with the next attempt.
  const { captchaSiteKey } = useRuntimeConfig();
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  // A new key mounts a fresh widget with a fresh challenge (a solution is accepted once).
  const [captchaRound, setCaptchaRound] = useState(0);
  const refs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  // The code step: the password was right and the account has two-factor (docs/security.md).
  const [challenge, setChallenge] = useState<string>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();

  /** Signed in: store the session, then what the account must do first, else where it was going. */
  const finish = async (res: LoginResponse) => {
    saveSession(res.user);
    // Where the user was when their session ended wins over the role's landing page.
    const next = safePath(params.get('returnUrl')) ?? safePath(res.redirect) ?? ROUTES.home.path;
    if (res.passwordChangeRequired) await navigate(ROUTES.changePassword.path, { state: { required: true, next } });
    else if (res.twoFactorSetupRequired) await navigate(ROUTES.accountSecurity.path);
    else await navigate(next);
  };

  // The page is rendered on the server: whatever was typed before the script took over is kept.
  useEffect(() => {
    const typed = { username: refs.username.current?.value ?? '', password: refs.password.current?.value ?? '' };
    if (typed.username || typed.password) setValues(typed);
    if (notice) void navigate(location, { replace: true, state: null });
    // Runs once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const update = async (next: LoginRequest) => {
    setValues(next);
    setErrors((await validateLogin(next)).errors);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ username: true, password: true });
    const result = await validateLogin(values);
    setErrors(result.errors);
    if (!result.data) return;
    if (captchaRequired && !captcha) return;
    const sent = captchaRequired ? captcha : null;
    setFailure(undefined);
    setBusy(true);
    try {
      const res = await login({
        username: result.data.username,
        password: result.data.password,
        ...(sent ? { captcha: sent } : {}),
      });
      if ('twoFactorRequired' in res) {
        setChallenge(res.challenge);
        setCode('');
        setCodeError(undefined);
        return;
      }
      await finish(res);
    } catch (err) {
      setFailure(err instanceof ApiError && err.status !== 401 ? err.message : STAFF_MSG.loginFailed);
      if (err instanceof LoginError) setCaptchaRequired(err.captchaRequired);
      if (sent) {
        // The solution may have been spent on the server: a new challenge is needed either way.
        setCaptcha(null);
        setCaptchaRound((r) => r + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  const onCode = async (e: FormEvent) => {
    e.preventDefault();
    const checked = await validateCode(code);
    setCodeError(checked.error);
    if (!checked.code || !challenge) return;
    setFailure(undefined);
    setBusy(true);
    try {
      await finish(await loginTwoFactor({ challenge, code: checked.code }));
    } catch (err) {
      const message = err instanceof ApiError && err.status !== 0 ? err.message : NETWORK_ERROR;
      // A spent or expired challenge: the password is asked again.
      if (message === STAFF_MSG.twoFactorChallengeExpired) setChallenge(undefined);
      setFailure(message);
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <LoginCard title="Two-factor sign-in" failure={failure} onSubmit={onCode}>
        <p className={styles.hint}>
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </p>
        <label htmlFor="code">Authentication code</label>
        <input
          id="code"
          name="code"
          autoComplete="one-time-code"
          autoFocus
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={!!codeError}
          aria-describedby={codeError ? 'code-error' : undefined}
        />
        {codeError && (
          <p id="code-error" className={styles.error}>
            {codeError}
          </p>
        )}
        <button type="submit" className={btn.button} disabled={busy || !code.trim()} aria-busy={busy}>
          {busy ? 'Verifying…' : 'Verify'}
        </button>
        <button
          type="button"
          className={`${btn.button} ${btn.outline} ${styles.secondary}`}
          onClick={() => {
            setChallenge(undefined);
            setFailure(undefined);
          }}
        >
          Back
        </button>
      </LoginCard>
    );
  }

  const invalid = !values.username.trim() || !values.password || (captchaRequired && !captcha);
  const input = (name: Field, label: string, type: string, autoComplete: string) => {
    const error = touched[name] ? errors[name] : undefined;
    return (
      <>
        <label htmlFor={name}>{label}</label>
        <input
          id={name}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required
          ref={refs[name]}
          defaultValue={values[name]}
          onChange={(e) => void update({ ...values, [name]: e.target.value })}
          onBlur={() => {
            setTouched((t) => ({ ...t, [name]: true }));
            void validateLogin(values).then((r) => setErrors(r.errors));
          }}
          aria-invalid={!!error}
          aria-describedby={error ? `${name}-error` : undefined}
        />
        {error && (
          <p id={`${name}-error`} className={styles.error}>
            {error}
          </p>
        )}
      </>
    );
  };

  return (
    <LoginCard title="Login" failure={failure} notice={notice} onSubmit={onSubmit}>
      {input('username', 'Username', 'email', 'username')}
      {input('password', 'Password', 'password', 'current-password')}
      {captchaRequired && (
        <div className={styles.captcha}>
          <Suspense fallback={null}>
            <Captcha key={captchaRound} challengeUrl={captchaSiteKey} onChange={setCaptcha} />
          </Suspense>
        </div>
      )}
      <button type="submit" className={btn.button} disabled={busy || invalid} aria-busy={busy}>
        {busy ? 'Signing in…' : 'Login'}
      </button>
      <Link to={ROUTES.forgotPassword.path} className={styles.aside}>
        {STAFF_MSG.forgotPasswordLink}
      </Link>
    </LoginCard>
  );
}
