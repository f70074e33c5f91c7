import type { RouteObject } from 'react-router';
import { ROLES } from '@app/shared/constants';
import { ROUTES, routeEntries } from '@app/shared/routes';
import type { RouteHandle } from '../lib/meta';
import { page } from '../lib/lazy';
import { routePath } from '../lib/route-path';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { publicRoutes } from './public-routes';
import type { BackOfficeRouteName } from './admin-pages';
import { loginHandle } from '../features/auth/login-route';

const NoFallback = () => null;

/**
 * The back office, one group per role and one for every signed-in staff member (no role checked):
 * the admin layout checks the session and role (the guard) and renders its pages in the browser
 * only (docs/decisions/0002-guard-redirects.md).
 */
const backOffice = [...ROLES, 'authenticated' as const].map((access): RouteObject => ({
  handle: { clientOnly: true, requiredRole: access === 'authenticated' ? undefined : access } satisfies RouteHandle,
  // The server sends the bare shell: nothing to show until the layout's chunk arrives (without
  // this React Router warns on every back-office page load).
  HydrateFallback: NoFallback,
  lazy: page(() => import('./admin-layout'), 'AdminLayout'),
  children: routeEntries()
    .filter(([, route]) => route.access === access)
    .map(([name, route]) => ({
      ...routePath(route),
      lazy: async () => (await import('./admin-pages')).backOfficeRoute(name as BackOfficeRouteName),
    })),
}));

/** One route tree for the server render and the browser (docs/decisions/0003-rendering-model.md). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      ...publicRoutes,
      {
        ...routePath(ROUTES.login),
        handle: loginHandle,
        lazy: page(() => import('../features/auth/login-page'), 'LoginPage'),
      },
      ...backOffice,
    ],
  },
];
