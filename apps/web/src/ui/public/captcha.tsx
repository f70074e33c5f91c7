import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type {} from 'altcha/types/react';
import { CAPTCHA_RENDER_DELAY_MS } from '@app/shared/constants';
import styles from './captcha.module.css';

/**
 * The ALTCHA widget (self-hosted proof of work; docs/decisions/0011-contact-and-mail-screens.md):
 * on the contact form, and on the login page once the server asks for it
 * (docs/decisions/0015-login-limits.md). It is rendered 500 ms after its form and its code (about
 * 30 KB gzip, ui/public/altcha-widget.ts) is fetched only then, so it is never part of a page's
 * first load. It fetches its challenge from our own API and solves it in a worker served by this
 * site: no third-party request. A failure to load is only logged. `onChange` gets the payload once
 * verified, and null whenever it is not (expired, reset, error).
 */
export function Captcha({
  challengeUrl,
  onChange,
  language = 'en',
  strings,
}: {
  challengeUrl: string;
  onChange: (payload: string | null) => void;
  /** The page's language and the widget's strings in it (the login page keeps ALTCHA's English). */
  language?: string;
  strings?: Record<string, string>;
}) {
  const [ready, setReady] = useState(false);
  const ref = useRef<HTMLElement>(null);
  // Read once the widget's code has loaded: the strings of that moment's language.
  const i18n = useRef({ language, strings });
  i18n.current = { language, strings };

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      import('./altcha-widget').then(
        () => {
          const { language: lang, strings: own } = i18n.current;
          // Over ALTCHA's English, so a string the site does not word is never missing; English
          // itself stays ALTCHA's own (the texts the spec's screens show).
          if (own && lang !== 'en') $altcha.i18n.set(lang, { ...$altcha.i18n.get('en'), ...own });
          if (live) setReady(true);
        },
        (err: unknown) => console.warn('The captcha could not be loaded:', err),
      );
    }, CAPTCHA_RENDER_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);

  // A layout effect: the listener goes before the element does, so a widget being replaced
  // cannot report a state for a form that has moved on.
  useLayoutEffect(() => {
    const widget = ref.current;
    if (!ready || !widget) return;
    const onState = (e: Event) => {
      const { state, payload } = (e as CustomEvent<{ state: string; payload?: string | null }>).detail;
      if (state === 'error') console.warn('The captcha failed: its challenge could not be fetched or solved.');
      onChange(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, [ready, onChange]);

  // The box keeps the widget's height before it appears, so nothing below it moves.
  return (
    <div className={styles.captcha}>
      {ready && <altcha-widget ref={ref} challenge={challengeUrl} language={language} />}
    </div>
  );
}
