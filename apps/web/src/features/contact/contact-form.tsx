import { ROUTES } from '@app/shared/routes';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ContactFormInput } from '@app/shared/schemas/contact';
import { NOTICE_MS } from '@app/shared/constants';
import { CANDIDATE_CONSENT_MONTHS } from '@app/shared/retention-periods';
import { fillText } from '@app/shared/messages/fill-text';
import type { KEEP_FOR_FUTURE_FIELD } from '@app/shared/schemas/candidates';
import { CONTACT_MSG } from '@app/shared/messages/contact';
import { REQUEST_MSG } from '@app/shared/messages/requests';
import { makeTranslator } from '@app/shared/messages/translate';
import { LOCALE_TABLE } from '@app/shared/locales';
import { localizeHref, usePublic } from '../../lib/language';
import type { PageTexts } from '@app/shared/messages/translate';
import { useRuntimeConfig } from '../../lib/runtime-config';
import a11y from '../../ui/public/a11y.module.css';
import btn from '../../ui/public/button.module.css';
import { sendContactMessage } from './api/send-contact-message';
import { Captcha } from '../../ui/public/captcha';
import { loadContactRules, validateContact, type ContactField, type ContactRules } from './contact-rules';
import styles from './contact-form.module.css';

const EMPTY: ContactFormInput = { fullName: '', email: '', phoneNumber: '', message: '' };
const UNTOUCHED: Record<ContactField, boolean> = { fullName: false, email: false, phoneNumber: false, message: false };
const ALL_TOUCHED: Record<ContactField, boolean> = { fullName: true, email: true, phoneNumber: true, message: true };
const REQUIRED: ContactField[] = ['fullName', 'email', 'message'];

const FIELDS: {
  name: ContactField;
  label: 'fullName' | 'email' | 'phoneNumber' | 'message';
  type?: string;
  autoComplete: string;
  optional?: boolean;
}[] = [
  { name: 'fullName', label: 'fullName', autoComplete: 'name' },
  { name: 'email', label: 'email', type: 'email', autoComplete: 'email' },
  { name: 'phoneNumber', label: 'phoneNumber', type: 'tel', autoComplete: 'tel', optional: true },
  { name: 'message', label: 'message', autoComplete: 'off' },
];

type Outcome = { sent: true } | { sent: false; text: string };
/** The consent's multipart field, checked against the contract without loading its schemas here. */
const KEEP_FIELD: typeof KEEP_FOR_FUTURE_FIELD = 'keepForFuture';

/**
 * The contact form, on the landing page and, with `vacancyId`, as a job application on a vacancy
 * page. The public pages load this module near the viewport; the shared schema (zod) and the
 * captcha widget are fetched from here on, outside the first load.
 */
export function ContactForm({ vacancyId }: { vacancyId?: number }) {
  const id = useId();
  const { locale, texts } = usePublic();
  const t = texts.site;
  // The shared schema's checks word their messages in English (the catalogue's): shown in the
  // page's language; the server's answers come in it already (the request's Accept-Language).
  const [translate] = useState(() =>
    makeTranslator(
      { contact: CONTACT_MSG, requests: REQUEST_MSG },
      { contact: texts.contact, requests: texts.requests },
    ),
  );
  const { captchaSiteKey } = useRuntimeConfig();
  const [rules, setRules] = useState<ContactRules>();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState(UNTOUCHED);
  const [file, setFile] = useState<File | null>(null);
  const [keep, setKeep] = useState(false);
  const [fileError, setFileError] = useState<string>();
  const [captcha, setCaptcha] = useState<string | null>(null);
  // A new key mounts a fresh widget with a fresh challenge (a solution is accepted once).
  const [captchaRound, setCaptchaRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const fileInput = useRef<HTMLInputElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    loadContactRules().then(setRules, (err: unknown) =>
      console.warn('The contact form rules could not be loaded:', err),
    );
    return () => clearTimeout(reloadTimer.current);
  }, []);

  const errors = rules ? validateContact(rules, values) : {};
  const fieldsValid = !!rules && Object.keys(errors).length === 0;
  const valid = fieldsValid && !!captcha;
  // An application (for a vacancy, or a message with a CV) may be kept for future vacancies.
  const application = vacancyId !== undefined || !!file;
  const anyTouched = Object.values(touched).some(Boolean);
  const missing = REQUIRED.some((f) => !values[f].trim()) || !captcha;
  const malformed = (Object.keys(errors) as ContactField[]).some((f) => values[f].trim() !== '');

  /**
   * "All fields are marked touched when status changes" (docs/decisions/0011-contact-and-mail-screens.md).
   * The status is the form's validity, the captcha included: going valid or invalid (a field
   * edited, the captcha solved or expired) shows every field's message, the way the original form
   * did.
   */
  const statusOf = (v: ContactFormInput, c: string | null) =>
    !!rules && !!c && Object.keys(validateContact(rules, v)).length === 0;
  const update = (nextValues: ContactFormInput) => {
    if (statusOf(nextValues, captcha) !== statusOf(values, captcha)) setTouched(ALL_TOUCHED);
    setValues(nextValues);
  };
  const onCaptcha = (payload: string | null) => {
    if (statusOf(values, payload) !== statusOf(values, captcha)) setTouched(ALL_TOUCHED);
    setCaptcha(payload);
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const chosen = input.files?.[0];
    setFile(null);
    setFileError(undefined);
    if (!chosen) return;
    let problem: string | null;
    try {
      problem = (await loadContactRules()).checkContactFile(chosen);
    } catch (err) {
      console.warn('The contact form rules could not be loaded:', err);
      return;
    }
    if (problem) {
      // An invalid file is dropped from the selection, with its message.
      input.value = '';
      setFileError(translate(problem));
    } else setFile(chosen);
  };

  const clear = () => {
    setValues(EMPTY);
    setTouched(UNTOUCHED);
    setFile(null);
    setFileError(undefined);
    setKeep(false);
    if (fileInput.current) fileInput.current.value = '';
    setCaptcha(null);
    setCaptchaRound((r) => r + 1);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(ALL_TOUCHED);
    if (!rules || !valid || busy || !captcha) return;
    const f = rules.MAIL_FIELDS;
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) body.append(name, value);
    if (file) body.append(f.file, file);
    body.append(f.captcha, captcha);
    if (vacancyId !== undefined) body.append(f.vacancyId, String(vacancyId));
    if (application && keep) body.append(KEEP_FIELD, 'yes');
    body.append(f.honeypot, honeypot.current?.value ?? '');
    setBusy(true);
    setOutcome(undefined);
    try {
      await sendContactMessage(body, LOCALE_TABLE[locale].tag);
      setOutcome({ sent: true });
      clear();
      // The page reloads after a send; the message stays readable for 3 s first (decision 0011).
      reloadTimer.current = setTimeout(() => window.location.reload(), NOTICE_MS);
    } catch (err) {
      setOutcome({ sent: false, text: texts.public.mailFailed + (err instanceof Error ? err.message : String(err)) });
      // The solution may have been spent on the server: a new challenge is needed either way.
      setCaptcha(null);
      setCaptchaRound((r) => r + 1);
    } finally {
      setBusy(false);
    }
  };

  const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={vacancyId !== undefined ? t.applicationForm : t.contactForm}
    >
      <p className={styles.legend}>
        {t.requiredBefore}
        <span aria-hidden="true">*</span>
        <span className={a11y.srOnly}>{t.requiredAsterisk}</span>
        {t.requiredAfter}
      </p>
      {FIELDS.map(({ name, label, type = 'text', autoComplete, optional }) => {
        const fieldId = `${id}-${name}`;
        const shown = touched[name] ? errors[name] : undefined;
        const error = shown && translate(shown);
        const common = {
          id: fieldId,
          name,
          value: values[name],
          autoComplete,
          required: !optional,
          'aria-invalid': !!error,
          'aria-describedby': describedBy(error && `${fieldId}-error`),
          onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
            update({ ...values, [name]: e.target.value }),
          onBlur: () => setTouched((t) => (t[name] ? t : { ...t, [name]: true })),
        };
        return (
          <div key={name} className={name === 'message' ? `${styles.field} ${styles.wide}` : styles.field}>
            <label htmlFor={fieldId}>
              {t[label]}
              {optional ? <span className={styles.optional}>{t.optional}</span> : <span aria-hidden="true"> *</span>}
            </label>
            {name === 'message' ? <textarea rows={6} {...common} /> : <input type={type} {...common} />}
            {error && (
              <p id={`${fieldId}-error`} className={styles.error}>
                {error}
              </p>
            )}
          </div>
        );
      })}

      <div className={styles.field}>
        <label htmlFor={`${id}-file`}>
          {vacancyId !== undefined ? t.cv : t.attachment}
          <span className={styles.optional}>{t.optional}</span>
        </label>
        <input
          id={`${id}-file`}
          ref={fileInput}
          type="file"
          accept=".pdf,application/pdf"
          onChange={(e) => void onFile(e)}
          aria-invalid={!!fileError}
          aria-describedby={describedBy(`${id}-file-hint`, fileError && `${id}-file-error`)}
        />
        <p id={`${id}-file-hint`} className={styles.hint}>
          {t.fileHint}
        </p>
        {fileError && (
          <p id={`${id}-file-error`} className={styles.error} role="alert">
            {fileError}
          </p>
        )}
      </div>

      {application && (
        <div className={`${styles.wide} ${styles.consent}`}>
          <input
            id={`${id}-keep`}
            type="checkbox"
            name={KEEP_FIELD}
            value="yes"
            checked={keep}
            onChange={(e) => setKeep(e.target.checked)}
          />
          <label htmlFor={`${id}-keep`}>{fillText(t.keepForFuture, { months: CANDIDATE_CONSENT_MONTHS })}</label>
        </div>
      )}

      {/* For bots only: hidden from people and assistive technology, never focused by Tab. */}
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input
          id={`${id}-website`}
          ref={honeypot}
          type="text"
          name={rules?.MAIL_FIELDS.honeypot}
          tabIndex={-1}
          autoComplete="off"
        />
      </div>

      <div className={`${styles.field} ${styles.wide}`}>
        <Captcha
          key={captchaRound}
          challengeUrl={captchaSiteKey}
          onChange={onCaptcha}
          language={locale}
          strings={captchaStrings(t)}
        />
      </div>

      <div className={`${styles.wide} ${styles.notices}`} aria-live="polite">
        {anyTouched && missing && <p className={styles.formError}>{texts.public.contactFillRequired}</p>}
        {anyTouched && malformed && <p className={styles.formError}>{texts.public.contactFixFields}</p>}
      </div>
      {outcome && (
        <div className={`${styles.wide} ${outcome.sent ? styles.success : styles.failure}`} role="alert">
          {outcome.sent ? texts.public.mailSent : outcome.text}
        </div>
      )}

      <p className={`${styles.wide} ${styles.hint}`}>
        {texts.public.privacyNotice}{' '}
        <a href={localizeHref(locale, ROUTES.privacy.path)}>{texts.public.privacyLinkText}</a>.
      </p>

      <div className={styles.wide}>
        <button type="submit" className={btn.button} disabled={!valid || busy} aria-busy={busy}>
          {busy ? t.sending : t.submit}
        </button>
      </div>
    </form>
  );
}

/** ALTCHA's strings from the site's texts, in the page's language. */
const captchaStrings = (t: PageTexts['site']): Record<string, string> => ({
  label: t.captchaLabel,
  verifying: t.captchaVerifying,
  verified: t.captchaVerified,
  error: t.captchaError,
  expired: t.captchaExpired,
  verificationRequired: t.captchaRequired,
  waitAlert: t.captchaWait,
  loading: t.captchaLoading,
  reload: t.captchaReload,
  verify: t.captchaVerify,
  ariaLinkLabel: 'ALTCHA',
  footer: '',
});
