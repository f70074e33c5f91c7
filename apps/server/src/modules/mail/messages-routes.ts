import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@app/shared/messages';
import { errorBody, idParam, messageBody } from '@app/shared/schemas/common';
import { contactMessageSchema, mailHealth } from '@app/shared/schemas/mail';
import { mailboxesRepository } from './mailboxes-repository';
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
  app.get(
    '/mail/health',
    { config: admin, schema: { tags, summary: 'Waiting and failed messages, and whether a working mailbox exists', response: { 200: mailHealth, ...errors } } },
    async () => outbox.health(!!(await mailboxesRepository(app.db).findActive())),
  );
  app.post(
    '/messages/:id/send-now',
    { config: admin, schema: { tags, summary: 'Try a waiting message at once', params: idParam, response: { 200: messageBody, ...errors } } },
    async (req) => {
      await outbox.sendNow(req.params.id);
      return { message: MSG.messageSendingNow };
    },
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
