import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS, unavailableReason } from '../../lib/database-unavailable';

const health = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
  /** Whether the last write the site tried succeeded; 'failing' while writes fail (full disk, read-only folder). */
  writes: z.enum(['ok', 'failing']),
  /** Why, when something is wrong: unreachable, timeout, full, read-only, shutting down, closed, error. */
  reason: z.string().optional(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operations'],
        operationId: 'getHealth',
        summary: 'Whether the database answers and writes succeed (503 when not)',
        response: { 200: health, 503: health },
      },
    },
    async (req, reply) => {
      const down = (database: 'up' | 'down', writes: 'ok' | 'failing', reason: string) =>
        reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ status: 'error', database, writes, reason });
      try {
        await app.database.ping();
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return down('down', 'failing', unavailableReason(err) ?? 'error');
      }
      const failure = app.database.writeFailure();
      if (failure) return down('up', 'failing', failure);
      return { status: 'ok' as const, database: 'up' as const, writes: 'ok' as const };
    },
  );
};
