import fp from 'fastify-plugin';
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyReply {
    /** A fresh nonce per response for the few inline scripts the page needs (router hydration data). */
    scriptNonce: string;
  }
}

type WithNonce = ServerResponse & { scriptNonce?: string };

/** One configuration for every response: the plugin below and the router's own errors (app.ts). */
export function securityHeaderOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // A response without a nonce (a router error) allows no inline script at all.
        scriptSrc: ["'self'", (_req, res) => ((res as WithNonce).scriptNonce ? `'nonce-${(res as WithNonce).scriptNonce}'` : "'self'")],
        // Emotion (back office) and React inject style elements and attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The captcha widget solves its proof of work in a worker created from a blob.
        workerSrc: ["'self'", 'blob:'],
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

/**
 * A strict Content-Security-Policy on every response: scripts only from this origin or with the
 * per-response nonce (the router's hydration data), nothing from third parties.
 */
export const securityHeadersPlugin = fp<{ https: boolean }>(async (app, opts) => {
  // Only scripts get a nonce: a nonce in style-src would disable 'unsafe-inline' for styles.
  app.decorateReply('scriptNonce', '');
  app.addHook('onRequest', async (_req, reply) => {
    reply.scriptNonce = crypto.randomBytes(16).toString('base64');
    (reply.raw as WithNonce).scriptNonce = reply.scriptNonce;
  });
  // The same options object; the cast only bridges helmet's CommonJS and ESM type declarations.
  await app.register(fastifyHelmet, securityHeaderOptions(opts.https) as FastifyHelmetOptions);
});
