import { z } from 'zod';
import { EMAIL_LOCAL_MAX, EMAIL_MAX, PASSWORD_MIN } from '../constants';
import { MSG } from '../messages/index';
import { missing, singleLineText } from './text';
import { pageOf } from './paging';

/** An e-mail address: one line without control characters (checked before trimming), then the address rules. */
export const emailField = (required: string, invalid: string) =>
  singleLineText(missing(required))
    .trim()
    .min(1, required)
    .max(EMAIL_MAX, invalid)
    .pipe(z.email(invalid))
    .refine((v) => v.split('@')[0]!.length <= EMAIL_LOCAL_MAX, invalid);

/** No control character in a password: none can be typed, and NUL would cut it short in C libraries and SMTP AUTH. */
export const password = singleLineText(missing(MSG.passwordRequired))
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(1024);

export const roleSchema = z.object({ id: z.number(), name: z.string() });
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({
  userId: z.number(),
  email: z.string(),
  roles: z.array(z.string()),
});
export type User = z.infer<typeof userSchema>;
/** GET /api/users/all?page=&pageSize=: one page of users, oldest account first. */
export const usersPage = pageOf(userSchema);
export type UsersPage = z.infer<typeof usersPage>;

/** Exactly one role ("exactly one role is chosen at creation"; an update that names roles, likewise). */
const oneRole = z
  .array(z.number().int().positive(), missing(MSG.roleRequired))
  .min(1, MSG.roleRequired)
  .max(1, MSG.roleOnlyOne);

/** API payload for creating a user. */
export const createUserRequest = z.object({
  email: emailField(MSG.emailRequired, MSG.emailInvalid),
  password,
  roleIds: oneRole,
});
export type CreateUserRequest = z.infer<typeof createUserRequest>;

/**
 * API payload for a password (and optionally role) change. Without `roleIds` the roles stay as they
 * are, so a user made with several by an earlier release can still get a new password; with them,
 * exactly one (zero left the account without a role, several are what creation refuses).
 */
export const updateUserRequest = z.object({
  email: singleLineText().optional(),
  password,
  roleIds: oneRole.optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

/** The create-user form: confirmation and a single role select. */
export const createUserForm = z
  .object({
    email: emailField(MSG.emailRequired, MSG.emailInvalid),
    password,
    confirmPassword: singleLineText().min(1, MSG.confirmRequired),
    roleId: singleLineText().min(1, MSG.roleRequired),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsMismatch, path: ['confirmPassword'] });
export type CreateUserForm = z.infer<typeof createUserForm>;

export const editUserForm = z
  .object({
    password,
    confirmPassword: singleLineText().min(1, MSG.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsMismatch, path: ['confirmPassword'] });
export type EditUserForm = z.infer<typeof editUserForm>;
