import type { ToolbarLink } from '../../ui/admin/admin-toolbar';

/** The dashboard toolbar, plus Settings and Audit. */
export const adminNavigation: ToolbarLink[] = [
  { label: 'Posts', to: '/posts' },
  { label: 'Masthead', to: '/masthead' },
  { label: 'Intro', to: '/intro' },
  { label: 'Vacancies', to: '/overview-vacancies' },
  { label: 'Search Posts', to: '/search-by-name' },
  { label: 'Mailbox', to: '/overview-mailbox' },
  { label: 'User', to: '/overview-user' },
  { label: 'Settings', to: '/settings' },
  { label: 'Audit', to: '/audit' },
];
