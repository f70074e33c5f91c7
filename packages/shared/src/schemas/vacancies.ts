import { z } from 'zod';
import { LIMITS } from '../constants';
import { MSG, tooLong } from '../messages/index';
import { FIELD_NAME_MSG } from '../messages/field-names';
import { missing, multiLineText, singleLineText } from './text';
import { MAX_PAGE_SIZE, pageOf, pageQuery } from './paging';
import {
  ignoredLanguageFields,
  languageFields,
  localeField,
  missingTranslationQuery,
  translationStatus,
} from './translations';
import {
  CAREER_TILES,
  EMPLOYMENT_TYPES,
  VACANCY_STATUSES,
  type CareerTile,
  type EmploymentType,
} from '../vacancy-facts';

export * from '../vacancy-facts';

const employmentTypeKeys = Object.keys(EMPLOYMENT_TYPES) as [EmploymentType, ...EmploymentType[]];
const careerTileKeys = Object.keys(CAREER_TILES) as [CareerTile, ...CareerTile[]];

/**
 * The publishing fields of a vacancy (decision 0040): all optional, so an older client that sends none
 * gets the defaults on create and keeps the stored values on update.
 */
const publishing = {
  status: z.enum(VACANCY_STATUSES, MSG.vacancyStatusInvalid).optional(),
  /** A Brussels calendar day; the vacancy is open through that day. Null or '' clears it. */
  closingDate: z
    .union([z.literal(''), z.iso.date(MSG.vacancyClosingDateInvalid)], MSG.vacancyClosingDateInvalid)
    .nullable()
    .optional(),
  employmentType: z.enum(employmentTypeKeys, MSG.vacancyEmploymentTypeInvalid).optional(),
  location: singleLineText()
    .trim()
    .min(1, MSG.vacancyLocationRequired)
    .max(LIMITS.shortText, tooLong(FIELD_NAME_MSG.fieldLocation, LIMITS.shortText))
    .optional(),
  /** Missing or empty: made from the title. */
  slug: z
    .string()
    .max(80, MSG.vacancySlugInvalid)
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, MSG.vacancySlugInvalid)
    .optional(),
  /** The careers tile that opens this vacancy; null or '' for none; missing: none on create, unchanged on update. */
  homeTile: z
    .union([z.literal(''), z.enum(careerTileKeys)], MSG.vacancyHomeTileInvalid)
    .nullable()
    .optional(),
  /** The language the vacancy is written in (translations are made from it); missing: English on create, unchanged on update. */
  language: localeField.optional(),
};

/** The texts of a vacancy (expectations, function, description, offer) may span lines. */
const text = (label: string, max: number = LIMITS.vacancyText) => multiLineText().trim().max(max, tooLong(label, max));
const requiredText = (label: string, message: string, max: number = LIMITS.vacancyText) =>
  multiLineText(missing(message)).trim().min(1, message).max(max, tooLong(label, max));
/** Title and author: one line. */
const line = (label: string, max: number) => singleLineText().trim().max(max, tooLong(label, max));

const title = singleLineText(missing(MSG.titleRequired))
  .trim()
  .min(1, MSG.titleRequired)
  .max(LIMITS.title, tooLong(FIELD_NAME_MSG.fieldTitle, LIMITS.title));
const offer = requiredText(FIELD_NAME_MSG.fieldOffer, MSG.offerRequired);

export const vacancyTagsField = z
  .array(singleLineText().trim().min(1, MSG.tagEmpty).max(LIMITS.tag, MSG.tagTooLong))
  .max(LIMITS.tags, MSG.vacancyTagsTooMany)
  .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, MSG.tagsDuplicate);

/**
 * The edit form (docs/behaviour/vacancies.md): every field required, with the spec's messages.
 * The same rules apply to the fields of PUT /api/vacancy/{id}.
 */
export const vacancyForm = z.strictObject({
  title,
  expectation: requiredText(FIELD_NAME_MSG.fieldExpectations, MSG.expectationRequired),
  function: requiredText(FIELD_NAME_MSG.fieldFunction, MSG.functionRequired),
  description: requiredText(FIELD_NAME_MSG.fieldDescription, MSG.descriptionRequired),
  offer,
  ...publishing,
});
export type VacancyForm = z.input<typeof vacancyForm>;

/**
 * The create form. The spec's create markup only marks Offer required; a vacancy without a title
 * cannot be listed or linked meaningfully, so title is required too (form and server alike).
 */
export const vacancyCreateForm = z.strictObject({
  title,
  expectation: text(FIELD_NAME_MSG.fieldExpectations).default(''),
  function: text(FIELD_NAME_MSG.fieldFunction).default(''),
  description: text(FIELD_NAME_MSG.fieldDescription).default(''),
  offer,
  ...publishing,
});
export type VacancyCreateForm = z.input<typeof vacancyCreateForm>;

/**
 * POST /api/vacancy: the create form plus optional tags and author. The client removes id and
 * version before sending (docs/behaviour/vacancies.md), so they are unknown fields here. postedBy defaults to
 * the signed-in user's e-mail and the date to now.
 */
export const createVacancyRequest = vacancyCreateForm.extend({
  postedBy: line(FIELD_NAME_MSG.fieldPostedBy, LIMITS.shortText).optional(),
  tags: vacancyTagsField.optional(),
});
export type CreateVacancyRequest = z.output<typeof createVacancyRequest>;

/**
 * PUT /api/vacancy/{id}: the full vacancy as read, with the edited fields. `version` is the one
 * that was read: a missing or stale version is refused with 409 (optimistic locking). The read-only
 * `date` is accepted and ignored, since edit screens send the vacancy they loaded.
 */
export const updateVacancyRequest = vacancyForm.extend({
  id: z.number().int().positive().optional(),
  version: z.number().int().nonnegative().optional(),
  postedBy: line(FIELD_NAME_MSG.fieldPostedBy, LIMITS.shortText).optional(),
  tags: vacancyTagsField.optional(),
  date: singleLineText().max(40).optional(),
  ...ignoredLanguageFields,
});
export type UpdateVacancyRequest = z.output<typeof updateVacancyRequest>;

/** POST /api/vacancy/{id}/reopen: the version that was read (optimistic locking, as for PUT). */
export const reopenVacancyRequest = z.strictObject({ version: z.number().int().nonnegative() });
export type ReopenVacancyRequest = z.output<typeof reopenVacancyRequest>;

export const vacancySchema = z.object({
  id: z.number(),
  title: z.string(),
  expectation: z.string(),
  function: z.string(),
  description: z.string(),
  offer: z.string(),
  postedBy: z.string(),
  /** ISO 8601. */
  date: z.string(),
  tags: z.array(z.string()),
  version: z.number(),
  status: z.enum(VACANCY_STATUSES),
  /** 'YYYY-MM-DD' (a Brussels day, open through it) or null. */
  closingDate: z.string().nullable(),
  employmentType: z.enum(employmentTypeKeys),
  location: z.string(),
  slug: z.string(),
  /** The careers tile tied to this vacancy, or null. */
  homeTile: z.enum(careerTileKeys).nullable(),
  ...languageFields,
});
export type Vacancy = z.infer<typeof vacancySchema>;

/**
 * At most this many vacancies in the public list (GET /api/vacancy, the specification's plain
 * array): a company has a few open at a time, so the bound only keeps the answer from growing.
 */
export const OPEN_VACANCIES_MAX = 100;

/** GET /api/vacancy/staff: one page of every vacancy (the shared paging shape, decision 0141). */
export const vacancyPage = pageOf(vacancySchema);
/**
 * The staff overview's page size: the specification's overview shows all vacancies, and a company
 * of this size has tens, not hundreds, so one page of the largest size holds them.
 */
export const VACANCY_OVERVIEW_PAGE_SIZE = MAX_PAGE_SIZE;
export type VacancyPage = z.infer<typeof vacancyPage>;

/** GET /api/vacancy/staff: paging, and `missing` to keep those without an up-to-date published translation. */
export const vacancyStaffQuery = pageQuery.extend(missingTranslationQuery.shape);

/** A vacancy's translation as staff save it: its texts under the vacancy's rules; the other languages stay as they are. */
export const vacancyTranslationForm = z.strictObject({
  title,
  expectation: text(FIELD_NAME_MSG.fieldExpectations).default(''),
  function: text(FIELD_NAME_MSG.fieldFunction).default(''),
  description: text(FIELD_NAME_MSG.fieldDescription).default(''),
  offer,
  location: publishing.location,
  slug: publishing.slug,
  status: translationStatus,
});
export type VacancyTranslationForm = z.input<typeof vacancyTranslationForm>;

const vacancyTexts = {
  title: z.string(),
  slug: z.string(),
  expectation: z.string(),
  function: z.string(),
  description: z.string(),
  offer: z.string(),
  location: z.string(),
};

/** GET /api/vacancy/{id}/translations: the source beside every stored translation. */
export const vacancyTranslations = z.object({
  source: z.object({ language: localeField, ...vacancyTexts }),
  translations: z.array(
    z.object({
      language: localeField,
      ...vacancyTexts,
      status: z.enum(['draft', 'published']),
      updatedAt: z.string(),
      /** The source's texts changed after this was saved. */
      outdated: z.boolean(),
    }),
  ),
});
export type VacancyTranslations = z.infer<typeof vacancyTranslations>;
