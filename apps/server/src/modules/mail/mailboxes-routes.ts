import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@app/shared/messages';
import { errorBody, idParam, messageBody } from '@app/shared/schemas/common';
import { mailboxForm, mailboxListItem, mailboxSchema, testMailResult } from '@app/shared/schemas/mail';
import { contentRepository } from '../content/repository';
import { mailboxKey, messageIdDomain } from './mail-config';
import { mailboxesRepository } from './mailboxes-repository';
import { mailboxesService } from './mailboxes-service';
import { providersRepository } from './providers-repository';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const admin = { access: 'ROLE_ADMIN' } as const;
const tags = ['mailboxes'];

/** /api/mailboxes/*: the accounts contact mail is sent through (one active), and a test send. */
export const mailboxesRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailboxes = mailboxesService({
    mailboxes: mailboxesRepository(app.db),
    providers: providersRepository(app.db),
    content: contentRepository(app.db),
    key: mailboxKey(app.secret),
    messageIdDomain: messageIdDomain(app.config.publicUrl),
    smtpAllowedPorts: app.config.smtpAllowedPorts,
    log: app.log.child({ module: 'mail' }),
  });

  app.get(
    '/mailboxes/all',
    { config: admin, schema: { tags, response: { 200: z.array(mailboxListItem), ...errors } } },
    () => mailboxes.list(),
  );
  app.post(
    '/mailboxes/create',
    { config: admin, schema: { tags, body: mailboxForm, response: { 201: mailboxSchema, ...errors } } },
    async (req, reply) => reply.code(201).send(await mailboxes.create(req.body)),
  );
  app.get(
    '/mailboxes/:id',
    { config: admin, schema: { tags, params: idParam, response: { 200: mailboxSchema, ...errors } } },
    (req) => mailboxes.get(req.params.id),
  );
  app.put(
    '/mailboxes/:id/update',
    {
      config: admin,
      schema: { tags, params: idParam, body: mailboxForm, response: { 200: mailboxSchema, ...errors } },
    },
    (req) => mailboxes.update(req.params.id, req.body),
  );
  app.delete(
    '/mailboxes/:id',
    { config: admin, schema: { tags, params: idParam, response: { 200: messageBody, ...errors } } },
    async (req) => {
      await mailboxes.remove(req.params.id);
      return { message: MSG.mailboxDeleted };
    },
  );
  // The test send takes the mailbox id and nothing else: whatever a request body carries (host,
  // port, password, recipients) is not read; the mail goes where the saved mailbox says.
  app.post(
    '/mailboxes/:id/test',
    { config: admin, schema: { tags, params: idParam, response: { 200: testMailResult, 502: errorBody, ...errors } } },
    (req) => mailboxes.test(req.params.id),
  );
};
