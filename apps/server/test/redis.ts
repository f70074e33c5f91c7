import { Redis } from 'ioredis';

/**
 * The Redis server of TEST_REDIS_URL, or a local one when it answers; undefined (the Redis tests
 * are skipped) only when TEST_REDIS_URL is not set. CI sets it, so there they run or fail.
 */
export async function reachableRedis(): Promise<string | undefined> {
  const url = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return url;
  } catch (err) {
    if (process.env['TEST_REDIS_URL']) throw err;
    return undefined;
  } finally {
    redis.disconnect();
  }
}
