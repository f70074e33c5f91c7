import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@app/shared/messages';
import { errorBody } from '@app/shared/schemas/common';
import { mailAccepted } from '@app/shared/schemas/contact';
import { DEFAULT_CONFIRMATION_TEXT } from '@app/shared/constants';
import { appCaptcha } from '../captcha/captcha';
import { contentRepository } from '../content/repository';
import { outboxService } from '../mail/outbox-service';
import { vacanciesRepository } from '../vacancies/repository';
import { readContactSubmission } from './multipart';
import { CONTACT_LIMIT, contactService } from './service';

const errors = { 400: errorBody, 413: errorBody, 415: errorBody, 429: errorBody };

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = contentRepository(app.db);
  const contact = contactService({
    outbox: outboxService(app.db),
    vacancies: vacanciesRepository(app.db),
    captcha: appCaptcha(app),
    confirmation: async () => {
      const settings = await content.findSettings();
      return { enabled: settings?.confirmationEnabled ?? true, text: settings?.confirmationText ?? DEFAULT_CONFIRMATION_TEXT };
    },
  });
  // @fastify/rate-limit keeps the count (in Redis when configured); the service decides when a
  // submission counts, which a route-level limit could not (docs/decisions/0012-rate-limits.md).
  const contactLimit = app.createRateLimit({
    max: CONTACT_LIMIT.max,
    timeWindow: CONTACT_LIMIT.windowMs,
    keyGenerator: (req) => `contact:${req.ip}`,
  });

  app.post(
    '/mail',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: 'Stores a contact message or job application (multipart); a worker delivers it.',
        consumes: ['multipart/form-data'],
        response: { 201: mailAccepted, 200: mailAccepted, ...errors },
      },
    },
    async (req, reply) => {
      const outcome = await contact.submit(await readContactSubmission(req), async () => {
        const limit = await contactLimit(req);
        return !limit.isAllowed && limit.isExceeded;
      });
      // The honeypot answer looks like success to the bot; nothing was stored.
      if (!outcome.stored) return reply.code(200).send({ id: 0, message: MSG.mailSent });
      return reply.code(201).send({ id: outcome.id, message: MSG.mailSent });
    },
  );
};
