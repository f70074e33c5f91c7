import { z } from 'zod';
import { LOCALES, type Locale } from '../locales';
import { MSG } from '../messages/index';
import { idParam } from './common';
import { withoutControlCharacters } from './text';

/**
 * The content languages of a post, vacancy or page text (docs/decisions/0144-languages-contract.md,
 * 0155-content-translations.md): the language of the texts an answer carries, where else it exists,
 * and for staff how each translation stands.
 */
export const localeField = z.enum(LOCALES as [Locale, ...Locale[]], MSG.languageInvalid);

/** `?lang=` of a public content read; missing: the default language. */
export const langQuery = z.object({ lang: localeField.optional() });
export type LangQuery = z.output<typeof langQuery>;

/** A language an item is published in and its slug there (two languages may share a slug). */
export const translationLink = z.object({ language: localeField, slug: z.string() });
export type TranslationLink = z.infer<typeof translationLink>;

/**
 * How an item stands in one language, for staff: `source` (its own language), `published`, `outdated`
 * (published or draft, saved before the source last changed), `draft`, or `missing`.
 */
export const TRANSLATION_STATES = ['source', 'published', 'outdated', 'draft', 'missing'] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];
export const translationStates = z.array(z.object({ language: localeField, state: z.enum(TRANSLATION_STATES) }));
export type TranslationStates = z.infer<typeof translationStates>;

/** What a public content answer adds to each post or vacancy. */
export const languageFields = {
  /** The language of the texts in this answer: the one asked for, or the existing version it falls back to. */
  language: localeField,
  /** Every language the item is published in, with its slug there (the source language first). */
  translations: z.array(translationLink),
  /** Staff answers only: each language's state. */
  translationStates: translationStates.optional(),
};

/** Read-only language fields an edit screen may send back with an item: accepted and ignored. */
export const ignoredLanguageFields = {
  translations: withoutControlCharacters(z.array(z.unknown()).max(20)).optional(),
  translationStates: withoutControlCharacters(z.array(z.unknown()).max(20)).optional(),
};

/** A translation's publication: a draft is kept for staff only. */
export const TRANSLATION_STATUSES = ['draft', 'published'] as const;
export const translationStatus = z.enum(TRANSLATION_STATUSES).default('draft');

/** Staff lists: `?missing=nl` keeps the items without a published, up-to-date translation in nl. */
export const missingTranslationQuery = z.object({ missing: localeField.optional() });

/** The path of a translation: the item's id and the language. */
export const translationParams = idParam.extend({ language: localeField });
