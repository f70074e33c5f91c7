import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS, unavailableReason } from '../../lib/dependency-unavailable';
import { API } from '@app/shared/api-paths';

const health = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
  /** Whether the last write the site tried succeeded; 'failing' while writes fail (full disk, read-only folder). */
  writes: z.enum(['ok', 'failing']),
  /** With REDIS_URL only: whether Redis answers (sign-in, the contact form and likes need it). */
  redis: z.enum(['up', 'down']).optional(),
  /**
   * Why, when something is wrong (the database's first, then its writes', then Redis's):
   * unreachable, timeout, full, read-only, shutting down, closed, error.
   */
  reason: z.string().optional(),
});
const live = z.object({ status: z.literal('ok') });

/**
 * Health answers are polled by machines (the container engine, a load balancer) that keep no
 * cookies: `csrfCookie: false` spares each poll a Set-Cookie (plugins/csrf.ts).
 */
const config = { access: 'public', csrfCookie: false } as const;

/**
 * Liveness (the process answers: restart it when not), readiness (the database, and Redis when
 * configured, answer: send it no traffic when not) and /health, which is readiness under its
 * older name. docs/decisions/0113-liveness-and-readiness.md, docs/decisions/0118-redis-outage.md
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const ready = async (req: FastifyRequest, reply: FastifyReply) => {
    // Both asked at once: a hanging one costs its own timeout, not the sum.
    const [database, redis] = await Promise.all([
      app.database.ping().then(
        () => undefined,
        (err: unknown) => {
          req.log.error({ err }, 'health check: database unreachable');
          return unavailableReason(err) ?? 'error';
        },
      ),
      app.redis?.check(),
    ]);
    const writeFailure = database ? undefined : app.database.writeFailure();
    const answer = {
      database: database ? ('down' as const) : ('up' as const),
      writes: database || writeFailure ? ('failing' as const) : ('ok' as const),
      ...(redis ? { redis: redis.up ? ('up' as const) : ('down' as const) } : {}),
    };
    const reason = database ?? writeFailure ?? (redis && !redis.up ? redis.reason : undefined);
    if (reason === undefined) return { status: 'ok' as const, ...answer };
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ status: 'error' as const, ...answer, reason });
  };
  const readySchema = { tags: ['operations'], response: { 200: health, 503: health } };

  app.get(
    API.health,
    {
      config,
      schema: {
        ...readySchema,
        operationId: 'getHealth',
        summary:
          'Readiness: whether the database (and Redis, when configured) answers and writes succeed (as /health/ready).',
      },
    },
    ready,
  );
  app.get(
    API.healthReady,
    {
      config,
      schema: {
        ...readySchema,
        operationId: 'getReadiness',
        summary:
          'Readiness: 200 when the database (and Redis, when configured) answers and writes succeed, else 503 with Retry-After and why.',
      },
    },
    ready,
  );
  app.get(
    API.healthLive,
    {
      config,
      schema: {
        tags: ['operations'],
        operationId: 'getLiveness',
        summary: 'Liveness: 200 while the process answers; never asks the database or Redis.',
        response: { 200: live },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};
