import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { DependencyUnavailable, NETWORK_CODES, type UnavailableReason } from './dependency-unavailable';

/** What a readiness check learns: Redis answered, or why not. */
export type RedisCheck = { up: true } | { up: false; reason: UnavailableReason };

/**
 * The one Redis connection (REDIS_URL) of the counters and the contact limit, and what is known of
 * it. A call answers or fails within the timeout, never waits for a connection that is not there,
 * and a failure that means Redis cannot serve becomes DependencyUnavailable('redis'): a 503 with
 * Retry-After. The connection comes back by itself. docs/decisions/0118-redis-outage.md
 */
export interface RedisLink {
  readonly client: Redis;
  call<T>(fn: (client: Redis) => Promise<T>): Promise<T>;
  /** PING, for readiness. */
  check(): Promise<RedisCheck>;
  /** Whether the last word from Redis was good (0 before the first connection, and during an outage). */
  up(): boolean;
  /** Outages since the start, the one at start included (metrics). */
  outages(): number;
  close(): void;
}

/** Redis's own refusals that mean "not now" rather than a wrong command (which stays a 500). */
const REPLY_REASONS: [RegExp, UnavailableReason][] = [
  [/^(OOM|MISCONF)\b/, 'full'],
  [/^READONLY\b/, 'read-only'],
  [/^(LOADING|BUSY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN)\b/, 'unreachable'],
];

/**
 * Why a Redis call failed, when Redis cannot serve; undefined for anything else (a bug in a call).
 * `during`: the reason of the outage under way, for the errors that only say "not connected".
 */
export function redisFailureReason(err: unknown, during?: UnavailableReason): UnavailableReason | undefined {
  const e = (err ?? {}) as { name?: unknown; message?: unknown; code?: unknown };
  const message = typeof e.message === 'string' ? e.message : '';
  if (e.name === 'ReplyError') return REPLY_REASONS.find(([pattern]) => pattern.test(message))?.[1];
  if (typeof e.code === 'string' && NETWORK_CODES[e.code]) return NETWORK_CODES[e.code];
  // ioredis says these in words only (ioredis 6: Redis.js, Command.js, errors/).
  if (/^Command timed out$|^Socket timeout\b/.test(message)) return 'timeout';
  if (
    e.name === 'MaxRetriesPerRequestError' ||
    /^Stream isn't writeable|^Connection is closed|^connect E[A-Z]+/.test(message)
  ) {
    return during ?? 'unreachable';
  }
  return undefined;
}

export function openRedisLink(
  url: string,
  opts: { timeoutMs: number; log: Pick<FastifyBaseLogger, 'warn' | 'info'> },
): RedisLink {
  const { timeoutMs, log } = opts;
  const client = new Redis(url, {
    // A host that does not answer the connection, a command without a reply, a connection that
    // has gone silent (it is then dropped and made again): each given up after the timeout.
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // Without a connection a call fails at once instead of queueing until one is back; a call
    // cut off with its connection fails too instead of being sent again (an increment counted
    // twice). Requests answer 503 at once and their clients retry.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Tries again for ever, at least once a second: back within a second of Redis.
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });

  let state: 'starting' | 'up' | 'down' = 'starting';
  let reason: UnavailableReason | undefined;
  let downSince = 0;
  let outages = 0;
  let closing = false;

  const markUp = () => {
    if (state === 'down') log.info({ downForMs: Date.now() - downSince }, 'Redis available again');
    state = 'up';
    reason = undefined;
  };
  /** Said once per outage, whatever the number of refused requests and reconnection attempts. */
  const markDown = (why: UnavailableReason, err?: unknown) => {
    if (closing) return;
    reason = why;
    if (state === 'down') return;
    state = 'down';
    downSince = Date.now();
    outages += 1;
    const message = err instanceof Error ? err.message : undefined;
    log.warn({ reason: why, ...(message ? { cause: message } : {}) }, 'Redis unavailable');
  };

  client.on('ready', markUp);
  // A failed connection attempt, a dropped or silent connection: ioredis reconnects by itself.
  client.on('error', (err: unknown) => markDown(redisFailureReason(err, reason) ?? 'unreachable', err));
  client.on('close', () => {
    if (state !== 'down') markDown('unreachable');
  });

  // The first connection is ready or has failed (each step of it has the timeout; the timer is a
  // backstop): calls made before wait for it, not for ever, rather than fail while it is made.
  const firstAttempt = new Promise<void>((resolve) => {
    const timer = setTimeout(done, 3 * timeoutMs).unref();
    function done() {
      clearTimeout(timer);
      client.off('ready', done).off('error', done).off('close', done);
      resolve();
    }
    client.once('ready', done).once('error', done).once('close', done);
  });

  const call = async <T>(fn: (c: Redis) => Promise<T>): Promise<T> => {
    if (state === 'starting') await firstAttempt;
    try {
      const answer = await fn(client);
      markUp();
      return answer;
    } catch (err) {
      const why = redisFailureReason(err, reason);
      if (!why) throw err;
      markDown(why, err);
      throw new DependencyUnavailable('redis', why, { cause: err });
    }
  };

  return {
    client,
    call,
    check: async () => {
      try {
        await call((c) => c.ping());
        return { up: true };
      } catch (err) {
        if (err instanceof DependencyUnavailable) return { up: false, reason: err.reason };
        throw err;
      }
    },
    up: () => state === 'up',
    outages: () => outages,
    close: () => {
      closing = true;
      client.disconnect();
    },
  };
}
