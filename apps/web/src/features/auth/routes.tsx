import type { RouteObject } from 'react-router';
import { page } from '../../app/lazy';
import { SITE_NAME, type RouteHandle } from '../../app/meta';

export const authRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: page(() => import('./login-page'), 'LoginPage'),
    handle: { meta: () => ({ title: `Login | ${SITE_NAME}`, path: '/login', noindex: true }) } satisfies RouteHandle,
  },
];
