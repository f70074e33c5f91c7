import { ROUTES } from '@app/shared/routes';
import { ROLE_USER } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { readSession } from './session';
import { loginUrlFor } from './api-client';

export type GuardOutcome = { allow: true } | { allow: false; to: string; notice?: string; error?: string };

/**
 * Missing or unparsable session → error logged, go to /login; a required role the user lacks →
 * the 'not authorized' notice, then ROLE_USER holders go to /personel and everyone else to /.
 * An allowed user stays on the page (docs/decisions/0002-guard-redirects.md).
 */
export function checkAccess(requiredRole: string | undefined, returnUrl: string): GuardOutcome {
  const session = readSession();
  if (!session.ok) return { allow: false, to: loginUrlFor(returnUrl), error: session.reason };
  if (requiredRole && !session.user.roles.includes(requiredRole)) {
    return {
      allow: false,
      to: session.user.roles.includes(ROLE_USER) ? ROUTES.personel.path : ROUTES.home.path,
      notice: MSG.notAuthorized,
    };
  }
  return { allow: true };
}
