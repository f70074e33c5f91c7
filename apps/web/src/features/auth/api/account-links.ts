import type {
  AcceptInvitationRequest,
  AccountLinkDone,
  PasswordResetAvailability,
  PasswordResetConfirm,
  PasswordResetRequest,
} from '@app/shared/schemas/account-links';
import { API } from '@app/shared/api-paths';
import { apiFetch } from '../../../lib/api-client';

/** GET /api/password-reset/available: whether a reset link can be mailed now. */
export const resetAvailable = () => apiFetch<PasswordResetAvailability>(API.passwordResetAvailable);

/** POST /api/password-reset/request: the same answer for every address. */
export const requestReset = (body: PasswordResetRequest) =>
  apiFetch<{ message: string }>(API.passwordResetRequest, { method: 'POST', body });

/** POST /api/password-reset: a new password with the reset link's token. */
export const resetPassword = (body: PasswordResetConfirm) =>
  apiFetch<AccountLinkDone>(API.passwordReset, { method: 'POST', body });

/** POST /api/invitations/accept: the invited person's password; the account is made. */
export const acceptInvitation = (body: AcceptInvitationRequest) =>
  apiFetch<AccountLinkDone>(API.invitationAccept, { method: 'POST', body });
