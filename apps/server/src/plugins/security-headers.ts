import fp from 'fastify-plugin';
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every security header of an answer whose inline scripts have these SHA-256 hashes (a rendered
     * page): computed once per page render and stored with the cached page.
     */
    securityHeadersWithScripts(hashes: readonly string[]): Record<string, string>;
  }
}

/** One configuration for every response: the plugin below, the router's own errors (app.ts) and cached pages. */
export function securityHeaderOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Inline scripts are allowed only by their hashes, which a rendered page adds to this
        // header (securityHeadersWithScripts): any other answer allows no inline script at all.
        scriptSrc: ["'self'"],
        // Emotion (back office) and React inject style elements and attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The captcha widget's proof-of-work worker is a file of this site (docs/decisions/0106-altcha-3.md).
        workerSrc: ["'self'"],
        // The candidate page shows a CV fetched with the session's token through an object URL
        // (decision 0160): blob: frames are this origin's own bytes, never another site's.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Sets the security headers on a response that never passes the plugin's hooks: Fastify answers
 * a malformed URL (`/images/%zz`) from the router, before any hook runs.
 */
export function securityHeadersFor(https: boolean) {
  const middleware = helmet(securityHeaderOptions(https));
  return (req: IncomingMessage, res: ServerResponse) => middleware(req, res, () => {});
}

/** The headers helmet sets, as a plain object: the same values, computed once instead of per answer. */
export function securityHeaderValues(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  securityHeadersFor(https)({} as IncomingMessage, res as unknown as ServerResponse);
  return headers;
}

/** The CSP source of one inline script: its exact text, hashed as the browser hashes it. */
export const scriptHash = (text: string) =>
  `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * A strict Content-Security-Policy on every response: scripts only from this origin, inline scripts
 * only by the hashes a rendered page lists (docs/decisions/0065-content-cache.md), nothing from
 * third parties.
 */
export const securityHeadersPlugin = fp<{ https: boolean }>(async (app, opts) => {
  const base = securityHeaderValues(opts.https);
  const csp = base['content-security-policy']!;
  if (!csp.includes("script-src 'self'")) throw new Error('security headers: no script-src to add hashes to');
  app.decorate('securityHeadersWithScripts', (hashes: readonly string[]) => ({
    ...base,
    'content-security-policy': hashes.length
      ? csp.replace("script-src 'self'", `script-src 'self' ${[...new Set(hashes)].join(' ')}`)
      : csp,
  }));
  // The same options object; the cast only bridges helmet's CommonJS and ESM type declarations.
  await app.register(fastifyHelmet, securityHeaderOptions(opts.https) as FastifyHelmetOptions);
});
