import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const health = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['up', 'down']) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['operations'], response: { 200: health, 503: health } } },
    async (req, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const, database: 'up' as const };
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', database: 'down' });
      }
    },
  );
};
