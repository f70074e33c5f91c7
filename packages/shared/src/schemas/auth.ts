import { z } from 'zod';
import { MSG } from '../messages';

export const loginRequest = z.object({
  username: z.string().trim().min(1, MSG.usernameRequired).max(254),
  password: z.string().min(1, MSG.passwordRequiredLogin).max(1024),
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

export const authorizedResponse = z.object({
  authorized: z.boolean(),
  userId: z.number().optional(),
  username: z.string().optional(),
  roles: z.array(z.string()),
});
