import type { Catalogue } from './catalogue';

/** Signing in and out, sessions, rate limits and the CSRF check (docs/behaviour/users-and-roles.md). */
export const SESSION_MSG = {
  notAuthorized: 'You are not authorized to access this page.',
  loggedOut: 'You have been logged out',
  ownPasswordChanged: 'Your password has been changed, please sign in again with the new one',
  usernameRequired: 'Username is required',
  passwordRequiredLogin: 'Password is required',
  tooManyLogins: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  sessionExpired: 'Your session has expired or is no longer valid. Please log in again.',
  csrf: 'Invalid or missing CSRF token. Reload the page and try again.',
  // 503 with Retry-After when too many password checks wait (modules/auth/passwords.ts).
  passwordChecksBusy: 'Too many people are signing in at this moment. Please try again in a few seconds.',
  // Sign-in past an account's failure ceiling (docs/decisions/0015-login-limits.md).
  loginCaptchaRequired:
    'There have been too many failed sign-ins for this account. Please solve the captcha and sign in again.',
} as const satisfies Catalogue;
