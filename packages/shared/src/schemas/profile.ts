import { z } from 'zod';
import { LIMITS } from '../constants';
import { ROLES_MSG } from '../messages/roles';
import { singleLineText } from './text';

/**
 * The profile form (PUT /api/account/profile): the staff member's display name, the default
 * "Posted By" of a new post. Empty clears it (the form then starts empty, as before).
 */
export const profileForm = z.object({
  displayName: singleLineText().trim().max(LIMITS.shortText, ROLES_MSG.displayNameTooLong),
});
export type ProfileForm = z.input<typeof profileForm>;

/** GET /api/account/profile: who is signed in, as the profile page shows it. */
export const profileSchema = z.object({
  email: z.string(),
  /** Empty when none is set. */
  displayName: z.string(),
  roles: z.array(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;
