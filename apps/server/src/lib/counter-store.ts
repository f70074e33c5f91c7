import { Redis } from 'ioredis';

/** Counts events per key inside a fixed window; shared across instances when Redis is configured. */
export interface CounterStore {
  count(key: string): Promise<number>;
  increment(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryCounterStore(): CounterStore {
  const entries = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.until <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    count: async (key) => live(key)?.n ?? 0,
    increment: async (key, windowMs) => {
      const e = live(key) ?? { n: 0, until: Date.now() + windowMs };
      e.n += 1;
      entries.set(key, e);
      return e.n;
    },
    reset: async (key) => void entries.delete(key),
    close: async () => entries.clear(),
  };
}

export function redisCounterStore(redis: Redis, prefix = 'sentinel:'): CounterStore {
  return {
    count: async (key) => Number((await redis.get(prefix + key)) ?? 0),
    increment: async (key, windowMs) => {
      const [[, n]] = (await redis.multi().incr(prefix + key).pexpire(prefix + key, windowMs, 'NX').exec()) as [
        [unknown, number],
      ];
      return n;
    },
    reset: async (key) => void (await redis.del(prefix + key)),
    close: async () => void redis.disconnect(),
  };
}
