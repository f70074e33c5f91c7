import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { FRAGMENT_SCROLL_DELAY_MS } from '@app/shared/constants';
import { scrollBehavior } from './motion';

/** How long after the glide starts late content (the lazily loaded contact form) may still re-aim it. */
const FOLLOW_MS = 2500;
const TAKEOVER_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * On arrival with a fragment, scroll smoothly to the element with that id after
 * 100 ms. `offset` keeps that many pixels above the element (the /vision page uses 125 px);
 * without it the element's own scroll-margin-top (the fixed bar's height) applies.
 *
 * Content that appears after arrival (the contact form loads as its section nears the viewport,
 * and it is what makes the page tall enough to bring #contact to the top) would leave the glide
 * short: while the page changes size the glide is re-aimed, until the visitor scrolls or presses a
 * key. The router's own instant jump to the fragment is held back in app/root-layout.tsx.
 */
export function useFragmentScroll(offset?: number): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    let stop = () => {};
    const timer = window.setTimeout(() => {
      const el = document.getElementById(id);
      if (!el) return;
      const margin = offset ?? (parseFloat(getComputedStyle(el).scrollMarginTop) || 0);
      const glide = () =>
        window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - margin, behavior: scrollBehavior() });
      glide();
      const resized = new ResizeObserver(glide);
      resized.observe(document.body);
      const until = window.setTimeout(() => stop(), FOLLOW_MS);
      const takeOver = () => stop();
      for (const type of TAKEOVER_EVENTS) window.addEventListener(type, takeOver, { passive: true });
      stop = () => {
        resized.disconnect();
        window.clearTimeout(until);
        for (const type of TAKEOVER_EVENTS) window.removeEventListener(type, takeOver);
      };
    }, FRAGMENT_SCROLL_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      stop();
    };
    // `key` changes on every navigation, so clicking the same fragment link again scrolls again.
  }, [hash, key, offset]);
}
