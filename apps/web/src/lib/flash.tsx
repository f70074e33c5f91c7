import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NOTICE_MS } from '@app/shared/constants';
import styles from './flash.module.css';

/**
 * A message handed to the next page through navigation state: `notice`, shown here for 3 s, or
 * `signInNotice`, which the login form shows (what to do after a reset or an accepted invitation).
 * They are apart because this region also clears the state: under one key the text stood twice and
 * then left the form, depending on timing.
 */
export interface FlashState {
  notice?: string;
  signInNotice?: string;
}

export function FlashNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const [text, setText] = useState<string | undefined>();
  const notice = (location.state as FlashState | null)?.notice;

  useEffect(() => {
    if (!notice) return;
    setText(notice);
    // Drop it from history so a reload or back navigation does not show it again.
    void navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: null,
      preventScrollReset: true,
    });
  }, [notice, navigate, location.pathname, location.search, location.hash]);

  useEffect(() => {
    if (!text) return;
    const t = setTimeout(() => setText(undefined), NOTICE_MS);
    return () => clearTimeout(t);
  }, [text]);

  return (
    <div className={styles.region} role="status" aria-live="polite">
      {text && <div className={styles.notice}>{text}</div>}
    </div>
  );
}
