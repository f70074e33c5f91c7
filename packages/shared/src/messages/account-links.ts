import type { Catalogue } from './catalogue';

/**
 * Invitations and forgotten passwords (docs/behaviour/users-and-roles.md): the texts of the public
 * pages that open a link from a mail, and of the administrator's invitations. Not in MSG: the
 * public pages that need them load them with their own chunk.
 */
export const ACCOUNT_LINKS_MSG = {
  // The page that asks for the address (the login page's link to it is STAFF_MSG.forgotPasswordLink).
  forgotPasswordTitle: 'Forgot your password',
  forgotPasswordHint: 'Enter the e-mail address of your account: we will send you a link to choose a new password.',
  resetRequested:
    'If an account has this e-mail address, a link to choose a new password is on its way. It works once, for one hour.',
  resetUnavailable:
    'Password reset by e-mail is not available right now: ask an administrator to set a new password for you.',
  tooManyResetRequests: 'Too many reset requests. Please try again later.',
  backToLogin: 'Back to the login page',

  // The pages a link opens.
  resetPasswordTitle: 'Choose a new password',
  acceptInvitationTitle: 'Choose your password',
  linkIncomplete: 'This link is incomplete: open the link from your e-mail again.',
  invitationUsed: 'This invitation has already been accepted. Sign in with your e-mail address and your password.',
  invitationExpired: 'This invitation has expired. Ask an administrator to send you a new one.',
  invitationInvalid: 'This invitation link is not valid: it may have been withdrawn or replaced by a newer one.',
  resetUsed: 'This reset link has already been used. Ask for a new one if you still need it.',
  resetExpired: 'This reset link has expired. Ask for a new one.',
  resetInvalid: 'This reset link is not valid: a newer one may have replaced it.',
  invitationAccepted: 'Your account is ready. Sign in with your e-mail address and your new password.',
  passwordResetDone: 'Your password has been changed and every session was signed out. Sign in with your new password.',

  // The administrator's invitations (the user list and the invite form).
  inviteTitle: 'Invite a user',
  inviteHint: 'The person receives a link by e-mail to choose their own password. The link works once, for 7 days.',
  invitationSent: (email: string) => `Invitation sent to ${email}.`,
  invitationResent: 'A new invitation link was sent; the previous link no longer works.',
  invitationWithdrawn: 'Invitation withdrawn.',
  invitationPending: 'An invitation to this address is pending: resend or withdraw it.',
  invitationNotFound: 'Invitation not found.',
  invitationFailed: 'The invitation could not be sent.',
  invitationWaitsForMailbox:
    'There is no working mailbox: invitations wait in the outbox until one works (see Messages and Mailboxes).',
  invitationsLoadFailed: 'Error loading invitations',
  invitedState: (until: string) => `Invited, until ${until}`,
  invitationExpiredState: 'Invitation expired',
  confirmWithdrawInvitation: (email: string) => `Withdraw the invitation to ${email}? Its link will stop working.`,
} as const satisfies Catalogue;
