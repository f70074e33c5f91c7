import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/helper';

const TOKEN = 'metrics-token-for-the-tests-0123';
const apps: FastifyInstance[] = [];
const build = async (over: Parameters<typeof buildTestApp>[0]) => {
  const app = await buildTestApp({ seedDemo: false, ...over });
  apps.push(app);
  return app;
};
afterAll(() => Promise.all(apps.map((a) => a.close())));

describe('metrics', () => {
  it('are off when neither METRICS_PORT nor METRICS_TOKEN is set', async () => {
    const app = await build({});
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('on the public port answer only the bearer of METRICS_TOKEN, by matched route', async () => {
    const app = await build({ metricsToken: TOKEN });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode,
    ).toBe(401);
    await app.inject({ method: 'GET', url: '/api/vacancy/424242' });
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/vacancy\/:id",status_code="404"\} 1/,
    );
    expect(res.body).toMatch(/mail_outbox_messages\{status="pending"\} 0/);
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
    expect(res.body).toContain('http_cache_hits_total');
    expect(res.body).toMatch(/^http_cache_bytes \d+$/m);
  });

  it('with METRICS_PORT are served on that port only', async () => {
    const app = await build({ metricsPort: 0, host: '127.0.0.1' });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const res = await fetch(`http://127.0.0.1:${app.metricsAddress!.port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('mail_outbox_messages');
  });

  it('with METRICS_HOST listen on that interface, not on HOST', async () => {
    const app = await build({ metricsPort: 0, metricsHost: '127.0.0.2', host: '127.0.0.1' });
    expect(app.metricsAddress!.address).toBe('127.0.0.2');
    const res = await fetch(`http://127.0.0.2:${app.metricsAddress!.port}/metrics`);
    expect(res.status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${app.metricsAddress!.port}/metrics`)).rejects.toThrow();
  });

  it('show the PostgreSQL pool: connections held, idle, and queries waiting for one (none on PGlite)', async () => {
    const app = await build({ metricsToken: TOKEN });
    const scrape = async () =>
      (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const figure = (body: string, name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(body)?.[1]);
    if (app.database.kind === 'pglite') {
      expect(await scrape()).not.toContain('db_pool_');
      return;
    }
    // 12 queries at once on a pool of 10: two wait while the others sleep (the scrape's own outbox
    // count may wait beside them).
    const busy = Promise.all(Array.from({ length: 12 }, () => app.database.db.execute('select pg_sleep(1)')));
    const during = await scrape();
    expect(figure(during, 'db_pool_waiting_requests')).toBeGreaterThanOrEqual(2);
    expect(figure(during, 'db_pool_connections')).toBe(10);
    expect(figure(during, 'db_pool_idle_connections')).toBe(0);
    await busy;
    const after = await scrape();
    expect(figure(after, 'db_pool_waiting_requests')).toBe(0);
    expect(figure(after, 'db_pool_idle_connections')).toBe(figure(after, 'db_pool_connections'));
  });
});
