import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { outboxRepository, type MailOutcome } from '../modules/outbox';
import { buildInfo } from '../lib/build-info';
import { SERVER_MSG } from '@app/shared/messages/server';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics server's address when METRICS_PORT is set (tests read the port chosen for 0). */
    metricsAddress: AddressInfo | undefined;
    /** Counts a mail delivery attempt's outcome (the mail worker calls it; nothing without metrics). */
    countMailOutcome(outcome: MailOutcome, kind: string): void;
  }
}

/**
 * Prometheus metrics (docs/operations.md): on their own port when METRICS_PORT is set (then never
 * on the public one), else at /metrics on the public port for `Authorization: Bearer
 * $METRICS_TOKEN` only, else not at all. One registry per app, so several apps in one process
 * (tests) do not share counters.
 */
export const metricsPlugin = fp(
  async (app) => {
    const { metricsPort, metricsToken } = app.config;
    app.decorate('metricsAddress', undefined);
    app.decorate('countMailOutcome', () => {});
    if (metricsPort === undefined && !metricsToken) return;

    const registry = new Registry();
    // Process memory and CPU, garbage collection, and event-loop lag (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register: registry });
    const build = buildInfo(app.config);
    new Gauge({
      name: 'app_build_info',
      help: 'The running build: its version, source revision and Node.js version (always 1)',
      labelNames: ['version', 'revision', 'node_version'] as const,
      registers: [registry],
    }).set({ version: build.version, revision: build.revision, node_version: process.versions.node }, 1);
    // Names and labels as fastify-metrics and express-prom-bundle have them (status_code), so
    // dashboards made for those read these. docs/decisions/0116-metrics-labels-and-counters.md
    const requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: "HTTP requests by method, route pattern (pages: the web app's route table) and status code; a server render's own API calls are not counted",
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    const cacheHits = new Counter({
      name: 'http_cache_hits_total',
      help: 'Answers served from the response cache',
      registers: [registry],
    });
    new Gauge({
      name: 'http_cache_bytes',
      help: 'Bytes the response cache holds: its answers in every encoding kept (at most CACHE_MEMORY_MB)',
      registers: [registry],
      collect() {
        this.set(app.responseCache.rooms.bytes);
      },
    });
    const mailOutcomes = new Counter({
      name: 'mail_deliveries_total',
      help: 'Mail delivery attempts by outcome (delivered; refused: refused for good by the mail server; failed: given up after the last attempt; deferred: tried again later) and kind (contact, confirmation, account: an invitation or password-reset link)',
      labelNames: ['outcome', 'kind'] as const,
      registers: [registry],
    });
    // Every outcome from 0, so that rate() and alerts see a series before the first delivery.
    for (const outcome of ['delivered', 'refused', 'failed', 'deferred'])
      for (const kind of ['contact', 'confirmation', 'account']) mailOutcomes.inc({ outcome, kind }, 0);
    app.countMailOutcome = (outcome, kind) => mailOutcomes.inc({ outcome, kind });
    const outbox = outboxRepository(app.db);
    new Gauge({
      name: 'mail_outbox_messages',
      help: 'Outbox mail (contact messages and visitor confirmations) by delivery state (pending and sending: the queue; sent and failed: results)',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        const counts = await outbox.counts().catch(() => undefined);
        this.reset();
        for (const status of ['pending', 'sending', 'sent', 'failed']) this.set({ status }, counts?.[status] ?? 0);
      },
    });

    const redis = app.redis;
    if (redis) {
      // With REDIS_URL only. An outage shorter than the scrape interval still shows in the count.
      new Gauge({
        name: 'redis_up',
        help: 'Whether Redis answered the last call (1) or cannot serve (0): sign-in, the contact form and likes answer 503 meanwhile',
        registers: [registry],
        collect() {
          this.set(redis.up() ? 1 : 0);
        },
      });
      new Counter({
        name: 'redis_outages_total',
        help: 'Times Redis became unavailable (refused, silent, or not there at the start)',
        registers: [registry],
        collect() {
          // The link counts; the counter shows its count (it only ever grows).
          this.reset();
          this.inc(redis.outages());
        },
      });
    }

    const poolStats = app.database.poolStats;
    if (poolStats) {
      // PostgreSQL only: PGlite is one connection inside the process, there is no pool to watch.
      const figures = [
        ['db_pool_connections', 'Connections the PostgreSQL pool holds (in use or idle)', 'total'],
        ['db_pool_idle_connections', 'Pool connections open and idle', 'idle'],
        ['db_pool_waiting_requests', 'Queries waiting for a pool connection (all in use)', 'waiting'],
      ] as const;
      for (const [name, help, figure] of figures) {
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(poolStats()[figure]);
          },
        });
      }
    }

    app.addHook('onResponse', async (req, reply) => {
      // A server render's API call is part of its page's request, measured there.
      if (app.renderCalls.parentOf(req.raw) !== undefined) return;
      // The matched route (a page's pattern in the web app's route table), never the raw URL: ids
      // and query strings would make unbounded labels.
      requests.observe(
        {
          method: req.method,
          route: req.pageRoute ?? req.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      if (req.cacheHit) cacheHits.inc();
    });
    // Hits answered before Fastify (ResponseCache.answer) never reach onResponse: counted here alike.
    app.responseCache.observeDirect((method, route, status, seconds, hit) => {
      requests.observe({ method, route, status_code: String(status) }, seconds);
      if (hit) cacheHits.inc();
    });

    if (metricsPort !== undefined) {
      const server = http.createServer((req, res) => {
        if (req.method !== 'GET' || req.url !== '/metrics') return void res.writeHead(404).end();
        registry.metrics().then(
          (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
          () => res.writeHead(500).end(),
        );
      });
      await new Promise<void>((resolve, reject) =>
        server.once('error', reject).listen(metricsPort, app.config.metricsHost ?? app.config.host, resolve),
      );
      app.metricsAddress = server.address() as AddressInfo;
      app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
      return;
    }

    const expected = Buffer.from(`Bearer ${metricsToken}`);
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
        return reply
          .code(401)
          .send({ statusCode: 401, error: 'Unauthorized', message: SERVER_MSG.metricsTokenRequired });
      }
      return reply.header('content-type', registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
