import fp from 'fastify-plugin';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { SERVER_MSG } from '@app/shared/messages/server';
import type { AppConfig } from '../../config';
import { deriveKey } from '../../lib/secret';
import { forbidden, unauthorized } from '../../lib/http-error';
import { usersRepository } from '../users';
import { allows, type Access, type Principal } from './access';
import { createTokenService, type TokenService } from './tokens';
import { authRepository } from './repository';
import { twoFactorRequired } from './two-factor';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /** The route's schemas as registered (the hostile-input suite walks them). */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** Every /api route with its access rule, for documentation and the role-matrix test. */
    apiRoutes: RouteEntry[];
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** Paths served by plugins we do not own; they are public documentation. */
const PUBLIC_PREFIXES = ['/api/docs'];

export const accessOf = (url: string, access: Access | undefined): Access =>
  access ?? (PUBLIC_PREFIXES.some((p) => url.startsWith(p)) ? 'public' : 'system');

async function resolvePrincipal(req: FastifyRequest): Promise<Principal | null | 'invalid'> {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return 'invalid';
  const claims = await req.server.tokens.verify(match[1]!);
  if (!claims) return 'invalid';
  const [user, revoked] = await Promise.all([
    usersRepository(req.server.db).findById(claims.userId),
    authRepository(req.server.db).isRevoked(claims.jti),
  ]);
  // A deleted user or a bumped token version (password or role change, sign out everywhere)
  // revokes every token of the user; Log Out revokes one.
  if (!user || user.tokenVersion !== claims.tokenVersion || revoked) return 'invalid';
  const restriction = user.mustChangePassword
    ? 'password-change'
    : twoFactorRequired(req.server, user) && !user.totpEnabledAt
      ? 'two-factor-setup'
      : null;
  return {
    userId: user.id,
    email: user.email,
    roles: user.roles,
    jti: claims.jti,
    tokenExpiresAt: claims.expiresAt,
    restriction,
  };
}

/**
 * Bearer tokens and each /api route's access rule, checked in one hook. Other modules rely on its
 * decorators (`tokens`, `apiRoutes`, `req.principal`): it is registered before any of their routes.
 */
export const authPlugin = fp<{ config: AppConfig }>(async (app, opts) => {
  app.decorate('tokens', createTokenService(deriveKey(app.secret, 'jwt'), opts.config.sessionTtlSeconds));
  app.decorate('apiRoutes', [] as RouteEntry[]);
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = accessOf(route.url, route.config?.access);
    route.config = { ...route.config, access };
    for (const method of methods)
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access, schema: route.schema });
  });

  app.addHook('onRequest', async (req, reply) => {
    const access = req.routeOptions.config.access;
    if (!access) return; // not an /api route: pages and assets are public
    const principal = await resolvePrincipal(req);
    if (access === 'public') {
      // A stale token must not break public pages: it is ignored here.
      req.principal = principal === 'invalid' ? null : principal;
      return;
    }
    if (principal === 'invalid') throw unauthorized(MSG.sessionExpired);
    if (!principal) throw unauthorized(SERVER_MSG.authenticationRequired);
    req.principal = principal;
    // Back-office log lines say which staff member acted (the id, never the address or token).
    req.log = req.log.child({ userId: principal.userId });
    reply.log = req.log;
    if (!allows(access, principal)) throw forbidden(MSG.notAuthorized);
    if (principal.restriction && !req.routeOptions.config.whileRestricted) {
      throw forbidden(
        principal.restriction === 'password-change'
          ? STAFF_MSG.passwordChangeRequired
          : STAFF_MSG.twoFactorSetupRequired,
      );
    }
  });
});
