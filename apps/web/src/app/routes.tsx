import type { RouteObject } from 'react-router';
import { ROUTES, routeEntries } from '@app/shared/routes';
import type { RouteHandle } from '../lib/meta';
import { page } from '../lib/lazy';
import { routePath } from '../lib/route-path';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { publicRoutes } from './public-routes';
import type { BackOfficeRouteName } from './admin-pages';
import { accountPageHandles, loginHandle } from '../features/auth/login-route';

const NoFallback = () => null;

/** Every access rule of the table's back-office pages, each once. */
const backOfficeAccess = [...new Set(routeEntries().map(([, route]) => route.access))].filter(
  (access) => access !== 'public',
);

/**
 * The back office, one group per capability and one for every signed-in staff member (none
 * checked): the admin layout checks the session and capability (the guard) and renders its pages
 * in the browser only (docs/decisions/0002-guard-redirects.md, 0145).
 */
const backOffice = backOfficeAccess.map((access): RouteObject => ({
  handle: {
    clientOnly: true,
    requiredCapability: access === 'authenticated' ? undefined : access,
  } satisfies RouteHandle,
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
      // Forgotten password and invitations: the login card's pages, public but never indexed.
      {
        ...routePath(ROUTES.forgotPassword),
        handle: accountPageHandles.forgotPassword,
        lazy: page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
      },
      {
        ...routePath(ROUTES.resetPassword),
        handle: accountPageHandles.resetPassword,
        lazy: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
      },
      {
        ...routePath(ROUTES.acceptInvitation),
        handle: accountPageHandles.acceptInvitation,
        lazy: page(() => import('../features/auth/reset-password-page'), 'AcceptInvitationPage'),
      },
      ...backOffice,
    ],
  },
];
