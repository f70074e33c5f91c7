/**
 * With REDIS_URL set, Redis gone or hanging: sign-in, the contact form and likes answer 503 with
 * Retry-After instead of waiting, readiness says Redis is down (liveness stays ok), the logs say
 * so once per outage, and everything serves again once Redis is back, without a restart.
 * docs/decisions/0118-redis-outage.md
 */
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/shared/messages';
import { ADMIN, buildTestApp, call } from '../../test/helper';
import { contactBody, solveCaptcha, validContact } from '../../test/contact-fixtures';
import { reachableRedis } from '../../test/redis';
import { tcpProxy } from '../../test/tcp-proxy';
import { until } from '../../test/until';
import { contactMessages } from '../db/schema';

const redisUrl = await reachableRedis();
const METRICS_TOKEN = 'redis-outage-metrics-token';
/** Generous: a request that waits for Redis instead of refusing runs into it and fails the test. */
const OUTAGE_TEST_MS = 30_000;

type Proxy = Awaited<ReturnType<typeof tcpProxy>>;

/** The machine's Redis behind a proxy that can refuse, freeze and come back on the same port. */
async function redisBehindProxy(): Promise<{ proxy: Proxy; url: string }> {
  const target = new URL(redisUrl!);
  const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
  const url = new URL(redisUrl!);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return { proxy, url: url.toString() };
}

/**
 * What a client does that needs Redis, each from an address of its own (the counters live in the
 * machine's Redis, which outlives the run): sign in, send a contact message, like a post.
 */
function clientOf(app: () => FastifyInstance) {
  const address = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  return {
    signIn: () =>
      call(app(), {
        method: 'POST',
        url: '/api/login',
        remoteAddress: address(),
        payload: { username: ADMIN.username, password: ADMIN.password },
      }),
    // The captcha is fetched and solved while Redis is up: issuing one needs no Redis.
    contact: async (altcha: string) =>
      call(app(), {
        method: 'POST',
        url: '/api/mail',
        remoteAddress: address(),
        ...(await contactBody({ ...validContact, altcha })),
      }),
    like: async () => {
      const [post] = (await app().inject({ method: 'GET', url: '/api/posts' })).json() as { id: number }[];
      return call(app(), { method: 'PUT', url: `/api/posts/${post!.id}/like`, remoteAddress: address() });
    },
    ready: () => app().inject({ method: 'GET', url: '/api/health/ready' }),
    health: () => app().inject({ method: 'GET', url: '/api/health' }),
    live: () => app().inject({ method: 'GET', url: '/api/health/live' }),
    storedMessages: async () =>
      (await app().db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.kind, 'contact')))[0]!.n,
  };
}

const expectUnavailable = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('10');
  expect(res.json()).toMatchObject({ statusCode: 503, message: MSG.serviceUnavailable });
};

describe.skipIf(!redisUrl)('Redis that refuses or hangs (skipped: no Redis)', () => {
  let app: FastifyInstance;
  let proxy: Proxy;
  const lines: Record<string, unknown>[] = [];
  const client = clientOf(() => app);

  beforeAll(async () => {
    const redis = await redisBehindProxy();
    proxy = redis.proxy;
    app = await buildTestApp(
      { redisUrl: redis.url, logLevel: 'info', metricsToken: METRICS_TOKEN },
      { logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
  });

  /** Log lines at warn or above that name Redis. */
  const redisWarnings = () => lines.filter((l) => (l['level'] as number) >= 40 && /redis/i.test(JSON.stringify(l)));
  const metrics = async () =>
    (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;

  /** Everything that needs Redis succeeds, and readiness says Redis is up. */
  async function expectServing() {
    expect((await client.signIn()).statusCode).toBe(200);
    const stored = await client.storedMessages();
    expect((await client.contact(await solveCaptcha(app))).statusCode).toBe(201);
    expect(await client.storedMessages()).toBe(stored + 1);
    expect((await client.like()).statusCode).toBe(200);
    const ready = await client.ready();
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'up', writes: 'ok', redis: 'up' });
  }

  /** Redis-backed requests answer 503 at once, nothing half-done is stored, readiness fails, liveness does not. */
  async function expectOutage(reason: 'unreachable' | 'timeout') {
    const stored = await client.storedMessages();
    const altcha = await solveCaptcha(app);
    for (let i = 0; i < 3; i++) {
      expectUnavailable(await client.signIn());
      expectUnavailable(await client.contact(altcha));
      expectUnavailable(await client.like());
    }
    // Refused, not half-stored.
    expect(await client.storedMessages()).toBe(stored);
    for (const res of [await client.ready(), await client.health()]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      // The database is fine, and the refused contact messages were no failed writes of its.
      expect(res.json()).toEqual({ status: 'error', database: 'up', writes: 'ok', redis: 'down', reason });
    }
    const live = await client.live();
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  }

  const backUp = () =>
    until(async () => (await client.ready()).statusCode === 200, 15_000, 'readiness with Redis back');

  it(
    'answers 503 with Retry-After while Redis refuses connections, and serves again once it is back',
    async () => {
      await expectServing();
      expect(await metrics()).toMatch(/^redis_up 1$/m);
      const warned = redisWarnings().length;

      await proxy.stop();
      await expectOutage('unreachable');
      expect(await metrics()).toMatch(/^redis_up 0$/m);
      expect(await metrics()).toMatch(/^redis_outages_total 1$/m);
      // Once for the outage, not once per refused request or reconnection attempt.
      expect(redisWarnings().slice(warned)).toEqual([
        expect.objectContaining({ level: 40, msg: 'Redis unavailable', reason: 'unreachable' }),
      ]);

      await proxy.resume();
      await backUp();
      await expectServing();
      expect(await metrics()).toMatch(/^redis_up 1$/m);
      expect(lines).toContainEqual(expect.objectContaining({ level: 30, msg: 'Redis available again' }));
      expect(redisWarnings()).toHaveLength(warned + 1);
    },
    OUTAGE_TEST_MS,
  );

  it(
    'answers 503 with Retry-After instead of waiting while Redis holds its connections and never answers',
    async () => {
      await expectServing();
      const warned = redisWarnings().length;

      proxy.freeze();
      await expectOutage('timeout');
      expect(redisWarnings().slice(warned)).toEqual([
        expect.objectContaining({ level: 40, msg: 'Redis unavailable', reason: 'timeout' }),
      ]);
      expect(await metrics()).toMatch(/^redis_outages_total 2$/m);

      await proxy.resume();
      await backUp();
      await expectServing();
    },
    OUTAGE_TEST_MS,
  );
});

describe.skipIf(!redisUrl)('Redis that is not there when the site starts (skipped: no Redis)', () => {
  let app: FastifyInstance | undefined;
  let proxy: Proxy;
  const client = clientOf(() => app!);

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
  });

  it(
    'starts, answers 503 with Retry-After, and serves once Redis comes up',
    async () => {
      const redis = await redisBehindProxy();
      proxy = redis.proxy;
      await proxy.stop();
      app = await buildTestApp({ redisUrl: redis.url });

      expectUnavailable(await client.signIn());
      expectUnavailable(await client.like());
      const ready = await client.ready();
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ database: 'up', redis: 'down', reason: 'unreachable' });
      expect((await client.live()).statusCode).toBe(200);

      await proxy.resume();
      await until(async () => (await client.ready()).statusCode === 200, 15_000, 'readiness with Redis up');
      expect((await client.signIn()).statusCode).toBe(200);
      expect((await client.like()).statusCode).toBe(200);
    },
    OUTAGE_TEST_MS,
  );
});
