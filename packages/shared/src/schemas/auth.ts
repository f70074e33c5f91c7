import { z } from 'zod';
import { MSG } from '../messages';
import { singleLineText } from './text';
import { errorBody } from './common';

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
});
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * A refused sign-in (401, 429). `captchaRequired`: the account has had too many failed sign-ins;
 * the next attempt must carry a newly solved captcha (docs/decisions/0015-login-limits.md).
 */
export const loginErrorBody = errorBody.extend({ captchaRequired: z.literal(true).optional() });
export type LoginErrorBody = z.infer<typeof loginErrorBody>;

export const authorizedResponse = z.object({
  authorized: z.boolean(),
  userId: z.number().optional(),
  username: z.string().optional(),
  roles: z.array(z.string()),
});
