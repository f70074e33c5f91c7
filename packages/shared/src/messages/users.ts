import type { Catalogue } from './catalogue';

/** User management (docs/behaviour/users-and-roles.md). */
export const USERS_MSG = {
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
} as const satisfies Catalogue;
