import { rolesCan, type Capability } from '@app/shared/capabilities';

/**
 * Who may call a route: anyone, any signed-in staff member, or a staff member whose role holds the
 * capability (packages/shared/src/capabilities.ts, decision 0145). Every /api route declares one in
 * `config.access`; a route that declares none needs 'system', which only ROLE_ADMIN holds (deny by
 * default).
 */
export type Access = 'public' | 'authenticated' | Capability;

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
  return rolesCan(principal.roles, access);
}

/** True when the signed-in principal's roles hold the capability (for rules finer than a route's). */
export const can = (principal: Principal | null, capability: Capability): boolean =>
  !!principal && rolesCan(principal.roles, capability);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route also answers a principal with a restriction (sign-out, password change, two-factor set-up). */
    whileRestricted?: boolean;
  }
}
