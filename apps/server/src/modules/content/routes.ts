import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  introForm,
  introResponse,
  introSchema,
  mastheadForm,
  mastheadResponse,
  mastheadSchema,
  publicSiteSettingsSchema,
  siteSettingsForm,
  siteSettingsSchema,
  TEXT_ITEMS,
  textItemParams,
  textTranslationBody,
  textTranslationParams,
  textTranslations,
} from '@app/shared/schemas/content';
import { langQuery } from '@app/shared/schemas/translations';
import { errorBody, messageBody } from '@app/shared/schemas/common';
import { MSG } from '@app/shared/messages';
import { contentRepository } from './repository';
import { contentService } from './service';
import { API } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
/** The settings row is seeded at every start: only a database emptied by hand has none. */
const noSettings = errorBody.describe('No settings are stored.');

/**
 * Page texts and the company identity: GET public, PUT admin (docs/architecture.md). Each PUT answers
 * with what was saved. An empty intro or masthead reads as `{}` (200), never 204 or 404.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = contentService(contentRepository(app.db));
  // Public reads are cached until a change to what they show (plugins/response-cache/).
  const cachedRead = (cacheTag: string) => ({ access: 'public', cache: true, cacheTag }) as const;
  const pageTexts = { access: 'content' } as const;
  const settings = { access: 'settings' } as const;
  const tags = ['content'];

  app.get(
    API.intro,
    {
      config: cachedRead('intro'),
      schema: {
        tags,
        operationId: 'getIntro',
        summary: "The home page's introduction (empty object when none is written)",
        description: 'With lang: in that language when it is translated, else in English; `language` says which.',
        querystring: langQuery,
        response: { 200: introResponse, ...errors },
      },
    },
    (req) => content.intro(req.query.lang),
  );
  app.put(
    API.intro,
    {
      config: {
        ...pageTexts,
        audit: { area: 'content', action: 'update-intro', load: (db) => contentRepository(db).findIntro() },
        invalidates: ['intro'],
      },
      schema: {
        tags,
        operationId: 'saveIntro',
        summary: "Save the home page's introduction",
        body: introForm,
        response: { 200: introSchema, ...errors },
      },
    },
    (req) => content.saveIntro(req.body),
  );

  app.get(
    API.masthead,
    {
      config: cachedRead('masthead'),
      schema: {
        tags,
        operationId: 'getMasthead',
        summary: "The home page's masthead title and text (empty object when none is written)",
        description: 'With lang: in that language when it is translated, else in English; `language` says which.',
        querystring: langQuery,
        response: { 200: mastheadResponse, ...errors },
      },
    },
    (req) => content.masthead(req.query.lang),
  );
  app.put(
    API.masthead,
    {
      config: {
        ...pageTexts,
        audit: { area: 'content', action: 'update-masthead', load: (db) => contentRepository(db).findMasthead() },
        invalidates: ['masthead'],
      },
      schema: {
        tags,
        operationId: 'saveMasthead',
        summary: "Save the home page's masthead",
        body: mastheadForm,
        response: { 200: mastheadSchema, ...errors },
      },
    },
    (req) => content.saveMasthead(req.body),
  );

  app.get(
    API.settings,
    {
      config: cachedRead('settings'),
      schema: {
        tags,
        operationId: 'getSiteSettings',
        summary: 'The company identity the public pages show',
        description: 'With lang: the privacy text in that language when it exists; `privacyLanguage` says which.',
        querystring: langQuery,
        response: { 200: publicSiteSettingsSchema, ...errors, 404: noSettings },
      },
    },
    async (req) => ({
      ...(await content.publicSettings(req.query.lang)),
      candidateRetentionMonths: app.config.candidateRetentionMonths,
    }),
  );
  app.get(
    STAFF_API.settingsAdmin,
    {
      config: settings,
      schema: {
        tags,
        operationId: 'getAllSiteSettings',
        summary: 'Every site setting, those the public pages do not show too',
        response: { 200: siteSettingsSchema, ...errors, 404: noSettings },
      },
    },
    () => content.settings(),
  );
  app.put(
    API.settings,
    {
      config: {
        ...settings,
        audit: { area: 'settings', action: 'update', load: (db) => contentRepository(db).findSettings() },
        invalidates: ['settings'],
      },
      schema: {
        tags,
        operationId: 'saveSiteSettings',
        summary: 'Save the site settings: company identity, contact recipients, confirmation mail, retention',
        body: siteSettingsForm,
        response: { 200: siteSettingsSchema, ...errors },
      },
    },
    (req) => content.saveSettings(req.body),
  );

  // Translations of the page texts (decision 0155): English is the source, edited above.
  app.get(
    STAFF_API.textTranslations,
    {
      config: pageTexts,
      schema: {
        tags,
        operationId: 'getTextTranslations',
        summary: 'A page text (intro, masthead, privacy, confirmation) in English beside each translation of it',
        params: textItemParams,
        response: { 200: textTranslations, ...errors },
      },
    },
    (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return content.textTranslations(req.params.item);
    },
  );
  app.put(
    STAFF_API.textTranslation,
    {
      config: {
        ...pageTexts,
        audit: { area: 'content', action: 'translate' },
        // Each text's public read is dropped: the cache tags are named per text.
        invalidates: ['intro', 'masthead', 'settings'],
      },
      schema: {
        tags,
        operationId: 'saveTextTranslation',
        summary: 'Save a page text in one language; English and the other languages stay as they are',
        description: `The text's own fields: ${Object.entries(TEXT_ITEMS)
          .map(([item, fields]) => `${item}: ${fields.join(', ')}`)
          .join('; ')}.`,
        params: textTranslationParams,
        body: textTranslationBody,
        response: { 200: textTranslations, ...errors },
      },
    },
    (req) => content.saveTextTranslation(req.params.item, req.params.language, req.body),
  );
  app.delete(
    STAFF_API.textTranslation,
    {
      config: {
        ...pageTexts,
        audit: { area: 'content', action: 'delete-translation' },
        invalidates: ['intro', 'masthead', 'settings'],
      },
      schema: {
        tags,
        operationId: 'deleteTextTranslation',
        summary: 'Delete a page text in one language',
        params: textTranslationParams,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await content.removeTextTranslation(req.params.item, req.params.language);
      return { message: MSG.translationDeleted };
    },
  );
};
