/**
 * Which Redis failures are outages (a 503) and which are a wrong call (a 500). The outages that
 * come from the connection (refused, silent, missing at the start) are proven end to end in
 * plugins/redis-outage.test.ts.
 */
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ReplyError } from 'ioredis';
import { reachableRedis } from '../../test/redis';
import { DependencyUnavailable } from './dependency-unavailable';
import { openRedisLink, redisFailureReason } from './redis-link';

const redisUrl = await reachableRedis();
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args), info: () => {} };

describe("Redis's own refusals", () => {
  // ioredis's ReplyError is typed `any`; these are the replies Redis sends, in its own class.
  const reply = (message: string) => new (ReplyError as new (m: string) => Error)(message);

  it('are outages when they mean "not now": out of memory, a read-only replica, loading, busy', () => {
    expect(redisFailureReason(reply('OOM command not allowed when used memory > maxmemory.'))).toBe('full');
    expect(redisFailureReason(reply('MISCONF Redis is configured to save RDB snapshots'))).toBe('full');
    expect(redisFailureReason(reply("READONLY You can't write against a read only replica."))).toBe('read-only');
    expect(redisFailureReason(reply('LOADING Redis is loading the dataset in memory'))).toBe('unreachable');
    expect(redisFailureReason(reply('BUSY Redis is busy running a script.'))).toBe('unreachable');
  });

  it('are no outage when the call was wrong', () => {
    expect(redisFailureReason(reply('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBe(
      undefined,
    );
    expect(redisFailureReason(reply("ERR unknown command 'NOSUCH'"))).toBe(undefined);
  });
});

describe.skipIf(!redisUrl)('a call through the link (skipped: no Redis)', () => {
  const link = redisUrl ? openRedisLink(redisUrl, { timeoutMs: 1000, log }) : undefined;
  const key = `test:redis-link:${crypto.randomUUID()}`;
  afterAll(async () => {
    await link?.client.del(key);
    link?.close();
  });

  it('passes a wrong call on as it is (a 500), and Redis stays up', async () => {
    await link!.call((c) => c.lpush(key, 'a list, not a counter'));
    const failure = await link!.call((c) => c.incr(key)).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(DependencyUnavailable);
    expect((failure as Error).message).toMatch(/^WRONGTYPE/);
    expect(link!.up()).toBe(true);
    expect((await link!.check()).up).toBe(true);
    expect(warnings).toEqual([]);
  });
});
