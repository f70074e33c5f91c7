import { z } from 'zod';
import { MSG } from '../messages/index';
import { ACCOUNT_LINKS_MSG } from '../messages/account-links';
import { missing, singleLineText } from './text';
import { emailField, password } from './users';

/**
 * Invitations and forgotten passwords (docs/behaviour/users-and-roles.md): one schema per form and
 * payload, used by the pages and the routes alike.
 */

/** The token of a link from a mail (base64url of 32 random bytes); anything else is refused as incomplete. */
const token = singleLineText()
  .trim()
  .min(1, ACCOUNT_LINKS_MSG.linkIncomplete)
  .max(200, ACCOUNT_LINKS_MSG.linkIncomplete);

/** A new password, typed twice, as on the create-user and edit-user forms. */
const newPassword = {
  password,
  confirmPassword: singleLineText().min(1, MSG.confirmRequired),
};
const matching = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const mismatch = { message: MSG.passwordsMismatch, path: ['confirmPassword'] };

/** POST /api/invitations: who is invited, with which one role (an id of GET /api/roles). */
export const inviteRequest = z.object({
  email: emailField(MSG.emailRequired, MSG.emailInvalid),
  roleId: z.number(missing(MSG.roleRequired)).int().positive(MSG.roleRequired),
});
export type InviteRequest = z.infer<typeof inviteRequest>;

/** The invite form: the role select holds the id as text. */
export const inviteForm = z.object({
  email: emailField(MSG.emailRequired, MSG.emailInvalid),
  roleId: singleLineText().min(1, MSG.roleRequired),
});
export type InviteForm = z.infer<typeof inviteForm>;

/** A pending invitation as the user list shows it: never its token. `expired`: its link no longer works. */
export const invitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
  invitedBy: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** POST /api/invitations/accept, and the page that opens the invitation's link. */
export const acceptInvitationRequest = z.object({ token, ...newPassword }).refine(matching, mismatch);
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequest>;

/** POST /api/password-reset/request, and the forgotten-password page. */
export const passwordResetRequest = z.object({ email: emailField(MSG.emailRequired, MSG.emailInvalid) });
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** POST /api/password-reset, and the page that opens the reset link. */
export const passwordResetConfirm = z.object({ token, ...newPassword }).refine(matching, mismatch);
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirm>;

/** GET /api/password-reset/available: whether a link can be mailed at all (a working mailbox). */
export const passwordResetAvailability = z.object({ available: z.boolean() });
export type PasswordResetAvailability = z.infer<typeof passwordResetAvailability>;

/** What accepting an invitation or resetting a password answers: the address to sign in with. */
export const accountLinkDone = z.object({ message: z.string(), email: z.string() });
export type AccountLinkDone = z.infer<typeof accountLinkDone>;
