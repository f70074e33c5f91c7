import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@app/shared/schemas/common';
import { dashboardSchema, recruitingDashboard as recruitingSchema } from '@app/shared/schemas/dashboard';
import { dashboardService } from './service';
import { recruitingDashboard } from './recruiting';
import { STAFF_API } from '@app/shared/api-paths-staff';

const errors = { 401: errorBody, 403: errorBody };

/**
 * GET /api/dashboard: the staff landing page's figures in one answer, never cached. Its recruiting
 * part is a route of its own: it needs `candidates`, which the figures' `messages` does not imply
 * (a recruiter holds the one, not the other), so each part is guarded by its route's capability.
 */
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
  const recruiting = recruitingDashboard(app.db);
  app.get(
    STAFF_API.dashboardRecruiting,
    {
      config: { access: 'candidates' },
      schema: {
        tags: ['dashboard'],
        operationId: 'getRecruitingDashboard',
        summary: 'Open vacancies per stage, candidates waiting for an answer, coming interviews, time to hire',
        response: { 200: recruitingSchema, ...errors },
      },
    },
    () => recruiting.get(),
  );
};
