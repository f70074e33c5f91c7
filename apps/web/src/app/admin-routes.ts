import type { RouteObject } from 'react-router';
import { page } from './lazy';

/**
 * Back-office pages (ROLE_ADMIN), each its own lazy chunk. Feature teams add their pages here,
 * one line per route.
 */
export const adminRoutes: RouteObject[] = [
  { path: 'admin', lazy: page(() => import('../features/admin/dashboard-page'), 'DashboardPage') },
  { path: 'overview-user', lazy: page(() => import('../features/users/overview-users-page'), 'OverviewUsersPage') },
  { path: 'create-user', lazy: page(() => import('../features/users/create-user-page'), 'CreateUserPage') },
  { path: 'edit-user/:id', lazy: page(() => import('../features/users/edit-user-page'), 'EditUserPage') },
];
