import { createElement, type ComponentType } from 'react';
import type { RouteNameFor } from '@app/shared/routes';
import type { Capability } from '@app/shared/capabilities';
import { page } from '../lib/lazy';
import type { RouteHandle } from '../lib/meta';
import { backOfficeTitle } from './admin-titles';

export type BackOfficeRouteName = RouteNameFor<Capability | 'authenticated'>;

/**
 * Back-office pages, each its own lazy chunk, one per back-office route of the shared table (which
 * also says the capability each needs). A route added to the table must be added here too. This module
 * is itself loaded lazily, by the first back-office page: its loaders stay out of the public pages'
 * first load.
 */
export const backOfficePages: Record<BackOfficeRouteName, () => Promise<{ Component: ComponentType }>> = {
  personel: page(() => import('../features/personel/personel-page'), 'PersonelPage'),
  interviews: page(() => import('../features/personel/interviews-page'), 'InterviewsPage'),
  timesheets: page(() => import('../features/personel/timesheets-page'), 'TimesheetsPage'),
  admin: page(() => import('../features/admin/dashboard-page'), 'DashboardPage'),
  overviewUsers: page(() => import('../features/users/overview-users-page'), 'OverviewUsersPage'),
  createUser: page(() => import('../features/users/create-user-page'), 'CreateUserPage'),
  inviteUser: page(() => import('../features/users/invite-user-page'), 'InviteUserPage'),
  editUser: page(() => import('../features/users/edit-user-page'), 'EditUserPage'),
  adminPosts: page(() => import('../features/posts-admin/posts-page'), 'PostsPage'),
  createPost: page(() => import('../features/posts-admin/create-post-page'), 'CreatePostPage'),
  viewPost: page(() => import('../features/posts-admin/view-post-page'), 'ViewPostPage'),
  editPost: page(() => import('../features/posts-admin/edit-post-page'), 'EditPostPage'),
  translatePost: page(() => import('../features/posts-admin/translate-post-page'), 'TranslatePostPage'),
  // The public post component in the public layout, handed to the preview (no feature imports another).
  previewPost: async () => {
    const [{ PreviewPostPage }, { PostArticle }, { postPreviewFrame }] = await Promise.all([
      import('../features/posts-admin/preview-post-page'),
      import('../features/posts-public/post-page'),
      import('./post-preview-frame'),
    ]);
    const Frame = postPreviewFrame(PostArticle);
    return { Component: () => createElement(PreviewPostPage, { Frame }) };
  },
  searchPosts: page(() => import('../features/posts-admin/search-posts-page'), 'SearchPostsPage'),
  viewAllPosts: page(() => import('../features/posts-admin/posts-page'), 'PostsPage'),
  masthead: page(() => import('../features/content-admin/masthead-page'), 'MastheadPage'),
  intro: page(() => import('../features/content-admin/intro-page'), 'IntroPage'),
  overviewVacancies: page(() => import('../features/vacancies-admin/overview-vacancies-page'), 'OverviewVacanciesPage'),
  viewAllVacancies: page(() => import('../features/vacancies-admin/overview-vacancies-page'), 'OverviewVacanciesPage'),
  viewVacancy: page(() => import('../features/vacancies-admin/view-vacancy-page'), 'ViewVacancyPage'),
  createVacancy: page(() => import('../features/vacancies-admin/create-vacancy-page'), 'CreateVacancyPage'),
  editVacancy: page(() => import('../features/vacancies-admin/edit-vacancy-page'), 'EditVacancyPage'),
  translateVacancy: page(() => import('../features/vacancies-admin/translate-vacancy-page'), 'TranslateVacancyPage'),
  translateTexts: page(() => import('../features/content-admin/translate-texts-page'), 'TranslateTextsPage'),
  settings: page(() => import('../features/settings-admin/settings-page'), 'SettingsPage'),
  overviewMailbox: page(() => import('../features/mail-admin/overview-mailbox-page'), 'OverviewMailboxPage'),
  newMailbox: page(() => import('../features/mail-admin/new-mailbox-page'), 'NewMailboxPage'),
  editMailbox: page(() => import('../features/mail-admin/edit-mailbox-page'), 'EditMailboxPage'),
  overviewProvider: page(() => import('../features/mail-admin/overview-provider-page'), 'OverviewProviderPage'),
  newProvider: page(() => import('../features/mail-admin/new-provider-page'), 'NewProviderPage'),
  editProvider: page(() => import('../features/mail-admin/edit-provider-page'), 'EditProviderPage'),
  mailLog: page(() => import('../features/mail-admin/mail-log-page'), 'MailLogPage'),
  messages: page(() => import('../features/mail-admin/messages-page'), 'MessagesPage'),
  accountSecurity: page(() => import('../features/account/account-security-page'), 'AccountSecurityPage'),
  changePassword: page(() => import('../features/account/change-password-page'), 'ChangePasswordPage'),
  profile: page(() => import('../features/account/profile-page'), 'ProfilePage'),
  audit: page(() => import('../features/audit-admin/audit-page'), 'AuditPage'),
  candidates: page(() => import('../features/candidates-admin/candidates-page'), 'CandidatesPage'),
  candidate: page(() => import('../features/candidates-admin/candidate-page'), 'CandidatePage'),
  candidateMails: page(() => import('../features/candidates-admin/candidate-mails-page'), 'CandidateMailsPage'),
  interviewCandidate: page(() => import('../features/personel/interview-candidate-page'), 'InterviewCandidatePage'),
};

/**
 * A back-office route's lazy part: its page and the handle that names the screen in the browser's
 * tab (lib/meta.ts keeps document.title in step; the server sends these pages' shell untitled).
 */
export async function backOfficeRoute(name: BackOfficeRouteName) {
  const { Component } = await backOfficePages[name]();
  const title = backOfficeTitle(name);
  return { Component, handle: { meta: () => ({ title }) } satisfies RouteHandle };
}
