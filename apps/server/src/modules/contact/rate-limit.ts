import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Messages one address may send per window; enough for a person, too few for a flood. */
export const CONTACT_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };

/**
 * The sender's rate limit: each call counts one submission against the sender's address and, when
 * that goes over CONTACT_LIMIT, answers how many milliseconds are left of the limit's window (the
 * 429's Retry-After), else undefined. @fastify/rate-limit keeps the count (in Redis when
 * configured); the route calls it once a submission has passed every check, which a route-level
 * limit could not do (docs/decisions/0012-rate-limits.md).
 */
export function contactRateLimit(app: FastifyInstance): (req: FastifyRequest) => Promise<number | undefined> {
  const limiter = app.createRateLimit({
    max: CONTACT_LIMIT.max,
    timeWindow: CONTACT_LIMIT.windowMs,
    keyGenerator: (req) => `contact:${req.ip}`,
  });
  return async (req) => {
    // In Redis when configured: through its link, which answers or refuses (503) in time.
    const count = () => limiter(req);
    const limit = await (app.redis ? app.redis.call(count) : count());
    return !limit.isAllowed && limit.isExceeded ? limit.ttl : undefined;
  };
}
