import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@app/shared/messages';
import { errorBody, idParam, messageBody } from '@app/shared/schemas/common';
import { contactMessageSchema } from '@app/shared/schemas/mail';
import { outboxService } from './outbox-service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const admin = { access: 'ROLE_ADMIN' } as const;
const tags = ['messages'];

/** /api/messages/*: the received contact messages (the outbox) and sending a failed one again. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = outboxService(app.db);

  app.get(
    '/messages',
    { config: admin, schema: { tags, response: { 200: z.array(contactMessageSchema), ...errors } } },
    () => outbox.list(),
  );
  app.post(
    '/messages/:id/resend',
    { config: admin, schema: { tags, params: idParam, response: { 200: messageBody, ...errors } } },
    async (req) => {
      await outbox.resend(req.params.id);
      return { message: MSG.messageResent };
    },
  );
};
