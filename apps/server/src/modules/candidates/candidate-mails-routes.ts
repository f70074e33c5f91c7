import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_API } from '@app/shared/api-paths-staff';
import { errorBody, idParam } from '@app/shared/schemas/common';
import {
  candidateMailPreview,
  candidateMailRequest,
  mailTemplate,
  mailTemplates,
  templateForm,
  templateKey,
} from '@app/shared/schemas/candidates';
import { candidateMailsService } from './candidate-mails-service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['candidates'];

/**
 * Candidate mails (decision 0160): the templates per kind and language, and the acknowledgement,
 * invitation and rejection a recruiter previews and sends to a candidate through the outbox.
 */
export const candidateMailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const mails = candidateMailsService(app);
  const config = { access: 'candidates' } as const;

  app.get(
    STAFF_API.candidateMailTemplates,
    {
      config,
      schema: {
        tags,
        operationId: 'listCandidateMailTemplates',
        summary: 'Every candidate mail template per kind and language: the stored text or the built-in default',
        response: { 200: mailTemplates, ...errors },
      },
    },
    () => mails.listTemplates(),
  );

  app.put(
    STAFF_API.candidateMailTemplate,
    {
      config,
      schema: {
        tags,
        operationId: 'saveCandidateMailTemplate',
        summary: 'Save the subject and text of one kind of candidate mail in one language',
        params: templateKey,
        body: templateForm,
        response: { 200: mailTemplate, ...errors },
      },
    },
    (req) => mails.saveTemplate(req.params, req.body, req),
  );

  app.delete(
    STAFF_API.candidateMailTemplate,
    {
      config,
      schema: {
        tags,
        operationId: 'resetCandidateMailTemplate',
        summary: 'Put one kind of candidate mail in one language back to the built-in default text',
        params: templateKey,
        response: { 200: mailTemplate, ...errors },
      },
    },
    (req) => mails.resetTemplate(req.params, req),
  );

  app.post(
    STAFF_API.candidateMailPreview,
    {
      config,
      schema: {
        tags,
        operationId: 'previewCandidateMail',
        summary:
          "A candidate mail as it would be sent: the candidate's address and language, the subject and text filled in",
        params: idParam,
        body: candidateMailRequest,
        response: { 200: candidateMailPreview, ...errors },
      },
    },
    (req) => mails.preview(req.params.id, req.body.kind, req.body.interviewId),
  );

  app.post(
    STAFF_API.candidateMails,
    {
      config,
      schema: {
        tags,
        operationId: 'sendCandidateMail',
        summary:
          'Send a candidate mail (an invitation with its .ics) through the outbox and record it in the timeline; a rejection only once',
        params: idParam,
        body: candidateMailRequest,
        response: { 201: candidateMailPreview, ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await mails.send(req.params.id, req.body.kind, req.body.interviewId, req)),
  );
};
