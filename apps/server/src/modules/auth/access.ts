import { ROLE_ADMIN, ROLE_USER } from '@app/shared/constants';

/**
 * Who may call a route. Every /api route declares one in `config.access`; a route that declares
 * none is treated as admin-only (deny by default).
 */
export type Access = 'public' | 'authenticated' | typeof ROLE_ADMIN | typeof ROLE_USER;

export interface Principal {
  userId: number;
  email: string;
  roles: string[];
  /** The token's id and end: Log Out revokes exactly this token. */
  jti: string;
  tokenExpiresAt: Date;
  /**
   * Until resolved, only routes with `config.whileRestricted` answer: a generated password must be
   * changed first, an administrator under REQUIRE_2FA must set up two-factor first.
   */
  restriction: 'password-change' | 'two-factor-setup' | null;
}

export const isPublic = (access: Access) => access === 'public';

/** True when the principal may call a route with this access rule. */
export function allows(access: Access, principal: Principal | null): boolean {
  if (access === 'public') return true;
  if (!principal) return false;
  if (access === 'authenticated') return true;
  return principal.roles.includes(access);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route also answers a principal with a restriction (sign-out, password change, two-factor set-up). */
    whileRestricted?: boolean;
  }
}
