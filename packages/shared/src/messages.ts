import { MARKDOWN_BOUNDS } from './markdown-bounds';
import { CORE_MSG } from './messages-core';
import { PUBLIC_MSG } from './messages-public';

/** User-facing messages, verbatim from the original specification (listed per area in docs/behaviour/). */
export const MSG = {
  ...CORE_MSG,
  ...PUBLIC_MSG,
  notAuthorized: 'You are not authorized to access this page.',
  loggedOut: 'You have been logged out',
  ownPasswordChanged: 'Your password has been changed, please sign in again with the new one',
  usernameRequired: 'Username is required',
  passwordRequiredLogin: 'Password is required',
  tooManyLogins: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  sessionExpired: 'Your session has expired or is no longer valid. Please log in again.',
  csrf: 'Invalid or missing CSRF token. Reload the page and try again.',

  // Contact
  nameRequired: 'A name is required.',
  emailRequiredContact: 'An email is required.',
  emailInvalidContact: 'Email is not valid.',
  phoneInvalid: 'Phone number may contain only digits, spaces, +, - and parentheses, 7 to 20 characters.',
  messageRequired: 'A message is required.',
  pdfOnly: 'Only PDF files are allowed.',
  fileTooLarge: 'The file size exceeds the maximum allowed size of 2MB.',
  captchaFailed: 'The human verification failed or expired. Please solve it again.',
  // Beyond the spec (see docs/decisions): texts the spec leaves open.
  fullNameTooLong: 'The name can be at most 200 characters long.',
  messageTooLong: 'The message can be at most 5000 characters long.',
  lineBreaks: 'Line breaks are not allowed here.',
  vacancyUnknown: 'The vacancy you are applying for does not exist.',
  vacancyClosedForApplications: 'This position has been filled: the vacancy no longer takes applications.',

  // Posts
  postDeleted: 'Post deleted successfully!',
  postDeleteFailed: 'Error deleting post. Please try again.',
  postCreated: 'Post created successfully!',
  postCreateFailed: 'Error creating post. Please try again.',
  postFillRequired: 'Please fill all required fields',
  postEditInvalidId: 'Invalid post ID',
  postFetchFailed: 'Error fetching post.',
  postUpdated: 'Post updated successfully',
  postUpdateFailed: 'Error updating post. Please try again.',
  searchEmpty: 'Please enter a keyword to search.',
  searchFailed: 'Something went wrong. Please try again.',
  nothingHere: 'Nothing to see here.',
  postNotFound: 'Post not found.',
  postNameRequired: 'Title is required.',
  postNameTooLong: 'The title can be at most 200 characters long.',
  postContentRequired: 'Content is required.',
  postContentMin: 'Content must be at least 10 characters long.',
  postContentTooLong: 'The content can be at most 20000 characters long.',
  postContentTooDeep: `Quotes and lists can be nested at most ${MARKDOWN_BOUNDS.nesting} levels deep.`,
  postContentTooManyMarks: `A paragraph can hold at most ${MARKDOWN_BOUNDS.marksPerBlock} emphasis marks (*, _ and ~).`,
  postedByRequired: 'Posted By is required.',
  postedByTooLong: 'Posted By can be at most 200 characters long.',
  tagEmpty: 'A tag cannot be empty.',
  tagTooLong: 'A tag can be at most 40 characters long.',
  tagsTooMany: 'A post can have at most 20 tags.',
  tagsDuplicate: 'Each tag can be added only once.',
  imageNotAnImage: 'The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).',
  imageTooLarge: 'An image can be at most 10 MB.',
  imageTooManyPixels: 'The image has too many pixels (at most 40 megapixels).',
  imageTooWide: 'The image can be at most 16384 pixels wide and 16384 pixels high.',
  imagesTooMany: 'At most 10 images can be uploaded at once.',
  imageUnknown: 'An image to keep does not belong to this post.',
  postStatusInvalid: 'The status must be draft or published.',
  postPublishAtInvalid: 'The publication time must be a date and time.',
  postSlugInvalid: 'The slug may hold only lower-case letters, digits and single hyphens (at most 80).',
  imageAltTooLong: 'Alt text can be at most 200 characters long.',
  imageCaptionTooLong: 'A caption can be at most 200 characters long.',
  imageNotChosenType: 'Only image files can be chosen (JPEG, PNG, WebP, GIF or AVIF).',
  postPageInvalid: 'The page must be a whole number from 1.',
  likeIdsInvalid: 'The ids must be 1 to 50 post ids separated by commas.',
  postPageSizeInvalid: 'The page size must be a whole number from 1 to 100.',
  postPreviewEmpty: 'Nothing to preview yet.',
  postStale:
    'This post was changed by someone else since you opened it. Reload the post to see the latest version, then apply your changes again.',

  // Vacancies
  vacancyDeleted: 'Vacancy deleted successfully!',
  vacancyDeleteFailed: 'Error deleting vacancy',
  vacancyViewFailed: 'Something went wrong while fetching the vacancy.',
  invalidVacancyIdView: 'Invalid Vacancy ID.',
  vacancyIdMissing: 'Vacancy ID not found in route.',
  invalidVacancyId: 'Invalid Vacancy ID',
  vacancyUpdated: 'Vacancy updated successfully',
  fillRequired: 'Please fill in all required fields',
  titleRequired: 'Title is required.',
  expectationRequired: 'Expectations are required.',
  functionRequired: 'Function is required.',
  descriptionRequired: 'Description is required.',
  offerRequired: 'Offer is required.',
  noToken: 'No token available',
  unknownError: 'An unknown error occurred!',
  vacancyStale:
    'This vacancy was changed by someone else since you opened it. Reload the page to see the latest version, then apply your changes again.',
  mastheadUpdated: 'masthead updated',
  vacancyNotFound: 'Vacancy not found.',
  vacancyIdMismatch: 'The id in the body does not match the vacancy being updated.',
  vacancyTagsTooMany: 'A vacancy can have at most 20 tags.',
  vacancyStatusInvalid: 'The status must be open or closed.',
  vacancyClosingDateInvalid: 'The closing date must be a date (YYYY-MM-DD).',
  vacancyEmploymentTypeInvalid: 'Choose an employment type from the list.',
  vacancyLocationRequired: 'Location is required.',
  vacancySlugInvalid: 'The slug may hold only lower-case letters, digits and single hyphens (at most 80).',
  vacancyHomeTileInvalid: 'Choose a home page tile from the list, or none.',

  // Page texts and site settings
  introUpdated: 'intro updated',
  settingsUpdated: 'Settings saved.',
  settingsNotFound: 'Site settings not found.',
  companyNameRequired: 'Company name is required.',
  addressRequired: 'Address is required.',
  phoneRequired: 'Phone number is required.',
  urlInvalid: 'Enter a full web address starting with https:// or http://.',
  foundedOnRequired: 'Founding date is required.',
  legalNameRequired: 'Legal name is required.',
  registrationNumberRequired: 'Registration number is required.',
  recipientsInvalid: 'Enter e-mail addresses separated by commas.',
  recipientsTooMany: 'At most 10 recipients can be set.',
  entitiesCount: 'Exactly two legal entities are required.',

  // Users
  usersLoadFailed: 'Error loading users',
  userDeleted: 'User deleted successfully',
  userDeleteFailed: 'Error deleting user',
  userCreated: 'User created successfully!',
  userCreateFailed: 'User creation failed',
  rolesFailed: 'Error fetching roles',
  userNotFound: 'User not found',
  userLoadFailed: 'Error loading user data',
  userUpdated: 'User updated successfully!',
  userUpdateFailed: 'Failed to update user',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  passwordMin: 'Password must be at least 6 characters.',
  confirmRequired: 'Confirm password is required.',
  roleRequired: 'Role is required.',
  /** Not in the spec: its create screen has one role select, and the API says so when sent more. */
  roleOnlyOne: 'Choose one role.',
  passwordsMismatch: 'Passwords do not match!',
  emailTaken: 'A user with this email address already exists.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotRemoveLastAdmin: 'The last administrator cannot be deleted or demoted.',
  noRoles: 'No roles assigned',

  // Mailboxes and providers
  providersCheckFailed: 'Error checking providers',
  mailboxesFetchFailed: 'Error fetching mailboxes',
  mailboxDeleteFailed: 'Error deleting mailbox. Please try again.',
  mailboxCreated: 'Mailbox created successfully!',
  mailboxCreateFailed: 'Error creating mailbox!',
  mailboxUpdated: 'Mailbox updated successfully!',
  mailboxUpdateFailed: 'Error updating mailbox!',
  providersFetchFailedForm: 'Error fetching providers!',
  mailboxLoadFailed: 'Error loading mailbox data!',
  mailboxFormInvalid: 'Form is invalid, please correct the errors',
  noMailboxes:
    'No mailboxes available. Please create a mailbox and check if you have a provider already. If not, create a provider first.',
  providerCreated: 'Provider created successfully!',
  providerExists: 'Provider already exists!',
  providerExistsCheckFailed: 'Error checking provider existence.',
  providerNoId: 'An unexpected error occurred. Please try again later.',
  providerDeleted: 'Provider deleted successfully!',
  providerDeleteFailed: 'Error deleting provider. Please try again.',
  providersFetchFailed: 'Error fetching providers',
  providerUpdated: 'Provider updated successfully!',
  providerUpdateFailed: 'Error updating provider.',
  providerLoadFailed: 'Error loading provider details.',
  invalidProviderId: 'Invalid provider ID.',
  noProviders: 'No providers available. Please create a provider first.',
  providerFillRequired: 'Please fill out all required fields before submitting.',
  providerNameRequired: 'Provider name is required',
  hostRequired: 'Host is required',
  portRequired: 'Port is required',
  protocolRequired: 'Protocol is required',
  connectionTimeoutRequired: 'Connection timeout is required',
  readTimeoutRequired: 'Read timeout is required',
  writeTimeoutRequired: 'Write timeout is required',
  mailLogsFetchFailed: 'Failed to fetch mail logs',
  mailLogDeleted: 'Mail log deleted successfully',
  mailLogDeleteFailed: 'Failed to delete log',
  mailLogConfirm: 'Are you sure you want to delete this log?',
  noRecords: 'No records available',
  // Beyond the spec (see docs/decisions): mailbox and provider rules the spec leaves open.
  providerRequired: 'Provider is required',
  mailboxTypeRequired: 'Mailbox type is required',
  portInvalid: 'Port must be a number from 0 to 65535.',
  timeoutInvalid: 'Timeouts must be whole milliseconds from 1 to 600000.',
  providerInUse: 'This provider is used by a mailbox. Delete or change that mailbox first.',
  providerNotFound: 'Provider not found.',
  mailboxNotFound: 'Mailbox not found.',
  mailboxDeleted: 'Mailbox deleted successfully!',
  mailLogNotFound: 'Mail log not found.',
  messageNotFound: 'Message not found.',
  messageResent: 'The message will be sent again.',
  messageNotFailed: 'Only a message that failed can be sent again.',
  messageNotWaiting: 'Only a waiting message can be sent now.',
  messageSendingNow: 'The message is being sent now.',
  messagesWaiting: (n: number) =>
    n === 1 ? '1 message is waiting: no working mailbox' : `${n} messages are waiting: no working mailbox`,
  testMailSent: 'Test mail sent.',
  noActiveMailbox: 'No active mailbox: create or activate a mailbox to deliver messages.',
  noRecipients: 'No recipient: set contact recipients in the site settings or a username on the active mailbox.',

  // Text fields (schemas/text.ts): NUL and the other control characters are refused everywhere.
  controlCharacters: 'Control characters are not allowed.',
  multipartInvalid: 'The request is not valid multipart/form-data.',
  requestIncomplete: 'The request ended before its body was complete.',
  loneSurrogate: 'The text holds a broken character (half of an emoji or symbol). Please type it again.',

  // 503 with Retry-After when the database cannot serve (gone, hanging, full).
  serviceUnavailable: 'The site cannot reach its data at the moment. Please try again in a few minutes.',
  // 503 with Retry-After when too many password checks wait (modules/auth/passwords.ts).
  passwordChecksBusy: 'Too many people are signing in at this moment. Please try again in a few seconds.',

  // Accountability and privacy (docs/behaviour/audit-and-privacy.md).
  // Sign-in past an account's failure ceiling (docs/decisions/0015-login-limits.md).
  loginCaptchaRequired:
    'There have been too many failed sign-ins for this account. Please solve the captcha and sign in again.',
} as const;

/**
 * The question before a delete (ui/admin/confirm-dialog.tsx): names the item, says it is for good.
 * Not in the original specification.
 */
export const confirmDelete = (kind: string, name: string) => ({
  title: `Delete ${kind}?`,
  text: `"${name}" will be deleted for good. This cannot be undone.`,
  confirmLabel: 'Delete',
});

/** An image refused at upload, named so the editor knows which one (browser and server). */
export const imageRefused = (fileName: string, reason: string): string => `${fileName}: ${reason}`;

/** A careers tile is tied to one vacancy at a time: the editor learns which one holds it. */
export const vacancyHomeTileTaken = (tile: string, holder: string): string =>
  `The ${tile} tile opens the vacancy "${holder}" already: set its home page tile to None first.`;

export const vacancyServiceError = (status: number, message: string): string =>
  status === 0 ? `Error: ${message}` : `Server returned code: ${status}, message: ${message}`;

/** For the limits the spec leaves open: '{label} can be at most {max} characters long.' */
export const tooLong = (label: string, max: number): string => `${label} can be at most ${max} characters long.`;
