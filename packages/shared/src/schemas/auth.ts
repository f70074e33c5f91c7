import { z } from 'zod';
import { MSG } from '../messages/index';
import { STAFF_MSG } from '../messages/staff';
import { singleLineText } from './text';
import { errorBody } from './common';
import { PASSWORD_MIN } from '../constants';

/** Sign-in: both on one line, as every password that can be set is (see users.ts). */
export const loginRequest = z.object({
  username: singleLineText().trim().min(1, MSG.usernameRequired).max(254),
  password: singleLineText().min(1, MSG.passwordRequiredLogin).max(1024),
  /** The ALTCHA widget's payload; needed once the answer to an attempt said `captchaRequired`. */
  captcha: singleLineText().max(4096).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionUser = z.object({
  userId: z.number(),
  username: z.string(),
  token: z.string(),
  roles: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  user: sessionUser,
  redirect: z.string().optional(),
  /** A generated password (first start, `npm run admin`): nothing else works until it is changed. */
  passwordChangeRequired: z.literal(true).optional(),
  /** An administrator without two-factor while REQUIRE_2FA=true: nothing else works until it is set up. */
  twoFactorSetupRequired: z.literal(true).optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * A refused sign-in (401, 429). `captchaRequired`: the account has had too many failed sign-ins;
 * the next attempt must carry a newly solved captcha (docs/decisions/0015-login-limits.md).
 */
export const loginErrorBody = errorBody.extend({ captchaRequired: z.literal(true).optional() });
export type LoginErrorBody = z.infer<typeof loginErrorBody>;

/** The password was right and the account has two-factor: `POST /api/login/2fa` with a code finishes the sign-in. */
export const loginChallengeResponse = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type LoginChallengeResponse = z.infer<typeof loginChallengeResponse>;

/** A TOTP code (6 digits) or a recovery code; spaces and dashes are ignored. */
export const twoFactorCode = singleLineText()
  .trim()
  .min(1, STAFF_MSG.twoFactorCodeRequired)
  .max(64, STAFF_MSG.twoFactorCodeInvalid);

export const loginTwoFactorRequest = z.object({
  challenge: singleLineText().min(1, STAFF_MSG.twoFactorChallengeExpired).max(200, STAFF_MSG.twoFactorChallengeExpired),
  code: twoFactorCode,
});
export type LoginTwoFactorRequest = z.infer<typeof loginTwoFactorRequest>;

export const twoFactorCodeRequest = z.object({ code: twoFactorCode });
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequest>;

export const twoFactorSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;

export const twoFactorEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponse>;

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** REQUIRE_2FA=true and the caller is an administrator: it cannot be turned off. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** Changing one's own password (also the forced change after a generated one). */
export const changePasswordRequest = z
  .object({
    currentPassword: singleLineText().min(1, STAFF_MSG.currentPasswordRequired).max(1024),
    newPassword: singleLineText().min(1, MSG.passwordRequired).min(PASSWORD_MIN, MSG.passwordMin).max(1024),
  })
  .refine((v) => v.currentPassword !== v.newPassword, { message: STAFF_MSG.newPasswordSame, path: ['newPassword'] });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const changePasswordForm = z
  .object({
    currentPassword: singleLineText().min(1, STAFF_MSG.currentPasswordRequired).max(1024),
    newPassword: singleLineText().min(1, MSG.passwordRequired).min(PASSWORD_MIN, MSG.passwordMin).max(1024),
    confirmPassword: singleLineText().min(1, MSG.confirmRequired),
  })
  .refine((v) => v.currentPassword !== v.newPassword, { message: STAFF_MSG.newPasswordSame, path: ['newPassword'] })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MSG.passwordsMismatch, path: ['confirmPassword'] });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

export const authorizedResponse = z.object({
  authorized: z.boolean(),
  userId: z.number().optional(),
  username: z.string().optional(),
  roles: z.array(z.string()),
});
