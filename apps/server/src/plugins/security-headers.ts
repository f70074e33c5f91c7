import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * A strict Content-Security-Policy on every response: scripts only from this origin or with the
 * per-response nonce (the router's hydration data), nothing from third parties.
 */
export const securityHeadersPlugin = fp<{ https: boolean }>(async (app, opts) => {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
