import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@app/shared/messages';
import { errorBody } from '@app/shared/schemas/common';
import { contactForm, MAIL_FIELDS, mailAccepted } from '@app/shared/schemas/contact';
import { z } from 'zod';
import { CONTACT_MAX_FILE_BYTES } from '@app/shared/constants';
import { SITE_DEFAULT_MSG } from '@app/shared/messages/site-defaults';
import { appCaptcha } from '../captcha/captcha';
import { contentRepository } from '../content/repository';
import { outboxService } from '../mail/outbox-service';
import { vacanciesRepository } from '../vacancies/repository';
import { readContactSubmission } from './multipart';
import { CONTACT_LIMIT, contactService } from './service';
import { API } from '@app/shared/api-paths';

// 403: the CSRF check (plugins/csrf.ts) refuses a change without the X-XSRF-TOKEN pair.
const errors = { 400: errorBody, 403: errorBody, 413: errorBody, 415: errorBody, 429: errorBody };

/** The parts of POST /api/mail, for the API documentation (readContactSubmission reads them). */
const contactParts = contactForm.partial({ phoneNumber: true }).extend({
  [MAIL_FIELDS.vacancyId]: z.string().regex(/^\d+$/).optional().describe('An application: the vacancy applied for.'),
  [MAIL_FIELDS.captcha]: z
    .string()
    .describe('The solved ALTCHA challenge (GET /api/captcha/challenge), as the widget sends it.'),
  [MAIL_FIELDS.honeypot]: z
    .string()
    .optional()
    .describe('Leave out: a filled one is answered 200 and nothing is stored.'),
  [MAIL_FIELDS.file]: z
    .file()
    .optional()
    .describe(`A PDF (CV), at most ${CONTACT_MAX_FILE_BYTES / 1024 / 1024} MB.`),
});

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = contentRepository(app.db);
  const contact = contactService({
    outbox: outboxService(app.db),
    vacancies: vacanciesRepository(app.db),
    captcha: appCaptcha(app),
    confirmation: async () => {
      const settings = await content.findSettings();
      return {
        enabled: settings?.confirmationEnabled ?? true,
        text: settings?.confirmationText ?? SITE_DEFAULT_MSG.confirmationTextDefault,
      };
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
    API.contact,
    {
      config: { access: 'public', requestBody: { 'multipart/form-data': contactParts } },
      schema: {
        tags: ['contact'],
        operationId: 'sendContactMessage',
        summary: 'Send a contact message or job application (multipart); a worker delivers it',
        consumes: ['multipart/form-data'],
        response: { 201: mailAccepted, 200: mailAccepted, ...errors },
      },
    },
    async (req, reply) => {
      const outcome = await contact.submit(await readContactSubmission(req), async () => {
        // In Redis when configured: through its link, which answers or refuses (503) in time.
        const count = () => contactLimit(req);
        const limit = await (app.redis ? app.redis.call(count) : count());
        return !limit.isAllowed && limit.isExceeded ? limit.ttl : undefined;
      });
      // The honeypot answer looks like success to the bot; nothing was stored.
      if (!outcome.stored) return reply.code(200).send({ id: 0, message: MSG.mailSent });
      return reply.code(201).send({ id: outcome.id, message: MSG.mailSent });
    },
  );
};
