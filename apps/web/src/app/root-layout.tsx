import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
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
      <ScrollRestoration />
    </>
  );
}
