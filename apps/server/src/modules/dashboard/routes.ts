import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@app/shared/schemas/common';
import { dashboardSchema } from '@app/shared/schemas/dashboard';
import { dashboardService } from './service';
import { STAFF_API } from '@app/shared/api-paths-staff';

const errors = { 401: errorBody, 403: errorBody };

/** GET /api/dashboard: the staff landing page's figures in one answer, never cached. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = dashboardService(app.db);
  app.get(
    STAFF_API.dashboard,
    {
      config: { access: 'messages' },
      schema: {
        tags: ['dashboard'],
        operationId: 'getDashboard',
        summary: 'Messages waiting or failed, the active mailbox and its last delivery, counts, latest messages',
        response: { 200: dashboardSchema, ...errors },
      },
    },
    () => dashboard.get(),
  );
};
