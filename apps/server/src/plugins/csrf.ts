import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import crypto from 'node:crypto';
import { MSG } from '@app/shared/messages';
import { forbidden } from '../lib/http-error';

/** Whether the request matched an /api route: decided on the router's decoded pattern, as routing itself is. */
export const isApiRoute = (req: FastifyRequest) => req.routeOptions.url?.startsWith('/api/') === true;

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route never hands out the XSRF-TOKEN cookie (health polls keep no cookies). */
    csrfCookie?: boolean;
  }
}

const equal = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Double-submit cookie: the server hands out a random XSRF-TOKEN cookie (readable by the page's
 * own script only, SameSite=Strict) and every state-changing /api request must echo it in the
 * X-XSRF-TOKEN header, which another site cannot read or set.
 */
export const csrfPlugin = fp<{ secure: boolean }>(async (app, opts) => {
  app.addHook('onRequest', async (req, reply) => {
    const cookie = req.cookies[CSRF_COOKIE];
    // Not on a cacheable answer (it is shared, by this server and by a CDN): the browser app gets
    // its cookie from /config.json, which it reads before it starts.
    if (!cookie && !req.cacheMiss && req.routeOptions.config.csrfCookie !== false) {
      reply.setCookie(CSRF_COOKIE, crypto.randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: opts.secure,
        httpOnly: false,
      });
    }
    // The matched route, not the raw URL: `/%61pi/…` reaches the same /api route and must meet the same check.
    if (SAFE.has(req.method) || !isApiRoute(req)) return;
    const header = req.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !equal(cookie, header)) throw forbidden(MSG.csrf);
  });
});
