import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { outboxRepository } from '../modules/mail/outbox-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics server's address when METRICS_PORT is set (tests read the port chosen for 0). */
    metricsAddress: AddressInfo | undefined;
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
    if (metricsPort === undefined && !metricsToken) return;

    const registry = new Registry();
    // Process memory and CPU, garbage collection, and event-loop lag (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register: registry });
    const requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, matched route and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    const cacheHits = new Counter({
      name: 'http_cache_hits_total',
      help: 'Answers served from the response cache',
      registers: [registry],
    });
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
      // The matched route, never the raw URL: ids and query strings would make unbounded labels.
      requests.observe(
        { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      if (req.cacheHit) cacheHits.inc();
    });
    // Hits answered before Fastify (ResponseCache.answer) never reach onResponse: counted here alike.
    app.responseCache.observe = (method, route, status, seconds, hit) => {
      requests.observe({ method, route, status: String(status) }, seconds);
      if (hit) cacheHits.inc();
    };

    if (metricsPort !== undefined) {
      const server = http.createServer((req, res) => {
        if (req.method !== 'GET' || req.url !== '/metrics') return void res.writeHead(404).end();
        registry.metrics().then(
          (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
          () => res.writeHead(500).end(),
        );
      });
      await new Promise<void>((resolve, reject) =>
        server.once('error', reject).listen(metricsPort, app.config.host, resolve),
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
          .send({ statusCode: 401, error: 'Unauthorized', message: 'A metrics token is required.' });
      }
      return reply.header('content-type', registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
