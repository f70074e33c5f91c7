import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@app/shared/messages';
import { errorBody } from '@app/shared/schemas/common';
import { contactForm, MAIL_FIELDS, mailAccepted } from '@app/shared/schemas/contact';
import { z } from 'zod';
import { CONTACT_MAX_FILE_BYTES } from '@app/shared/constants';
import { appCaptcha } from '../captcha';
import { contentRepository, contentService } from '../content';
import { negotiateLocale } from '@app/shared/locales';
import { tooManyRequests } from '../../lib/http-error';
import { outboxService } from '../outbox';
import { vacanciesRepository } from '../vacancies';
import { readContactSubmission } from './multipart';
import { contactRateLimit } from './rate-limit';
import { contactService } from './service';
import { API } from '@app/shared/api-paths';

// 403: the CSRF check (plugins/csrf.ts) refuses a change without the X-XSRF-TOKEN pair.
const errors = { 400: errorBody, 403: errorBody, 413: errorBody, 415: errorBody, 429: errorBody };

/** The parts of POST /api/contact (and /api/mail), for the API documentation (readContactSubmission reads them). */
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
  const content = contentService(contentRepository(app.db));
  const contact = contactService({
    outbox: outboxService(app.db),
    vacancies: vacanciesRepository(app.db),
    captcha: appCaptcha(app),
    confirmationSettings: (language) => content.confirmationSettings(language),
  });
  const takeRateSlot = contactRateLimit(app);

  /** Validate, then take the sender's rate slot, then store: in that order, and nothing else. */
  async function submit(req: FastifyRequest, reply: FastifyReply) {
    // The visitor's language is the sending page's (decision 0144): kept with the message, it
    // chooses the confirmation mail's language and is shown to staff.
    const language = negotiateLocale(req.headers['accept-language']);
    const checked = await contact.check(await readContactSubmission(req), language);
    // The honeypot answer looks like success to the bot; nothing was stored or counted.
    if (checked.bot) return reply.code(200).send({ id: 0, message: MSG.mailSent });
    // Only a submission that passed every check, the captcha included, spends the sender's limit:
    // posts without a solved captcha must not block a real visitor from the same address.
    const refusedFor = await takeRateSlot(req);
    if (refusedFor !== undefined) throw tooManyRequests(MSG.tooManyRequests, refusedFor);
    const id = await contact.store(checked.message);
    return reply.code(201).send({ id, message: MSG.mailSent });
  }

  const config = { access: 'public', requestBody: { 'multipart/form-data': contactParts } } as const;
  const schema = {
    tags: ['contact'],
    consumes: ['multipart/form-data'],
    response: { 201: mailAccepted, 200: mailAccepted, ...errors },
  };
  app.post(
    API.contact,
    {
      config: { ...config },
      schema: {
        ...schema,
        operationId: 'sendContactMessage',
        summary: 'Send a contact message or job application (multipart); a worker delivers it',
      },
    },
    submit,
  );
  // The specification's name for the same route: kept for clients written against it, the same
  // handler and answers, marked deprecated in the API documentation.
  app.post(
    API.contactSpecAlias,
    {
      config: { ...config },
      schema: {
        ...schema,
        operationId: 'sendContactMessageAtSpecPath',
        summary: "Send a contact message or job application at the specification's path (deprecated alias)",
        description: 'The same as sending to the contact path; kept because the specification names this path.',
        deprecated: true,
      },
    },
    submit,
  );
};
