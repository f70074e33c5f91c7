import { Outlet, ScrollRestoration } from 'react-router';
import { FlashNotice } from './flash';
import { useDocumentMeta } from './meta';

export function RootLayout() {
  useDocumentMeta();
  return (
    <>
      <Outlet />
      <FlashNotice />
      <ScrollRestoration />
    </>
  );
}
