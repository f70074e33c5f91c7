import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { errorBody, idParam, messageBody } from '@app/shared/schemas/common';
import {
  erasedCounts,
  mailHealth,
  messagesByEmailQuery,
  messagesByEmailRequired,
  messagesExport,
  messagesPage,
} from '@app/shared/schemas/mail';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@app/shared/schemas/paging';
import { recordAudit } from '../audit';
import { can } from '../auth';
import { mailboxesRepository } from '../mail-settings';
import { outboxService } from '../outbox';
import { dataSubjectRequests } from './data-subject-requests';
import { STAFF_API } from '@app/shared/api-paths-staff';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const admin = { access: 'messages' } as const;
const tags = ['messages'];

/** /api/messages/*: the received contact messages (the outbox) and sending a failed one again. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = outboxService(app.db);
  const subjects = dataSubjectRequests(app.db);

  app.get(
    STAFF_API.messages,
    {
      // A recruiter sees the applications for a vacancy only; every other message needs 'messages'.
      config: { access: 'applications' },
      schema: {
        tags,
        operationId: 'listMessages',
        summary: 'Received messages, one page, newest first; with ?email= only those from that address',
        description:
          `One page of { items, total, page, pageSize }: page from 1, pageSize 1 to ${MAX_PAGE_SIZE} ` +
          `(default ${DEFAULT_PAGE_SIZE}). Each item is a message's delivery state without its text, ` +
          'phone number or attachment; GET /api/messages/export?email= answers every field of every ' +
          "message from one address. With email (matched ignoring case): that person's messages only. " +
          'A role without the messages capability (ROLE_RECRUITER) sees only the applications for a vacancy.',
        querystring: messagesByEmailQuery,
        response: { 200: messagesPage, ...errors },
      },
    },
    (req) => outbox.page(req.query, !can(req.principal, 'messages')),
  );
  app.get(
    STAFF_API.messagesExport,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'exportMessages',
        summary: 'Every message from an address, with attachments, as one JSON file',
        querystring: messagesByEmailRequired,
        response: { 200: messagesExport, ...errors },
      },
    },
    async (req, reply) => {
      const data = await subjects.export(req.query.email);
      // Handing personal data out is itself an action to account for; the address stays out of the trail.
      await recordAudit(
        app.db,
        {
          area: 'messages',
          action: 'export',
          changes: { messages: { to: data.messages.length }, candidates: { to: data.candidates.length } },
        },
        req,
      );
      void reply.header(
        'content-disposition',
        `attachment; filename="messages-export-${data.exportedAt.slice(0, 10)}.json"`,
      );
      return data;
    },
  );
  app.delete(
    STAFF_API.messages,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'eraseMessagesFrom',
        summary: 'Erase every message from an address, the mail-log rows about them and the candidates of that person',
        querystring: messagesByEmailRequired,
        response: { 200: erasedCounts, ...errors },
      },
    },
    async (req) => {
      const erased = await subjects.eraseByEmail(req.query.email);
      await recordAudit(
        app.db,
        {
          area: 'messages',
          action: 'erase-by-email',
          changes: {
            messages: { to: erased.messages },
            mailLogs: { to: erased.mailLogs },
            candidates: { to: erased.candidates },
          },
        },
        req,
      );
      return { message: STAFF_MSG.messagesErased(erased.messages), ...erased };
    },
  );
  app.delete(
    STAFF_API.message,
    {
      config: { ...admin, audit: { area: 'messages', action: 'erase' } },
      schema: {
        tags,
        operationId: 'eraseMessage',
        summary: 'Erase one message, its attachment and its mail-log rows',
        params: idParam,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await subjects.eraseOne(req.params.id);
      return { message: STAFF_MSG.messageErased };
    },
  );
  app.get(
    STAFF_API.mailHealth,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'getMailHealth',
        summary: 'Waiting and failed messages, and whether a working mailbox exists',
        response: { 200: mailHealth, ...errors },
      },
    },
    async () => outbox.health(!!(await mailboxesRepository(app.db).findActive())),
  );
  app.post(
    STAFF_API.messageSendNow,
    {
      config: { ...admin, audit: { area: 'messages', action: 'send-now' } },
      schema: {
        tags,
        operationId: 'sendMessageNow',
        summary: 'Try a waiting message at once',
        params: idParam,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await outbox.sendNow(req.params.id);
      return { message: MSG.messageSendingNow };
    },
  );
  app.post(
    STAFF_API.messageResend,
    {
      config: { ...admin, audit: { area: 'messages', action: 'resend' } },
      schema: {
        tags,
        operationId: 'resendMessage',
        summary: 'Send a failed message again',
        params: idParam,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await outbox.resend(req.params.id);
      return { message: MSG.messageResent };
    },
  );
};
