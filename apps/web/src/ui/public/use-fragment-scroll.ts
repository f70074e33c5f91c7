import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { FRAGMENT_SCROLL_DELAY_MS } from '@app/shared/constants';
import { scrollBehavior } from './motion';

/**
 * On arrival with a fragment, scroll smoothly to the element with that id after
 * 100 ms. `offset` keeps that many pixels above the element (the /vision page uses 125 px);
 * without it the element's own scroll-margin-top (the fixed bar's height) applies.
 */
export function useFragmentScroll(offset?: number): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const timer = window.setTimeout(() => {
      const el = document.getElementById(id);
      if (!el) return;
      if (offset === undefined) {
        el.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
      } else {
        const top = el.getBoundingClientRect().top + window.scrollY - offset;
        window.scrollTo({ top, behavior: scrollBehavior() });
      }
    }, FRAGMENT_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
    // `key` changes on every navigation, so clicking the same fragment link again scrolls again.
  }, [hash, key, offset]);
}
