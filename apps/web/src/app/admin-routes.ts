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
  { path: 'posts', lazy: page(() => import('../features/posts-admin/posts-page'), 'PostsPage') },
  { path: 'create-post', lazy: page(() => import('../features/posts-admin/create-post-page'), 'CreatePostPage') },
  { path: 'view-post/:id?', lazy: page(() => import('../features/posts-admin/view-post-page'), 'ViewPostPage') },
  { path: 'edit-post/:id?', lazy: page(() => import('../features/posts-admin/edit-post-page'), 'EditPostPage') },
  { path: 'search-by-name', lazy: page(() => import('../features/posts-admin/search-posts-page'), 'SearchPostsPage') },
  { path: 'view-all', lazy: page(() => import('../features/posts-admin/posts-page'), 'PostsPage') },
  { path: 'masthead', lazy: page(() => import('../features/content-admin/masthead-page'), 'MastheadPage') },
  { path: 'intro', lazy: page(() => import('../features/content-admin/intro-page'), 'IntroPage') },
  { path: 'overview-vacancies', lazy: page(() => import('../features/vacancies-admin/overview-vacancies-page'), 'OverviewVacanciesPage') },
  { path: 'viewall-vacancies', lazy: page(() => import('../features/vacancies-admin/overview-vacancies-page'), 'OverviewVacanciesPage') },
  { path: 'view-vacancy/:id?', lazy: page(() => import('../features/vacancies-admin/view-vacancy-page'), 'ViewVacancyPage') },
  { path: 'create-vacancy', lazy: page(() => import('../features/vacancies-admin/create-vacancy-page'), 'CreateVacancyPage') },
  { path: 'edit-vacancy/:id?', lazy: page(() => import('../features/vacancies-admin/edit-vacancy-page'), 'EditVacancyPage') },
  { path: 'settings', lazy: page(() => import('../features/settings-admin/settings-page'), 'SettingsPage') },
  { path: 'overview-mailbox', lazy: page(() => import('../features/mail-admin/overview-mailbox-page'), 'OverviewMailboxPage') },
  { path: 'new-mailbox', lazy: page(() => import('../features/mail-admin/new-mailbox-page'), 'NewMailboxPage') },
  { path: 'edit-mailbox/:id?', lazy: page(() => import('../features/mail-admin/edit-mailbox-page'), 'EditMailboxPage') },
  { path: 'overview-provider', lazy: page(() => import('../features/mail-admin/overview-provider-page'), 'OverviewProviderPage') },
  { path: 'new-provider', lazy: page(() => import('../features/mail-admin/new-provider-page'), 'NewProviderPage') },
  { path: 'edit-provider/:id?', lazy: page(() => import('../features/mail-admin/edit-provider-page'), 'EditProviderPage') },
  { path: 'mail-log', lazy: page(() => import('../features/mail-admin/mail-log-page'), 'MailLogPage') },
  { path: 'messages', lazy: page(() => import('../features/mail-admin/messages-page'), 'MessagesPage') },
];
