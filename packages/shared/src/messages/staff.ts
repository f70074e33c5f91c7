import type { Catalogue } from './catalogue';

/**
 * Messages only staff screens and the server need (two-factor sign-in, sessions, the audit trail,
 * erasure, settings): apart from MSG so that they stay out of the public pages' first-load
 * JavaScript, where every MSG text is shipped.
 */
export const STAFF_MSG = {
  // The sign-in page's refusal (its own bundle's file, so the page loads no other catalogue file).
  loginFailed: 'You are not authorized to login. Are you sure you have the correct credentials?',
  /** The login page's way to a reset link (the rest of those texts: account-links.ts). */
  forgotPasswordLink: 'Forgot your password?',
  // Two-factor sign-in, sessions and the forced password change (docs/behaviour/users-and-roles.md).
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app or a recovery code.',
  twoFactorCodeInvalid: 'The code is not valid. Please try again.',
  twoFactorChallengeExpired: 'The sign-in has expired. Please sign in again.',
  twoFactorAlreadyEnabled: 'Two-factor sign-in is already on.',
  twoFactorNotSetUp: 'Start the two-factor set-up first.',
  twoFactorNotEnabled: 'Two-factor sign-in is not on.',
  twoFactorSetupRequired: 'Administrators must use two-factor sign-in: set it up before going on.',
  twoFactorRequiredForAdmins: 'Two-factor sign-in is required for administrators and cannot be turned off.',
  twoFactorEnabled: 'Two-factor sign-in is on.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  twoFactorReset: 'Two-factor sign-in has been reset for this user.',
  passwordChangeRequired: 'Please choose a new password before going on.',
  currentPasswordRequired: 'Current password is required.',
  currentPasswordWrong: 'The current password is not correct.',
  newPasswordSame: 'The new password must differ from the current one.',
  passwordChanged: 'Your password has been changed.',
  signedOutEverywhere: 'Every session of this user has been signed out.',
  ownSignedOutEverywhere: 'You have been signed out everywhere, please sign in again',

  // Accountability and privacy (docs/behaviour/audit-and-privacy.md).
  messageErased: 'The message and its attachment have been erased.',
  messagesErased: (n: number) => (n === 1 ? '1 message has been erased.' : `${n} messages have been erased.`),
  confirmEraseMessage: 'Erase this message and its attachment? This cannot be undone.',
  confirmEraseMessages: (email: string) =>
    `Erase every message from ${email} and its mail-log rows? This cannot be undone.`,
  retentionDaysInvalid: 'The retention period must be a whole number of days from 1 to 3650.',
  privacyTextRequired: 'The privacy text is required.',
  auditDateInvalid: 'The date must be written as YYYY-MM-DD.',
  dashboardLoadFailed: 'The overview could not be loaded. Please reload the page.',
  confirmationTextRequired: 'The confirmation text is required.',
} as const satisfies Catalogue;
