import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { reachableRedis } from '../../test/redis';
import { openRedisLink, type RedisLink } from './redis-link';
import { memoryCounterStore, redisCounterStore, type CounterStore } from './counter-store';

const redisUrl = await reachableRedis();
/** This run's keys only, removed at the end. */
const prefix = `test:counter-store:${crypto.randomUUID()}:`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const WINDOW = 60_000;

type Kind = { name: string; stores(n: number): CounterStore[] };
const kinds: Kind[] = [];
{
  // Two handles on one map stand for two callers of one instance.
  kinds.push({
    name: 'memory',
    stores: (n) => Array(n).fill(memoryCounterStore()) as CounterStore[],
  });
}
const connections: RedisLink[] = [];
const quiet = { warn: () => {}, info: () => {} };
const link = () => {
  const l = openRedisLink(redisUrl!, { timeoutMs: 1000, log: quiet });
  connections.push(l);
  return l;
};
if (redisUrl) {
  // A connection each: separate instances sharing one Redis.
  kinds.push({
    name: 'Redis',
    stores: (n) => Array.from({ length: n }, () => redisCounterStore(link(), prefix)),
  });
}
afterAll(async () => {
  if (!redisUrl) return;
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  for (const c of connections) c.close();
});

describe.each(kinds)('$name counter store: reserve and release', ({ stores }) => {
  it('grants exactly `max` of 30 parallel reservations, from several callers', async () => {
    const callers = stores(3);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => callers[i % 3]!.reserve([{ key: 'race', max: 5 }], WINDOW)),
    );
    expect(answers.filter((a) => a.granted)).toHaveLength(5);
    expect(await callers[0]!.count('race')).toBe(5);
  });

  it('counts every key or none, and names the first key at its limit', async () => {
    const [s] = stores(1) as [CounterStore];
    const limits = [
      { key: 'all:a', max: 2 },
      { key: 'all:b', max: 1 },
      { key: 'all:c', max: Infinity },
    ];
    expect(await s.reserve(limits, WINDOW)).toEqual({ granted: true, counts: [1, 1, 1] });
    expect(await s.reserve(limits, WINDOW)).toEqual({ granted: false, blocked: 1, counts: [1, 1, 1] });
    expect(await s.count('all:a')).toBe(1);
    expect(await s.reserve([{ key: 'all:c', max: Infinity }], WINDOW)).toEqual({ granted: true, counts: [2] });
  });

  it('releases one count, never below zero and never starting a counter', async () => {
    const [s] = stores(1) as [CounterStore];
    await s.reserve([{ key: 'rel:a', max: 9 }], WINDOW);
    await s.reserve([{ key: 'rel:a', max: 9 }], WINDOW);
    await s.release(['rel:a', 'rel:never']);
    expect(await s.count('rel:a')).toBe(1);
    await s.release(['rel:a']);
    await s.release(['rel:a']);
    expect(await s.count('rel:a')).toBe(0);
    expect(await s.count('rel:never')).toBe(0);
    expect(await s.reserve([{ key: 'rel:a', max: 1 }], WINDOW)).toMatchObject({ granted: true, counts: [1] });
  });

  it('starts a new window once the old one has passed, and a release keeps the window', async () => {
    const [s] = stores(1) as [CounterStore];
    const limit = [{ key: 'win', max: 2 }];
    await s.reserve(limit, 300);
    await s.reserve(limit, 300);
    await s.reserve(limit, 300);
    await s.release(['win']);
    expect(await s.count('win')).toBe(1);
    await sleep(400);
    expect(await s.count('win')).toBe(0);
    expect(await s.reserve(limit, 300)).toEqual({ granted: true, counts: [1] });
  });
});

describe.each(kinds)('$name counter store: expiresIn', ({ stores }) => {
  it("tells how long a counter's window still runs, and 0 for no counter", async () => {
    const [s] = stores(1) as [CounterStore];
    expect(await s.expiresIn('expires:none')).toBe(0);
    await s.increment('expires:a', WINDOW);
    const left = await s.expiresIn('expires:a');
    expect(left).toBeGreaterThan(WINDOW - 5000);
    expect(left).toBeLessThanOrEqual(WINDOW);
  });
});

describe.skipIf(!redisUrl)('Redis counter store', () => {
  it('keeps every counter it reserves or releases under an expiry', async () => {
    const l = link();
    const redis = l.client;
    const s = redisCounterStore(l, prefix);
    await s.reserve([{ key: 'ttl:a', max: 9 }], WINDOW);
    await s.reserve([{ key: 'ttl:a', max: 9 }], WINDOW);
    await s.release(['ttl:a', 'ttl:b']);
    expect(await redis.pttl(`${prefix}ttl:a`)).toBeGreaterThan(WINDOW - 5000);
    expect(await redis.exists(`${prefix}ttl:b`)).toBe(0);
  });
});
