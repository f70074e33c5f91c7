import { BACK_OFFICE_MSG as M } from '@app/shared/messages/back-office';
import type { RouteAccess, RouteNameFor } from '@app/shared/routes';

/** Every route that is not public: a staff screen, whichever role it needs. */
type StaffRouteName = RouteNameFor<Exclude<RouteAccess, 'public'>>;

/**
 * What each staff screen is called in the browser's tab ("Posts · Redwall back office"), one entry
 * per back-office route of the shared table: a route added there fails the type check until it has
 * its name here. The spec's second path to a list (view-all) names the same screen as the list.
 * Public pages keep the spec's application title (their route handles).
 */
const SCREEN_NAMES: Record<StaffRouteName, string> = {
  personel: M.screenPersonnel,
  interviews: M.screenInterviews,
  timesheets: M.screenTimesheets,
  admin: M.screenDashboard,
  overviewUsers: M.screenUsers,
  createUser: M.screenNewUser,
  inviteUser: M.screenInviteUser,
  editUser: M.screenEditUser,
  adminPosts: M.screenPosts,
  createPost: M.screenNewPost,
  viewPost: M.screenViewPost,
  editPost: M.screenEditPost,
  translatePost: M.screenTranslatePost,
  previewPost: M.screenPreviewPost,
  searchPosts: M.screenSearchPosts,
  viewAllPosts: M.screenPosts,
  masthead: M.screenMasthead,
  intro: M.screenIntro,
  overviewVacancies: M.screenVacancies,
  viewAllVacancies: M.screenVacancies,
  viewVacancy: M.screenViewVacancy,
  createVacancy: M.screenNewVacancy,
  editVacancy: M.screenEditVacancy,
  translateVacancy: M.screenTranslateVacancy,
  translateTexts: M.screenTranslateTexts,
  settings: M.screenSettings,
  overviewMailbox: M.screenMailboxes,
  newMailbox: M.screenNewMailbox,
  editMailbox: M.screenEditMailbox,
  overviewProvider: M.screenProviders,
  newProvider: M.screenNewProvider,
  editProvider: M.screenEditProvider,
  mailLog: M.screenMailLog,
  messages: M.screenMessages,
  accountSecurity: M.screenAccountSecurity,
  changePassword: M.screenChangePassword,
  profile: M.screenProfile,
  audit: M.screenAudit,
  candidates: M.screenCandidates,
  candidate: M.screenCandidate,
  candidateMails: M.screenCandidateMails,
  interviewCandidate: M.screenInterviewCandidate,
};

export const backOfficeTitle = (name: StaffRouteName): string => M.backOfficeTitle(SCREEN_NAMES[name]);
