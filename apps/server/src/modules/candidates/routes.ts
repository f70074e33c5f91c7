import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API } from '@app/shared/api-paths-staff';
import { errorBody, idParam } from '@app/shared/schemas/common';
import {
  candidateBoard,
  candidateDetail,
  candidateListQuery,
  candidateNote,
  candidatePage,
  interviewerChoices,
  pipelineVacancies,
  stageChange,
  timelineEntry,
} from '@app/shared/schemas/candidates';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@app/shared/schemas/paging';
import { candidatesService } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const access = { access: 'candidates' } as const;
const tags = ['candidates'];

const boardQuery = z.object({ vacancy: candidateListQuery.shape.vacancy });
const cvQuery = z.object({
  download: z.enum(['1', 'true']).optional().describe('Answer as an attachment (a download) instead of inline.'),
});

/** /api/candidates/*: the pipeline of applications (decision 0160), for staff holding `candidates`. */
export const candidatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const pipeline = candidatesService(app.db);

  app.get(
    STAFF_API.candidates,
    {
      config: access,
      schema: {
        tags,
        operationId: 'listCandidates',
        summary: 'Candidates, one page: of a vacancy or the pool (?vacancy=id|pool), of a stage, sorted',
        description:
          `One page of { items, total, page, pageSize }: page from 1, pageSize 1 to ${MAX_PAGE_SIZE} ` +
          `(default ${DEFAULT_PAGE_SIZE}). sort: applied (default, newest first), name, stage or waiting ` +
          '(those without an answer first); direction asc or desc.',
        querystring: candidateListQuery,
        response: { 200: candidatePage, ...errors },
      },
    },
    (req) => pipeline.page(req.query),
  );

  app.get(
    STAFF_API.candidateBoard,
    {
      config: access,
      schema: {
        tags,
        operationId: 'candidateBoard',
        summary: 'The board of a vacancy or the pool: every stage with its count and its first cards',
        querystring: boardQuery,
        response: { 200: candidateBoard, ...errors },
      },
    },
    (req) => pipeline.board(req.query.vacancy),
  );

  app.get(
    STAFF_API.candidateVacancies,
    {
      config: access,
      schema: {
        tags,
        operationId: 'candidateVacancies',
        summary: 'The vacancies with candidates or open, and the general pool, each with its counts per stage',
        response: { 200: pipelineVacancies, ...errors },
      },
    },
    () => pipeline.vacancies(),
  );

  app.get(
    STAFF_API.candidateInterviewers,
    {
      config: access,
      schema: {
        tags,
        operationId: 'candidateInterviewers',
        summary: 'The staff members one may ask to interview (every staff user)',
        response: { 200: interviewerChoices, ...errors },
      },
    },
    () => pipeline.interviewers(),
  );

  app.get(
    STAFF_API.candidate,
    {
      config: access,
      schema: {
        tags,
        operationId: 'getCandidate',
        summary: 'A candidate: the person, the application, the stage, the timeline and the interviews',
        params: idParam,
        response: { 200: candidateDetail, ...errors },
      },
    },
    async (req, reply) => reply.header('cache-control', 'no-store').send(await pipeline.detail(req.params.id)),
  );

  app.post(
    STAFF_API.candidateStage,
    {
      config: access,
      schema: {
        tags,
        operationId: 'moveCandidate',
        summary: 'Move a candidate to a stage (a reason is required for Rejected and Withdrawn)',
        params: idParam,
        body: stageChange,
        response: { 200: candidateDetail, ...errors },
      },
    },
    (req) => pipeline.moveStage(req.params.id, req.body.stage, req.body.reason, req),
  );

  app.post(
    STAFF_API.candidateNotes,
    {
      config: access,
      schema: {
        tags,
        operationId: 'addCandidateNote',
        summary: "A private note on the candidate's timeline (seen only by staff holding candidates)",
        params: idParam,
        body: candidateNote,
        response: { 201: timelineEntry, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await pipeline.addNote(req.params.id, req.body.text, req)),
  );

  app.get(
    STAFF_API.candidateCv,
    {
      config: access,
      schema: {
        tags,
        operationId: 'getCandidateCv',
        summary: "The candidate's CV (PDF): inline to view, or with ?download=1 as an attachment",
        params: idParam,
        querystring: cvQuery,
        // A Buffer is sent as it is (Fastify serializes only objects): the schema only documents it.
        response: { 200: z.any().describe('The PDF (application/pdf).'), ...errors },
      },
    },
    async (req, reply) => {
      const cv = await pipeline.cv(req.params.id);
      const disposition = req.query.download ? 'attachment' : 'inline';
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `${disposition}; filename="${cv.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(Buffer.from(cv.data));
    },
  );
};
