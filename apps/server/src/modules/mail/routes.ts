import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@app/shared/messages';
import { errorBody, idParam, messageBody } from '@app/shared/schemas/common';
import {
  contactMessageSchema,
  mailboxForm,
  mailboxListItem,
  mailboxSchema,
  mailLogSchema,
  providerExistsQuery,
  providerRequest,
  providerSchema,
  testMailResult,
} from '@app/shared/schemas/mail';
import type { AppConfig } from '../../config';
import { conflict, notFound } from '../../lib/http-error';
import { deriveKey } from '../../lib/secret';
import { contentRepository } from '../content/repository';
import { mailLogRepository } from './mail-log-repository';
import { mailboxesRepository } from './mailboxes-repository';
import { mailboxesService } from './mailboxes-service';
import { outboxRepository } from './outbox-repository';
import { providersRepository } from './providers-repository';
import { providersService } from './providers-service';
import { outboxSignal } from './outbox-signal';
import { createMailWorker } from './worker';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const admin = { access: 'ROLE_ADMIN' } as const;
const iso = (d: Date) => d.toISOString();

/** The host of the public URL names our Message-IDs. */
export const messageIdDomain = (config: AppConfig) => {
  try {
    return new URL(config.publicUrl).hostname || 'redwall.local';
  } catch {
    return 'redwall.local';
  }
};

export const mailRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const key = deriveKey(app.secret, 'mailbox');
  const domain = messageIdDomain(config);
  const providersRepo = providersRepository(app.db);
  const providers = providersService(providersRepo);
  const mailboxes = mailboxesService({
    mailboxes: mailboxesRepository(app.db),
    providers: providersRepo,
    content: contentRepository(app.db),
    key,
    messageIdDomain: domain,
  });
  const outbox = outboxRepository(app.db);
  const logs = mailLogRepository(app.db);

  if (config.mailWorker) {
    const worker = createMailWorker(app.db, key, { messageIdDomain: domain, log: app.log.child({ module: 'mail-worker' }) });
    app.addHook('onReady', async () => worker.start());
    // Before the database closes: the sends in flight are recorded first.
    app.addHook('preClose', async () => worker.stop());
  }

  // ------------------------------------------------------------------ providers
  let tags = ['providers'];
  app.get('/providers/all', { config: admin, schema: { tags, response: { 200: z.array(providerSchema), ...errors } } }, () =>
    providers.list(),
  );
  app.get(
    '/providers/exists',
    { config: admin, schema: { tags, querystring: providerExistsQuery, response: { 200: z.boolean(), ...errors } } },
    (req) => {
      const q = req.query as z.output<typeof providerExistsQuery>;
      return providers.exists(q.providerName, q.port, q.protocol);
    },
  );
  app.post(
    '/providers/create',
    { config: admin, schema: { tags, body: providerRequest, response: { 201: providerSchema, ...errors } } },
    async (req, reply) => reply.code(201).send(await providers.create(req.body)),
  );
  app.get('/providers/:id', { config: admin, schema: { tags, params: idParam, response: { 200: providerSchema, ...errors } } }, (req) =>
    providers.get(req.params.id),
  );
  app.put(
    '/providers/:id',
    { config: admin, schema: { tags, params: idParam, body: providerRequest, response: { 200: providerSchema, ...errors } } },
    (req) => providers.update(req.params.id, req.body),
  );
  app.delete('/providers/:id', { config: admin, schema: { tags, params: idParam, response: { 200: messageBody, ...errors } } }, async (req) => {
    await providers.remove(req.params.id);
    return { message: MSG.providerDeleted };
  });

  // ------------------------------------------------------------------ mailboxes
  tags = ['mailboxes'];
  app.get('/mailboxes/all', { config: admin, schema: { tags, response: { 200: z.array(mailboxListItem), ...errors } } }, () =>
    mailboxes.list(),
  );
  app.post(
    '/mailboxes/create',
    { config: admin, schema: { tags, body: mailboxForm, response: { 201: mailboxSchema, ...errors } } },
    async (req, reply) => reply.code(201).send(await mailboxes.create(req.body)),
  );
  app.get('/mailboxes/:id', { config: admin, schema: { tags, params: idParam, response: { 200: mailboxSchema, ...errors } } }, (req) =>
    mailboxes.get(req.params.id),
  );
  app.put(
    '/mailboxes/:id/update',
    { config: admin, schema: { tags, params: idParam, body: mailboxForm, response: { 200: mailboxSchema, ...errors } } },
    (req) => mailboxes.update(req.params.id, req.body),
  );
  app.delete('/mailboxes/:id', { config: admin, schema: { tags, params: idParam, response: { 200: messageBody, ...errors } } }, async (req) => {
    await mailboxes.remove(req.params.id);
    return { message: MSG.mailboxDeleted };
  });
  app.post(
    '/mailboxes/:id/test',
    { config: admin, schema: { tags, params: idParam, response: { 200: testMailResult, 502: errorBody, ...errors } } },
    (req) => mailboxes.test(req.params.id),
  );

  // ------------------------------------------------------------------ received messages (the outbox)
  tags = ['messages'];
  app.get('/messages', { config: admin, schema: { tags, response: { 200: z.array(contactMessageSchema), ...errors } } }, async () =>
    (await outbox.list()).map((r) => ({
      ...r,
      nextAttemptAt: iso(r.nextAttemptAt),
      createdAt: iso(r.createdAt),
      sentAt: r.sentAt ? iso(r.sentAt) : null,
    })),
  );
  app.post(
    '/messages/:id/resend',
    { config: admin, schema: { tags, params: idParam, response: { 200: messageBody, ...errors } } },
    async (req) => {
      const outcome = await outbox.resend(req.params.id);
      if (outcome === 'missing') throw notFound(MSG.messageNotFound);
      if (outcome === 'not-failed') throw conflict(MSG.messageNotFailed);
      outboxSignal.notify(app.db);
      return { message: MSG.messageResent };
    },
  );

  // ------------------------------------------------------------------ mail log
  tags = ['mail log'];
  app.get('/mail-logs', { config: admin, schema: { tags, response: { 200: z.array(mailLogSchema), ...errors } } }, async () =>
    (await logs.list()).map((r) => ({ ...r, sentTimestamp: iso(r.sentTimestamp) })),
  );
  app.delete('/mail-logs/:id', { config: admin, schema: { tags, params: idParam, response: { 200: messageBody, ...errors } } }, async (req) => {
    if (!(await logs.remove(req.params.id))) throw notFound(MSG.mailLogNotFound);
    return { message: MSG.mailLogDeleted };
  });
};
