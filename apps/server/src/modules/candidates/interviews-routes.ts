import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API } from '@app/shared/api-paths-staff';
import {
  feedbackForm,
  interviewCandidate,
  interviewForm,
  interviewSchema,
  myInterview,
  myInterviews,
} from '@app/shared/schemas/candidates';
import { errorBody, idParam } from '@app/shared/schemas/common';
import { interviewsService } from './interviews-service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['interviews'];

/** `?download=1` asks for the CV as a file to save instead of one to view in the page. */
const cvQuery = z.object({ download: z.enum(['0', '1']).optional() });

/** A stored file name as a Content-Disposition filename: no quotes, no line breaks, no path. */
const safeName = (name: string | null) => (name ?? 'cv.pdf').replace(/[^\w.\- ]/g, '_').replace(/^\.+/, '') || 'cv.pdf';

/**
 * Interviews (decision 0160): recruiters (capability `candidates`) schedule, move and cancel them;
 * every staff member (capability `interviews`) sees their own interviews, the candidates they
 * interview (only those: 403 otherwise, administrators included) and gives their feedback.
 */
export const interviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const interviews = interviewsService(app);
  const recruiters = { access: 'candidates' } as const;
  const interviewers = { access: 'interviews' } as const;

  app.post(
    STAFF_API.candidateInterviews,
    {
      config: recruiters,
      schema: {
        tags,
        operationId: 'scheduleInterview',
        summary:
          'Schedule an interview (startsAt: Brussels wall-clock time): each interviewer is mailed an invitation with its .ics',
        params: idParam,
        body: interviewForm,
        response: { 201: interviewSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await interviews.schedule(req.params.id, req.body, req.principal!)),
  );

  app.put(
    STAFF_API.interview,
    {
      config: recruiters,
      schema: {
        tags,
        operationId: 'rescheduleInterview',
        summary:
          'Move an interview or change its panel: updates (SEQUENCE + 1) to the interviewers, cancellations to those taken off, an update to the candidate once invited',
        params: idParam,
        body: interviewForm,
        response: { 200: interviewSchema, ...errors },
      },
    },
    async (req) => interviews.reschedule(req.params.id, req.body, req.principal!),
  );

  app.delete(
    STAFF_API.interview,
    {
      config: recruiters,
      schema: {
        tags,
        operationId: 'cancelInterview',
        summary:
          'Cancel an interview: METHOD:CANCEL mails to the interviewers and, once invited, the candidate; cancelling again changes nothing',
        params: idParam,
        response: { 200: interviewSchema, ...errors },
      },
    },
    async (req) => interviews.cancel(req.params.id, req.principal!),
  );

  app.get(
    STAFF_API.interviewsMine,
    {
      config: interviewers,
      schema: {
        tags,
        operationId: 'myInterviews',
        summary:
          "The signed-in staff member's interviews (upcoming soonest first, past latest first) with their own feedback",
        response: { 200: myInterviews, ...errors },
      },
    },
    async (req, reply) => reply.header('cache-control', 'no-store').send(await interviews.mine(req.principal!.userId)),
  );

  app.get(
    STAFF_API.interviewCandidate,
    {
      config: interviewers,
      schema: {
        tags,
        operationId: 'interviewCandidate',
        summary:
          'A candidate one interviews, as an interviewer sees them (no notes, no one else’s feedback); 403 for anyone else, administrators included',
        params: idParam,
        response: { 200: interviewCandidate, ...errors },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await interviews.candidateFor(req.principal!.userId, req.params.id)),
  );

  app.get(
    STAFF_API.interviewCandidateCv,
    {
      config: interviewers,
      schema: {
        tags,
        operationId: 'interviewCandidateCv',
        summary: 'The CV (PDF) of a candidate one interviews, to view inline or (?download=1) to save',
        params: idParam,
        querystring: cvQuery,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (req, reply) => {
      const cv = await interviews.cvFor(req.principal!.userId, req.params.id);
      const disposition = req.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .header('content-disposition', `${disposition}; filename="${safeName(cv.name)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .type('application/pdf')
        .send(cv.content);
    },
  );

  app.put(
    STAFF_API.interviewFeedback,
    {
      config: interviewers,
      schema: {
        tags,
        operationId: 'giveInterviewFeedback',
        summary:
          "The signed-in interviewer's recommendation and notes on an interview they are on (may be changed later)",
        params: idParam,
        body: feedbackForm,
        response: { 200: myInterview, ...errors },
      },
    },
    async (req) => interviews.feedback(req.params.id, req.body, req.principal!),
  );
};
