import { ROUTES } from '@app/shared/routes';
import type { ToolbarLink } from '../../ui/admin/admin-toolbar';

/** The dashboard toolbar, plus Settings and Audit. */
export const adminNavigation: ToolbarLink[] = [
  { label: 'Posts', to: ROUTES.adminPosts.path },
  { label: 'Masthead', to: ROUTES.masthead.path },
  { label: 'Intro', to: ROUTES.intro.path },
  { label: 'Vacancies', to: ROUTES.overviewVacancies.path },
  { label: 'Candidates', to: ROUTES.candidates.path },
  { label: 'Search Posts', to: ROUTES.searchPosts.path },
  { label: 'Mailbox', to: ROUTES.overviewMailbox.path },
  { label: 'User', to: ROUTES.overviewUsers.path },
  { label: 'Settings', to: ROUTES.settings.path },
  { label: 'Audit', to: ROUTES.audit.path },
  // Every staff role holds 'interviews': one's own interviews and feedback (decision 0160).
  { label: 'My interviews', to: ROUTES.interviews.path },
];
