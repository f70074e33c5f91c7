import type { Catalogue } from './catalogue';

/**
 * Texts of the back-office screens that the sign-in page does not need: apart from STAFF_MSG,
 * which the public sign-in page loads, so that they stay out of its first-load JavaScript.
 */
export const BACK_OFFICE_MSG = {
  // The question before a delete (ui/admin/confirm-dialog.tsx): names the item, says it is for good.
  // Not in the original specification. `kind` is the item's kind as the page names it ('post').
  confirmDeleteTitle: (kind: string) => `Delete ${kind}?`,
  confirmDeleteText: (name: string) => `"${name}" will be deleted for good. This cannot be undone.`,
  confirmDeleteLabel: 'Delete',

  // The vacancy screens (apps/web/src/features/vacancies-admin/messages.ts).
  vacancyCreated: (title: string) => `Your Vacature has been submitted: ${title}`,
  vacancyCreateFailed: (reason: string) => `The form did not send the data correctly: ${reason}`,
  vacancyLoadFailed: (reason: string) => `Error fetching the vacancy data: ${reason}`,
  vacancyUpdateFailed: (reason: string) => `Error updating the vacancy: ${reason}`,
  vacancyReopened: 'The vacancy is open again.',
  vacancyStatusOpen: 'Status: Open',
  vacancyStatusOpenUntil: (day: string) => `Status: Open until ${day}`,
  vacancyStatusClosed: 'Status: Closed',
  vacancyStatusExpired: (day: string) => `Status: Closed (closing date ${day} passed)`,
  // The translation editor beside the source (ui/admin/side-by-side.tsx; decision 0155).
  translationSaved: (languageName: string) => `The ${languageName} version has been saved.`,
  translationSaveFailed: (reason: string) => `The translation was not saved: ${reason}`,
  translationLoadFailed: 'The translations could not be loaded. Please try again later.',
  translationOutdated: 'The source changed after this translation was saved: check it against the source.',
  translationMissing: 'Not translated yet: the readers of this language see the source.',
  // The provider create failure (apps/web/src/features/mail-admin/messages.ts).
  providerCreateFailedWith: (reason: string) => `An error occurred: ${reason}. Please try again.`,
  // What the back-office lists and the dashboard say when there is nothing to show, or it failed.
  noDeliveryYet: 'No delivery has been tried yet.',
  noMessagesReceivedYet: 'No messages received yet.',
  noUsersYet: 'No users yet.',
  noVacanciesAvailable: 'No vacancies available at the moment.',
  noPostsYet: 'No posts yet.',
  noPostsWithStatus: (status: string) => `No ${status} posts.`,
  messagesFetchFailed: 'Error fetching messages',
  // The post editor's preview (posts-admin/components/post-form-fields.tsx).
  postPreviewFailed: 'The preview could not be rendered.',
  // The mail log with no rows: what the empty table means (features/mail-admin/mail-log-page.tsx).
  mailLogEmptyHint: 'Every mail the site delivers through a mailbox is listed here.',
  // A table wider than the screen (ui/admin/scroll-region.tsx).
  tableScrollsSideways: 'Scroll the table sideways to see every column.',

  // The browser tab of a staff screen (app/admin-titles.ts): the screen, then whose back office it is.
  backOfficeTitle: (screen: string) => `${screen} · Redwall back office`,
  screenDashboard: 'Dashboard',
  screenPersonnel: 'Personnel',
  screenInterviews: 'Interviews',
  screenTimesheets: 'Timesheets',
  screenUsers: 'Users',
  screenNewUser: 'New user',
  screenInviteUser: 'Invite user',
  screenEditUser: 'Edit user',
  screenPosts: 'Posts',
  screenNewPost: 'New post',
  screenViewPost: 'Post',
  screenEditPost: 'Edit post',
  screenTranslatePost: 'Translate post',
  screenPreviewPost: 'Post preview',
  // Once the post has loaded, its preview's tab names it.
  screenPreviewOf: (title: string) => `Preview: ${title}`,
  screenSearchPosts: 'Search posts',
  screenMasthead: 'Masthead',
  screenIntro: 'Intro',
  screenVacancies: 'Vacancies',
  screenViewVacancy: 'Vacancy',
  screenNewVacancy: 'New vacancy',
  screenEditVacancy: 'Edit vacancy',
  screenTranslateVacancy: 'Translate vacancy',
  screenTranslateTexts: 'Translate page texts',
  screenSettings: 'Settings',
  screenMailboxes: 'Mailboxes',
  screenNewMailbox: 'New mailbox',
  screenEditMailbox: 'Edit mailbox',
  screenProviders: 'Mail providers',
  screenNewProvider: 'New mail provider',
  screenEditProvider: 'Edit mail provider',
  screenMailLog: 'Mail log',
  screenMessages: 'Messages',
  screenAccountSecurity: 'Account security',
  screenChangePassword: 'Change password',
  screenProfile: 'Profile',
  screenAudit: 'Audit trail',
  screenCandidates: 'Candidates',
  screenCandidate: 'Candidate',
  screenCandidateMails: 'Candidate mails',
  screenInterviewCandidate: 'Interview candidate',
} as const satisfies Catalogue;
