import fp from 'fastify-plugin';
import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';

declare module 'fastify' {
  interface FastifyReply {
    /** A fresh nonce per response for the few inline scripts the page needs (router hydration data). */
    scriptNonce: string;
  }
}

type WithNonce = ServerResponse & { scriptNonce?: string };

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
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as WithNonce).scriptNonce ?? ''}'`],
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
        upgradeInsecureRequests: opts.https ? [] : null,
      },
    },
    strictTransportSecurity: opts.https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
});
