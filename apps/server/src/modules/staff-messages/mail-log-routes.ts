import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@app/shared/messages';
import { errorBody, idParam, messageBody } from '@app/shared/schemas/common';
import { mailLogPage, mailLogQuery, mailLogSchema } from '@app/shared/schemas/mail';
import { boundedListDescription } from '../../lib/bounded-list';
import { mailLogRepository } from '../outbox';
import { mailLogService } from './mail-log-service';
import { STAFF_API } from '@app/shared/api-paths-staff';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const admin = { access: 'mail' } as const;
const tags = ['mail log'];

/** /api/mail-logs/*: one row per delivered mail. */
export const mailLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const logs = mailLogService(mailLogRepository(app.db));

  app.get(
    STAFF_API.mailLogs,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'listMailLogs',
        summary: 'The mail log: one row per delivered mail',
        description:
          boundedListDescription('rows', 'newest first, or by sort') +
          ' sort: senderFullName, senderEmail, sentTimestamp, sentToMailbox or recipients; order: asc ' +
          '(the default with sort) or desc. Ties are broken by id in the same direction.',
        querystring: mailLogQuery,
        response: { 200: z.union([z.array(mailLogSchema), mailLogPage]), ...errors },
      },
    },
    (req) => logs.list(req.query),
  );
  app.delete(
    STAFF_API.mailLog,
    {
      config: { ...admin, audit: { area: 'mail-log', action: 'delete' } },
      schema: {
        tags,
        operationId: 'deleteMailLog',
        summary: 'Delete a mail-log row',
        params: idParam,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await logs.remove(req.params.id);
      return { message: MSG.mailLogDeleted };
    },
  );
};
