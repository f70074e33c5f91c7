import crypto from 'node:crypto';
import { MSG } from '@app/shared/messages';
import {
  TEXT_ITEMS,
  textTranslationForms,
  type Intro,
  type IntroResponse,
  type Masthead,
  type MastheadResponse,
  type PublicSiteSettings,
  type SiteSettings,
  type TextItem,
  type TextTranslations,
} from '@app/shared/schemas/content';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@app/shared/locales';
import { SITE_DEFAULT_MSG } from '@app/shared/messages/site-defaults';
import { SERVER_TEXTS_BY_LOCALE } from '@app/shared/content-texts';
import { notFound } from '../../lib/http-error';
import { invalidField, validationFailed } from '../../lib/field-errors';
import type { ContentRepository, SettingsChange } from './repository';

/** A text whose every field is blank counts as "no text": the page then shows nothing. */
const orEmpty = <T extends Record<string, string>>(value: T | undefined): T | Record<string, never> =>
  value && Object.values(value).some((v) => v.trim() !== '') ? value : {};

/**
 * What a text's translation was made from: its fields in a fixed order. A translation saved with
 * another digest than today's is outdated (decision 0155).
 */
export const textDigest = (item: TextItem, fields: Record<string, string>): string =>
  crypto
    .createHash('md5')
    .update(JSON.stringify(TEXT_ITEMS[item].map((f) => fields[f] ?? '')))
    .digest('hex');

/** The item's fields only, each a string (a stored row may hold others). */
const pick = (item: TextItem, fields: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(TEXT_ITEMS[item].map((f) => [f, typeof fields[f] === 'string' ? fields[f] : '']));

export const contentService = (repo: ContentRepository) => {
  const settings = async (): Promise<SiteSettings> => {
    // Seeded at every start, so a missing row means the database was emptied by hand.
    const found = await repo.findSettings();
    if (!found) throw notFound(MSG.settingsNotFound);
    return found;
  };

  /** The English source of a text (empty fields when none is stored). */
  async function sourceOf(item: TextItem): Promise<Record<string, string>> {
    switch (item) {
      case 'intro':
        return pick(item, (await repo.findIntro()) ?? {});
      case 'masthead':
        return pick(item, (await repo.findMasthead()) ?? {});
      case 'privacy':
      case 'confirmation':
        return pick(item, (await repo.findSettings()) ?? {});
    }
  }

  /**
   * A text in a language: its stored translation there when there is one, else the English source;
   * `language` says which. English asks for the source.
   */
  async function inLanguage<T extends Record<string, string>>(
    item: TextItem,
    source: T | undefined,
    lang: Locale | undefined,
  ): Promise<{ value: T | undefined; language: Locale }> {
    if (!lang || lang === DEFAULT_LOCALE || !source) return { value: source, language: DEFAULT_LOCALE };
    const stored = await repo.textTranslation(item, lang);
    if (!stored) return { value: source, language: DEFAULT_LOCALE };
    return { value: { ...source, ...pick(item, stored.fields) }, language: lang };
  }

  async function textTranslations(item: TextItem): Promise<TextTranslations> {
    const source = await sourceOf(item);
    const digest = textDigest(item, source);
    const stored = await repo.textTranslations(item);
    return {
      item,
      source,
      translations: LOCALES.flatMap((language) =>
        stored
          .filter((t) => t.language === language)
          .map((t) => ({
            language,
            fields: pick(item, t.fields),
            updatedAt: t.updatedAt.toISOString(),
            outdated: t.sourceDigest !== digest,
          })),
      ),
    };
  }

  return {
    intro: async (lang?: Locale): Promise<IntroResponse> => {
      const { value, language } = await inLanguage('intro', await repo.findIntro(), lang);
      const shown = orEmpty(value);
      // orEmpty answers the intro or {}: only a text says its language.
      return lang && Object.keys(shown).length ? { ...(shown as Intro), language } : shown;
    },
    saveIntro: async (value: Intro): Promise<Intro> => {
      await repo.saveIntro(value);
      return value;
    },

    masthead: async (lang?: Locale): Promise<MastheadResponse> => {
      const { value, language } = await inLanguage('masthead', await repo.findMasthead(), lang);
      const shown = orEmpty(value);
      return lang && Object.keys(shown).length ? { ...(shown as Masthead), language } : shown;
    },
    saveMasthead: async (value: Masthead): Promise<Masthead> => {
      await repo.saveMasthead(value);
      return value;
    },

    settings,
    /** The public settings; with `lang`, the privacy text in that language when it is translated. */
    publicSettings: async (lang?: Locale): Promise<PublicSiteSettings> => {
      const {
        contactRecipients: _hidden,
        confirmationEnabled: _off,
        confirmationText: _text,
        ...rest
      } = await settings();
      if (!lang) return rest;
      const privacy = await privacyIn(lang, rest.privacyText);
      return { ...rest, privacyText: privacy.text, privacyLanguage: privacy.language };
    },
    /** The privacy and confirmation fields left out keep their stored values. */
    saveSettings: async (value: SettingsChange): Promise<SiteSettings> => {
      await repo.saveSettings(value);
      return settings();
    },

    textTranslations,

    /** Saves a text's translation into one language (not English, the source); the others stay as they are. */
    async saveTextTranslation(item: TextItem, language: Locale, raw: unknown): Promise<TextTranslations> {
      if (language === DEFAULT_LOCALE) throw invalidField('language', MSG.translationIsSource);
      const parsed = textTranslationForms[item].safeParse(raw);
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      const source = await sourceOf(item);
      await repo.saveTextTranslation(item, language, pick(item, parsed.data), textDigest(item, source));
      return textTranslations(item);
    },

    async removeTextTranslation(item: TextItem, language: Locale): Promise<void> {
      if (!(await repo.removeTextTranslation(item, language))) throw notFound(MSG.translationNotFound);
    },

    /**
     * The confirmation mail's settings for a visitor of `lang`: the text translated into it; else,
     * while staff keep the built-in English text, the built-in one of that language; else staff's
     * English text (decision 0155).
     */
    async confirmationSettings(lang: Locale) {
      const found = await repo.findSettings();
      if (!found) return undefined;
      const text = await translatedSettingText('confirmation', lang, found.confirmationText, 'confirmationTextDefault');
      return { confirmationEnabled: found.confirmationEnabled, confirmationText: text.text };
    },
  };

  /** A settings text in a language, with the built-in default of that language standing in for an untouched English default. */
  async function translatedSettingText(
    item: 'privacy' | 'confirmation',
    lang: Locale,
    english: string,
    defaultKey: keyof typeof SITE_DEFAULT_MSG,
  ): Promise<{ text: string; language: Locale }> {
    if (lang === DEFAULT_LOCALE) return { text: english, language: DEFAULT_LOCALE };
    const stored = await repo.textTranslation(item, lang);
    const field = TEXT_ITEMS[item][0];
    const translated = stored?.fields[field];
    if (typeof translated === 'string' && translated.trim()) return { text: translated, language: lang };
    if (english.trim() === SITE_DEFAULT_MSG[defaultKey].trim())
      return { text: SERVER_TEXTS_BY_LOCALE[lang].siteDefaults[defaultKey], language: lang };
    return { text: english, language: DEFAULT_LOCALE };
  }

  function privacyIn(lang: Locale, english: string) {
    return translatedSettingText('privacy', lang, english, 'privacyTextDefault');
  }
};
export type ContentService = ReturnType<typeof contentService>;
