import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPage, auditQuery } from '@app/shared/schemas/audit';
import { errorBody } from '@app/shared/schemas/common';
import { auditService } from './service';
import { STAFF_API } from '@app/shared/api-paths-staff';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** GET /api/audit: the trail, newest first, for administrators. Nothing here changes or deletes it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = auditService(app.db);
  app.get(
    STAFF_API.audit,
    {
      config: { access: 'audit' },
      schema: {
        tags: ['audit'],
        operationId: 'listAuditEntries',
        summary: 'The audit trail, filtered and paginated',
        querystring: auditQuery,
        response: { 200: auditPage, ...errors },
      },
    },
    (req) => audit.page(req.query),
  );
};
