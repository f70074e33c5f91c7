import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createVacancyRequest,
  reopenVacancyRequest,
  updateVacancyRequest,
  OPEN_VACANCIES_MAX,
  vacancyPage,
  vacancySchema,
  VACANCY_OVERVIEW_PAGE_SIZE,
  vacancyStaffQuery,
  vacancyTranslationForm,
  vacancyTranslations,
} from '@app/shared/schemas/vacancies';
import { MAX_PAGE_SIZE } from '@app/shared/schemas/paging';
import { langQuery, translationParams } from '@app/shared/schemas/translations';
import { errorBody, idParam, messageBody } from '@app/shared/schemas/common';
import { MSG } from '@app/shared/messages';
import { vacanciesRepository } from './repository';
import { vacanciesService } from './service';
import { vacancyDayTimer } from './day-change-timer';
import type { Db } from '../../db/client';
import { API } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';

const auditedVacancy = (db: Db, id: number) => vacanciesRepository(db).find(id);

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Vacancies under /api/vacancy (docs/behaviour/vacancies.md): reads public, writes and the full list admin. */
export const vacanciesRoutes: FastifyPluginAsyncZod = async (app) => {
  const vacancies = vacanciesService(vacanciesRepository(app.db));
  const dayTimer = vacancyDayTimer(app);
  app.addHook('onReady', async () => dayTimer.start());
  app.addHook('onClose', async () => dayTimer.stop());
  // Public reads are cached until a change to what they show (plugins/response-cache/).
  const cachedRead = (cacheTag: string) => ({ access: 'public', cache: true, cacheTag }) as const;
  const admin = { access: 'vacancies' } as const;
  const tags = ['vacancies'];

  // The public list: open vacancies whose closing date has not passed (Brussels). When a day ends
  // the cached lists are dropped (day-change-timer.ts).
  app.get(
    API.vacancies,
    {
      config: cachedRead('vacancy'),
      schema: {
        tags,
        operationId: 'listOpenVacancies',
        summary: `The open vacancies (at most ${OPEN_VACANCIES_MAX})`,
        description:
          `Open vacancies whose closing date (a Europe/Brussels day) has not passed, in the order they were ` +
          `posted: at most ${OPEN_VACANCIES_MAX}, the first posted. With lang: those written or published in that language, in it.`,
        querystring: langQuery,
        response: { 200: z.array(vacancySchema), ...errors },
      },
    },
    (req) => vacancies.listOpen(req.query.lang),
  );

  // Staff see every vacancy, closed and expired ones too, a page at a time (decision 0141); never cached.
  app.get(
    STAFF_API.vacanciesStaff,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'listAllVacancies',
        summary: 'One page of every vacancy, closed and expired ones too',
        description: `In the order they were posted; pageSize 1 to ${MAX_PAGE_SIZE}, ${VACANCY_OVERVIEW_PAGE_SIZE} by default; missing={language}: those without an up-to-date published translation in it.`,
        querystring: vacancyStaffQuery,
        response: { 200: vacancyPage, ...errors },
      },
    },
    (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return vacancies.list(req.query);
    },
  );

  app.get(
    API.vacancy,
    {
      config: cachedRead('vacancy'),
      schema: {
        tags,
        operationId: 'getVacancy',
        summary: 'One vacancy, a closed one too: in the language asked for when it is published in it, else in its own',
        params: idParam,
        querystring: langQuery,
        response: { 200: vacancySchema, ...errors },
      },
    },
    (req) => vacancies.get(req.params.id, req.query.lang),
  );

  app.get(
    STAFF_API.vacancyTranslations,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'getVacancyTranslations',
        summary: "A vacancy's own texts beside each of its translations, each saying whether the source changed since",
        params: idParam,
        response: { 200: vacancyTranslations, ...errors },
      },
    },
    (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return vacancies.translations(req.params.id);
    },
  );

  app.put(
    STAFF_API.vacancyTranslation,
    {
      config: {
        ...admin,
        audit: {
          area: 'vacancies',
          action: 'translate',
          load: (db, id) => vacanciesRepository(db).translationsOf([id]),
        },
        invalidates: ['vacancy'],
      },
      schema: {
        tags,
        operationId: 'saveVacancyTranslation',
        summary: "Save a vacancy's translation into one language; the vacancy and its other languages stay as they are",
        params: translationParams,
        body: vacancyTranslationForm,
        response: { 200: vacancyTranslations, ...errors },
      },
    },
    (req) => vacancies.saveTranslation(req.params.id, req.params.language, req.body),
  );

  app.delete(
    STAFF_API.vacancyTranslation,
    {
      config: {
        ...admin,
        audit: {
          area: 'vacancies',
          action: 'delete-translation',
          load: (db, id) => vacanciesRepository(db).translationsOf([id]),
        },
        invalidates: ['vacancy'],
      },
      schema: {
        tags,
        operationId: 'deleteVacancyTranslation',
        summary: "Delete a vacancy's translation into one language",
        params: translationParams,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await vacancies.removeTranslation(req.params.id, req.params.language);
      return { message: MSG.translationDeleted };
    },
  );

  app.post(
    API.vacancies,
    {
      config: {
        ...admin,
        audit: { area: 'vacancies', action: 'create', load: auditedVacancy },
        invalidates: ['vacancy'],
      },
      schema: {
        tags,
        operationId: 'createVacancy',
        summary: 'Create a vacancy',
        body: createVacancyRequest,
        response: { 201: vacancySchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await vacancies.create(req.body, req.principal!.email)),
  );

  app.put(
    API.vacancy,
    {
      config: {
        ...admin,
        audit: { area: 'vacancies', action: 'update', load: auditedVacancy },
        invalidates: ['vacancy'],
      },
      schema: {
        tags,
        operationId: 'updateVacancy',
        summary: 'Change a vacancy',
        description: 'The full vacancy with the `version` that was read; a missing or stale version answers 409.',
        params: idParam,
        body: updateVacancyRequest,
        response: { 200: vacancySchema, ...errors },
      },
    },
    (req) => vacancies.update(req.params.id, req.body),
  );

  app.post(
    STAFF_API.vacancyReopen,
    {
      config: {
        ...admin,
        audit: { area: 'vacancies', action: 'reopen', load: auditedVacancy },
        invalidates: ['vacancy'],
      },
      schema: {
        tags,
        operationId: 'reopenVacancy',
        summary: 'Open a closed or expired vacancy again',
        description:
          'Opens a closed or expired vacancy again: status open, a passed closing date cleared. A stale version answers 409.',
        params: idParam,
        body: reopenVacancyRequest,
        response: { 200: vacancySchema, ...errors },
      },
    },
    (req) => vacancies.reopen(req.params.id, req.body.version),
  );

  app.delete(
    API.vacancy,
    {
      config: {
        ...admin,
        audit: { area: 'vacancies', action: 'delete', load: auditedVacancy },
        invalidates: ['vacancy'],
      },
      schema: {
        tags,
        operationId: 'deleteVacancy',
        summary: 'Delete a vacancy',
        params: idParam,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await vacancies.remove(req.params.id);
      return { message: MSG.vacancyDeleted };
    },
  );
};
