import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigationType } from 'react-router';
import { FlashNotice } from '../lib/flash';
import { useDocumentMeta } from '../lib/meta';

export function RootLayout() {
  useDocumentMeta();
  // Marks the moment the page is interactive (hydrated), for tests and monitoring scripts.
  useEffect(() => {
    document.documentElement.dataset['ready'] = 'true';
  }, []);
  return (
    <>
      <Outlet />
      <FlashNotice />
      <GlidingScrollRestoration />
    </>
  );
}

/**
 * React Router's ScrollRestoration (positions restored on back and forward) also jumps at once to
 * a link's fragment. The public pages glide there instead, 100 ms after arrival
 * (ui/public/use-fragment-scroll.ts), so that jump is undone: a parent's layout effect runs after
 * its child's, still before the browser paints, so the jump is never seen. A new page then starts
 * at its top and the same page stays where it was until the glide.
 */
function GlidingScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const lastY = useRef(0);
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    const onScroll = () => {
      lastY.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const samePage = lastPath.current === location.pathname;
    lastPath.current = location.pathname;
    if (navigationType === 'POP' || !location.hash) return;
    window.scrollTo({ top: samePage ? lastY.current : 0, behavior: 'instant' });
  }, [location, navigationType]);

  return <ScrollRestoration />;
}
