import type { RedisLink } from './redis-link';

/** A counter and the count it may reach; `max: Infinity` counts without limiting. */
export interface Limit {
  key: string;
  max: number;
}

/**
 * What `reserve` answered. Granted: every counter went up by one and `counts` are the new counts.
 * Refused: nothing changed, `blocked` is the index of the first limit that was already reached and
 * `counts` are the counts as they are.
 */
export type Reservation = { granted: true; counts: number[] } | { granted: false; blocked: number; counts: number[] };

/** Counts events per key inside a fixed window; shared across instances when Redis is configured. */
export interface CounterStore {
  count(key: string): Promise<number>;
  increment(key: string, windowMs: number): Promise<number>;
  /**
   * In one atomic step: when every counter is below its `max`, adds one to each (a new counter
   * starts a window of `windowMs`); otherwise changes nothing. Parallel callers, in this process or
   * (with Redis) in any instance, can never together pass a limit: check and count cannot interleave.
   */
  reserve(limits: Limit[], windowMs: number): Promise<Reservation>;
  /** Takes back one count from each counter (never below zero, never starting one, window kept). */
  release(keys: string[]): Promise<void>;
  reset(key: string): Promise<void>;
  /** Milliseconds until the counter's window ends and it is gone (0: no such counter): a refusal's Retry-After. */
  expiresIn(key: string): Promise<number>;
  close(): Promise<void>;
}

/** Expired entries are dropped when read, and all of them every this many writes (bounded memory). */
const SWEEP_EVERY = 1000;

export function memoryCounterStore(): CounterStore {
  const entries = new Map<string, { n: number; until: number }>();
  let writes = 0;
  const sweep = () => {
    if (++writes % SWEEP_EVERY) return;
    const now = Date.now();
    for (const [key, e] of entries) if (e.until <= now) entries.delete(key);
  };
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.until <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  const add = (key: string, windowMs: number) => {
    const e = live(key) ?? { n: 0, until: Date.now() + windowMs };
    e.n += 1;
    entries.set(key, e);
    return e.n;
  };
  // Every method runs to its end without awaiting: one JavaScript thread makes each one atomic.
  return {
    count: async (key) => live(key)?.n ?? 0,
    increment: async (key, windowMs) => {
      sweep();
      return add(key, windowMs);
    },
    reserve: async (limits, windowMs) => {
      sweep();
      const counts = limits.map((l) => live(l.key)?.n ?? 0);
      const blocked = limits.findIndex((l, i) => counts[i]! >= l.max);
      if (blocked >= 0) return { granted: false, blocked, counts };
      return { granted: true, counts: limits.map((l) => add(l.key, windowMs)) };
    },
    release: async (keys) => {
      for (const key of keys) {
        const e = live(key);
        if (e && e.n > 1) e.n -= 1;
        else if (e) entries.delete(key);
      }
    },
    reset: async (key) => void entries.delete(key),
    expiresIn: async (key) => Math.max(0, (live(key)?.until ?? 0) - Date.now()),
    close: async () => entries.clear(),
  };
}

/**
 * KEYS: the counters; ARGV[1]: the window in ms; ARGV[2…]: each counter's max (-1: none).
 * Answers { blocked index (1-based, 0 when granted), count… }. A script runs alone in Redis, so
 * no other client's reserve can come between this one's check and its increments.
 */
const RESERVE = `
local counts = {}
local blocked = 0
for i, key in ipairs(KEYS) do
  counts[i] = tonumber(redis.call('GET', key) or '0')
  local max = tonumber(ARGV[i + 1])
  if blocked == 0 and max >= 0 and counts[i] >= max then blocked = i end
end
if blocked == 0 then
  for i, key in ipairs(KEYS) do
    counts[i] = redis.call('INCR', key)
    redis.call('PEXPIRE', key, ARGV[1], 'NX')
  end
end
table.insert(counts, 1, blocked)
return counts
`;

/** KEYS: the counters. DECR keeps the key's expiry; a key that has expired is not brought back. */
const RELEASE = `
for _, key in ipairs(KEYS) do
  local n = tonumber(redis.call('GET', key) or '0')
  if n > 1 then redis.call('DECR', key) elseif n == 1 then redis.call('DEL', key) end
end
return 0
`;

/**
 * Counters in Redis, shared by every instance. Each call goes through the link: answered within
 * its timeout, or refused as DependencyUnavailable (a 503) while Redis cannot serve.
 */
export function redisCounterStore(link: RedisLink, prefix = 'redwall:'): CounterStore {
  const { call } = link;
  return {
    count: (key) => call(async (redis) => Number((await redis.get(prefix + key)) ?? 0)),
    increment: (key, windowMs) =>
      call(async (redis) => {
        const [[, n]] = (await redis
          .multi()
          .incr(prefix + key)
          .pexpire(prefix + key, windowMs, 'NX')
          .exec()) as [[unknown, number]];
        return n;
      }),
    reserve: (limits, windowMs) =>
      call(async (redis) => {
        const keys = limits.map((l) => prefix + l.key);
        const maxes = limits.map((l) => (Number.isFinite(l.max) ? String(l.max) : '-1'));
        const [blocked, ...counts] = (await redis.eval(
          RESERVE,
          keys.length,
          ...keys,
          String(windowMs),
          ...maxes,
        )) as number[];
        return blocked ? { granted: false, blocked: blocked - 1, counts } : { granted: true, counts };
      }),
    release: async (keys) => {
      if (keys.length) await call((redis) => redis.eval(RELEASE, keys.length, ...keys.map((k) => prefix + k)));
    },
    reset: (key) => call(async (redis) => void (await redis.del(prefix + key))),
    // PTTL: -2 for no key, -1 for a key without expiry (never made here).
    expiresIn: (key) => call(async (redis) => Math.max(0, await redis.pttl(prefix + key))),
    close: async () => link.close(),
  };
}
