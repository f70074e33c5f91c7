import { matchPath } from 'react-router';
import { ROUTES, routeEntries } from '@app/shared/routes';
import { ROLE_ADMIN, ROLE_USER } from '@app/shared/constants';
import { rolesCan, type Capability } from '@app/shared/capabilities';
import { MSG } from '@app/shared/messages';
import { readSession } from './session';
import { loginUrlFor } from './api-client';

export type GuardOutcome = { allow: true } | { allow: false; to: string; notice?: string; error?: string };

/** Where a signed-in user who may not open a page goes instead. */
function elsewhere(roles: string[]): string {
  if (roles.includes(ROLE_USER)) return ROUTES.personel.path;
  // The specification sends an administrator to the home page; the other staff roles have their
  // dashboard (decision 0145).
  if (!roles.includes(ROLE_ADMIN) && rolesCan(roles, 'dashboard')) return ROUTES.admin.path;
  return ROUTES.home.path;
}

/**
 * Missing or unparsable session → error logged, go to /login; a required capability the user's
 * roles lack → the 'not authorized' notice, then ROLE_USER holders go to /personel, the
 * contributor, editor and recruiter to /admin and everyone else to /. An allowed user stays on the
 * page (docs/decisions/0002-guard-redirects.md, 0145).
 */
export function checkAccess(required: Capability | undefined, returnUrl: string): GuardOutcome {
  const session = readSession();
  if (!session.ok) return { allow: false, to: loginUrlFor(returnUrl), error: session.reason };
  if (required && !rolesCan(session.user.roles, required)) {
    return { allow: false, to: elsewhere(session.user.roles), notice: MSG.notAuthorized };
  }
  return { allow: true };
}

/** True when the signed-in user's roles hold the capability. */
export function sessionCan(capability: Capability): boolean {
  const session = readSession();
  return session.ok && rolesCan(session.user.roles, capability);
}

/**
 * True when the signed-in user may open the back-office page at this path (a toolbar shows only
 * those): the page's access rule from the shared route table. Paths the table does not know stay.
 */
export function mayOpen(path: string): boolean {
  const found = routeEntries().find(([, route]) => matchPath(route.path, path));
  if (!found) return true;
  const { access } = found[1];
  if (access === 'public' || access === 'authenticated') return true;
  return sessionCan(access);
}
