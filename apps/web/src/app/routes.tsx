import type { RouteObject } from 'react-router';
import { ROLE_ADMIN, ROLE_USER } from '@app/shared/constants';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import type { RouteHandle } from './meta';
import { page } from './lazy';
import { publicRoutes } from '../features/site/routes';
import { authRoutes } from '../features/auth/routes';
import { NotFoundPage, notFoundHandle } from '../features/not-found/not-found-page';
import { adminRoutes } from './admin-routes';

const guarded = (requiredRole: string, children: RouteObject[]): RouteObject => ({
  handle: { clientOnly: true, requiredRole } satisfies RouteHandle,
  lazy: page(() => import('../features/admin/admin-shell'), 'AdminShell'),
  children,
});

/** One route tree for the server render and the browser (DESIGN section 2). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      ...publicRoutes,
      ...authRoutes,
      guarded(ROLE_ADMIN, adminRoutes),
      guarded(ROLE_USER, [{ path: 'personel', lazy: page(() => import('../features/personel/personel-page'), 'PersonelPage') }]),
      { path: '*', Component: NotFoundPage, handle: notFoundHandle },
    ],
  },
];
