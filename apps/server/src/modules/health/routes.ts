import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS, unavailableReason } from '../../lib/dependency-unavailable';

const health = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
  /** Whether the last write the site tried succeeded; 'failing' while writes fail (full disk, read-only folder). */
  writes: z.enum(['ok', 'failing']),
  /** Why, when something is wrong: unreachable, timeout, full, read-only, shutting down, closed, error. */
  reason: z.string().optional(),
});
const live = z.object({ status: z.literal('ok') });

/**
 * Health answers are polled by machines (the container engine, a load balancer) that keep no
 * cookies: `csrfCookie: false` spares each poll a Set-Cookie (plugins/csrf.ts).
 */
const config = { access: 'public', csrfCookie: false } as const;

/**
 * Liveness (the process answers: restart it when not), readiness (the database answers: send it
 * no traffic when not) and /health, which is readiness under its older name.
 * docs/decisions/0113-liveness-and-readiness.md
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const ready = async (req: FastifyRequest, reply: FastifyReply) => {
    const down = (database: 'up' | 'down', writes: 'ok' | 'failing', reason: string) =>
      reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'error' as const, database, writes, reason });
    try {
      await app.database.ping();
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      return down('down', 'failing', unavailableReason(err) ?? 'error');
    }
    const failure = app.database.writeFailure();
    if (failure) return down('up', 'failing', failure);
    return { status: 'ok' as const, database: 'up' as const, writes: 'ok' as const };
  };
  const readySchema = { tags: ['operations'], response: { 200: health, 503: health } };

  app.get(
    '/health',
    {
      config,
      schema: {
        ...readySchema,
        operationId: 'getHealth',
        summary: 'Readiness: whether the database answers and writes succeed (as /health/ready).',
      },
    },
    ready,
  );
  app.get(
    '/health/ready',
    {
      config,
      schema: {
        ...readySchema,
        operationId: 'getReadiness',
        summary: 'Readiness: 200 when the database answers and writes succeed, else 503 with Retry-After and why.',
      },
    },
    ready,
  );
  app.get(
    '/health/live',
    {
      config,
      schema: {
        tags: ['operations'],
        operationId: 'getLiveness',
        summary: 'Liveness: 200 while the process answers; never asks the database.',
        response: { 200: live },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};
