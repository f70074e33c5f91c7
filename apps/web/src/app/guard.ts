import { ROLE_USER } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { readSession } from './session';

export type GuardOutcome =
  | { allow: true }
  | { allow: false; to: string; notice?: string; error?: string };

/**
 * SPEC section 6: missing or unparsable session → error logged, go to /login; a required role the
 * user lacks → the 'not authorized' alert, then ROLE_USER holders go to /personel and everyone
 * else to / (docs/decisions/0003-guard-redirects.md explains this reading).
 */
export function checkAccess(requiredRole: string | undefined, returnUrl: string): GuardOutcome {
  const session = readSession();
  if (!session.ok) return { allow: false, to: `/login?returnUrl=${encodeURIComponent(returnUrl)}`, error: session.reason };
  if (requiredRole && !session.user.roles.includes(requiredRole)) {
    return { allow: false, to: session.user.roles.includes(ROLE_USER) ? '/personel' : '/', notice: MSG.notAuthorized };
  }
  return { allow: true };
}
