import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NOTICE_MS } from '@app/shared/constants';
import styles from './flash.module.css';

/** A message handed to the next page through navigation state ({ notice }), shown for 3 s. */
export interface FlashState {
  notice?: string;
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
