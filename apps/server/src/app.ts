import crypto from 'node:crypto';
import http from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import zlib from 'node:zlib';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openApiOptions } from './lib/openapi-document';
import type { AppConfig } from './config';
import { logSafeError } from './lib/log-safe-error';
import { logSafeRequest } from './lib/log-safe-request';
import { renderCalls as makeRenderCalls, type RenderCalls } from './lib/render-calls';
import { dbPlugin } from './plugins/db';
import { errorsPlugin, errorBody } from './plugins/errors';
import { answerLanguagePlugin } from './plugins/answer-language';
import { csrfPlugin } from './plugins/csrf';
import { securityHeadersFor, securityHeadersPlugin } from './plugins/security-headers';
import { memoryCounterStore, redisCounterStore, type CounterStore } from './lib/counter-store';
import { openRedisLink, type RedisLink } from './lib/redis-link';
import { resolveSecret } from './lib/secret';
import { INVALID_ADDRESS, INVALID_ADDRESS_PAGE, wantsPage } from './lib/invalid-address';
import { registerModules } from './modules';
import { webPlugin } from './plugins/web';
import { responseCachePlugin } from './plugins/response-cache';
import { metricsPlugin } from './plugins/metrics';
import { noApiEndpoint } from '@app/shared/messages/server';
import { LIMITS } from '@app/shared/constants';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    secret: string;
    counters: CounterStore;
    /** The Redis connection when REDIS_URL is set (lib/redis-link.ts): health and metrics read it. */
    redis: RedisLink | undefined;
    /** Recognises a server render's in-process API calls (lib/render-calls.ts). */
    renderCalls: RenderCalls;
  }
}

/** Largest JSON body; multipart uploads have their own limits per route. */
const BODY_LIMIT = 1024 * 1024;

/**
 * A whole request, headers and body, must arrive within this. Fastify leaves Node's limit off, so a
 * client that sent `Content-Length: 10000000` and then a byte every few seconds held its connection
 * for as long as it liked (20 of them were still open after 330 s). Two minutes lets the largest
 * upload through at under 1 Mbit/s.
 */
export const REQUEST_TIMEOUT_MS = 120_000;
/** The request headers within this (Node's own default, stated because it must not exceed the above). */
const HEADERS_TIMEOUT_MS = 60_000;

export interface BuildOptions {
  /** Where log lines go instead of stdout (tests read them); a pino destination. */
  logStream?: { write(line: string): void };
  /** REQUEST_TIMEOUT_MS, shorter in the test that trickles a body. */
  requestTimeoutMs?: number;
  /**
   * A PGlite data-folder tar (from `dumpDataDir`) that an in-memory or still empty embedded
   * database starts from; tests use it to skip migrating and seeding in every file.
   */
  pgliteSnapshot?: string | undefined;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const https = config.publicUrl.startsWith('https://');
  const routerErrorHeaders = securityHeadersFor(https);
  // Set once the response cache exists: answers its hits before Fastify is involved (no routing,
  // hooks or reply objects), else hands the request to Fastify. docs/decisions/0085-lean-cache-hits-and-memory.md
  const direct: { answer?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean } = {};
  const renderCalls = makeRenderCalls();
  const app = Fastify({
    serverFactory: (handler, opts) => {
      const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
      const server = http.createServer(
        // Node checks the request timeouts this often (30 s by default, as long as a whole short timeout).
        { connectionsCheckingInterval: Math.min(30_000, Math.ceil(requestTimeout / 4)) },
        (req, res) => {
          if (!direct.answer?.(req, res)) handler(req, res);
        },
      );
      // What Fastify sets on the server it makes itself (lib/server.js); its options reach the
      // factory untyped, hence the defaults restated.
      const option = (name: string, fallback: number) => (typeof opts[name] === 'number' ? opts[name] : fallback);
      server.keepAliveTimeout = option('keepAliveTimeout', 72_000);
      server.requestTimeout = requestTimeout;
      server.headersTimeout = Math.min(HEADERS_TIMEOUT_MS, requestTimeout);
      server.setTimeout(option('connectionTimeout', 0));
      if (option('maxRequestsPerSocket', 0) > 0) server.maxRequestsPerSocket = option('maxRequestsPerSocket', 0);
      return server;
    },
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]', '*.password'],
      // Every `err` in every log line goes through this: no SQL parameters, message text or attachment
      // bytes; every `req` through the other: no e-mail address from a query string.
      serializers: { err: logSafeError, req: logSafeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
      ...(config.env === 'development' && !options.logStream ? { transport: { target: 'pino-pretty' } } : {}),
    },
    bodyLimit: BODY_LIMIT,
    // A path parameter as long as the longest text one can hold (a search keyword of 200 characters,
    // GET /api/posts/search/{name}), percent-encoded at up to 12 characters each (four UTF-8
    // bytes): past the router's 100, a keyword of 101 letters was "No API endpoint" (404), not a
    // search, and one of 201 not the keyword's own 400.
    routerOptions: { maxParamLength: LIMITS.title * 12 },
    // A random id per request, in every log line of the request and in the X-Request-Id answer
    // header, so a visitor's or staff member's report can be found in the logs of any instance.
    // An id sent by the client is not taken over: it could be chosen to confuse the logs.
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // A server render's API calls (plugins/web.ts) log under their own id and the page's: one page
    // view is one story in the log (docs/decisions/0115-one-story-per-page-view.md).
    childLoggerFactory: (logger, bindings, opts, rawReq) => {
      const parentReqId = renderCalls.parentOf(rawReq as http.IncomingMessage);
      return logger.child(parentReqId ? { ...bindings, parentReqId } : bindings, opts);
    },
    trustProxy: config.trustProxy,
    // Opening and migrating the embedded database can take longer than Fastify's 10 s on a busy machine.
    pluginTimeout: 120_000,
    // The router answers a malformed URL before any hook runs: it gets the same headers and error shape here.
    // A browser that asked for a page gets a page (a mistyped or mangled link), API clients the JSON.
    frameworkErrors: (err, req, reply: FastifyReply) => {
      routerErrorHeaders(req.raw, reply.raw);
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
      if (wantsPage(req.raw)) return reply.code(status).type('text/html; charset=utf-8').send(INVALID_ADDRESS_PAGE);
      return reply.code(status).send(errorBody(status, INVALID_ADDRESS));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('renderCalls', renderCalls);
  const secret = resolveSecret(config.secretKey, config.dataDir);
  app.decorate('secret', secret);
  // One Redis connection (when configured) for both kinds of limits: see docs/decisions/0012-rate-limits.md;
  // while it cannot serve, what needs it answers 503: docs/decisions/0118-redis-outage.md.
  const redis = config.redisUrl
    ? openRedisLink(config.redisUrl, { timeoutMs: config.redisTimeoutMs, log: app.log })
    : undefined;
  app.decorate('redis', redis);
  const counters = redis ? redisCounterStore(redis) : memoryCounterStore();
  app.decorate('counters', counters);
  app.addHook('onClose', async () => counters.close());

  app.addHook('onSend', async (req, reply) => void reply.header('x-request-id', req.id));
  await app.register(errorsPlugin);
  // Before compression (hooks run in order): error answers in the request's language.
  await app.register(answerLanguagePlugin);
  // First of the request hooks: a cached answer leaves before cookies, tokens and per-answer
  // security-header work (it carries its security headers, computed once).
  await app.register(responseCachePlugin);
  direct.answer = (req, res) => app.responseCache.answer(req, res);
  await app.register(cookie);
  await app.register(securityHeadersPlugin, { https });
  // Pages and JSON are compressed per response at a fast level; static assets come precompressed.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(multipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 20, fieldSize: 1024 * 1024 },
  });
  await app.register(dbPlugin, {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteSnapshot: options.pgliteSnapshot,
  });
  // Every module's plugins, each stage at its point of this order (modules/index.ts).
  const modules = { config, counters };
  // Tokens and access rules first: CSRF, the audit hook and every route rely on them.
  await registerModules(app, 'foundation', modules);
  await app.register(csrfPlugin, { secure: https });
  // Before any route: every route whose config names `audit` writes its audit row (modules/audit).
  await registerModules(app, 'hooks', modules);
  await app.register(metricsPlugin);
  // Per-address request limits (the contact form's); nothing is limited unless a route asks.
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.client, nameSpace: 'redwall:rate-limit:' } : {}),
  });
  await app.register(swagger, openApiOptions(config));
  // Under the site's own CSP (no staticCSP of its own); in production only when asked for.
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  await app.register(
    async (api) => {
      await registerModules(api, 'routes', modules);
      api.setNotFoundHandler((req, reply) =>
        reply.code(404).send(errorBody(404, noApiEndpoint(req.method, req.url.split('?')[0]!))),
      );
    },
    { prefix: '/api' },
  );

  await registerModules(app, 'root', modules);
  await app.register(webPlugin, { config });
  // Registered after the database: they stop (in onClose) before the database closes.
  await registerModules(app, 'jobs', modules);

  return app;
}
