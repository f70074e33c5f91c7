import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@app/shared/messages';
import { errorBody, idParam, messageBody } from '@app/shared/schemas/common';
import { mailboxForm, mailboxListItem, mailboxSchema, mailboxesPage, testMailResult } from '@app/shared/schemas/mail';
import { pageQuery } from '@app/shared/schemas/paging';
import { boundedListDescription } from '../../lib/bounded-list';
import { contentRepository } from '../content';
import { mailboxKey, messageIdDomain } from './mail-config';
import { mailboxesRepository } from './mailboxes-repository';
import { mailboxesService } from './mailboxes-service';
import type { MailDelivery } from './mail-delivery-port';
import { providersRepository } from './providers-repository';
import type { Db } from '../../db/client';
import { STAFF_API } from '@app/shared/api-paths-staff';

const auditedMailbox = (db: Db, id: number) => mailboxesRepository(db).find(id);

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const admin = { access: 'mail' } as const;
const tags = ['mailboxes'];

/** /api/mailboxes/*: the accounts contact mail is sent through (one active), and a test send. */
export const mailboxesRoutes: FastifyPluginAsyncZod<{ delivery: MailDelivery }> = async (app, { delivery }) => {
  const mailboxes = mailboxesService({
    mailboxes: mailboxesRepository(app.db),
    providers: providersRepository(app.db),
    content: contentRepository(app.db),
    key: mailboxKey(app.secret),
    messageIdDomain: messageIdDomain(app.config.publicUrl),
    smtpAllowedPorts: app.config.smtpAllowedPorts,
    log: app.log.child({ module: 'mail' }),
    delivery,
  });
  // A saved mailbox, or one whose test send worked, may be what waiting messages were waiting for.
  const retryWaiting = () => delivery.retryWaiting(app.db);

  app.get(
    STAFF_API.mailboxes,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'listMailboxes',
        summary: "The mailboxes with their provider's settings (never a password)",
        description: boundedListDescription('mailboxes', 'oldest first'),
        querystring: pageQuery,
        response: { 200: z.union([z.array(mailboxListItem), mailboxesPage]), ...errors },
      },
    },
    (req) => mailboxes.list(req.query),
  );
  app.post(
    STAFF_API.mailboxCreate,
    {
      config: { ...admin, audit: { area: 'mailboxes', action: 'create', load: auditedMailbox } },
      schema: {
        tags,
        operationId: 'createMailbox',
        summary: 'Add a mailbox to send contact mail through',
        body: mailboxForm,
        response: { 201: mailboxSchema, ...errors },
      },
    },
    async (req, reply) => {
      const created = await mailboxes.create(req.body);
      await retryWaiting();
      return reply.code(201).send(created);
    },
  );
  app.get(
    STAFF_API.mailbox,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'getMailbox',
        summary: 'One mailbox (never its password)',
        params: idParam,
        response: { 200: mailboxSchema, ...errors },
      },
    },
    (req) => mailboxes.get(req.params.id),
  );
  app.put(
    STAFF_API.mailboxUpdate,
    {
      config: { ...admin, audit: { area: 'mailboxes', action: 'update', load: auditedMailbox } },
      schema: {
        tags,
        operationId: 'updateMailbox',
        summary: 'Change a mailbox; an empty password keeps the stored one',
        params: idParam,
        body: mailboxForm,
        response: { 200: mailboxSchema, ...errors },
      },
    },
    async (req) => {
      const updated = await mailboxes.update(req.params.id, req.body);
      await retryWaiting();
      return updated;
    },
  );
  app.delete(
    STAFF_API.mailbox,
    {
      config: { ...admin, audit: { area: 'mailboxes', action: 'delete', load: auditedMailbox } },
      schema: {
        tags,
        operationId: 'deleteMailbox',
        summary: 'Delete a mailbox',
        params: idParam,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await mailboxes.remove(req.params.id);
      return { message: MSG.mailboxDeleted };
    },
  );
  // The test send takes the mailbox id and nothing else: whatever a request body carries (host,
  // port, password, recipients) is not read; the mail goes where the saved mailbox says.
  app.post(
    STAFF_API.mailboxTest,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'testMailbox',
        summary: 'Send a test mail through a saved mailbox and report the outcome',
        params: idParam,
        response: { 200: testMailResult, 502: errorBody, ...errors },
      },
    },
    async (req) => {
      const result = await mailboxes.test(req.params.id);
      await retryWaiting(); // it works now: what waited is tried at once
      return result;
    },
  );
};
