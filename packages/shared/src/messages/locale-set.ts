/**
 * Every language of the locale table with its catalogue, ready to answer in: each translation
 * completed from English where it lacks a key (so a half-done language shows English, never a
 * key), and a translator from English into it (messages/translate.ts). The server builds it once
 * at start from `LOCALE_TABLE`, so a new line there and its catalogue file are all a language needs.
 */
import type { AnyTranslation, Translation } from './translate';
import { makeTranslator } from './translate';

export interface LocaleSet<L extends string = string> {
  readonly locales: readonly L[];
  /** The language's complete catalogue. */
  translation(locale: L): Translation;
  /** A text made from the English catalogue, in the language (unknown texts stay as they are). */
  translate(locale: L, english: string): string;
  /** Keys the language's file lacks (shown in English), as `bundle.key`. */
  missing(locale: L): string[];
}

export async function buildLocaleSet<L extends string>(
  locales: readonly L[],
  english: Translation,
  load: (locale: L) => Promise<AnyTranslation>,
): Promise<LocaleSet<L>> {
  const complete = new Map<L, { translation: Translation; translate: (text: string) => string; missing: string[] }>();
  for (const locale of locales) {
    const own = await load(locale);
    const missing: string[] = [];
    const merged = Object.fromEntries(
      Object.entries(english).map(([bundle, entries]) => [
        bundle,
        Object.fromEntries(
          Object.entries(entries).map(([key, value]) => {
            const translated = own[bundle]?.[key];
            if (translated === undefined || typeof translated !== typeof value) missing.push(`${bundle}.${key}`);
            return [key, translated !== undefined && typeof translated === typeof value ? translated : value];
          }),
        ),
      ]),
    ) as unknown as Translation;
    const translate = own === (english as AnyTranslation) ? (text: string) => text : makeTranslator(english, merged);
    complete.set(locale, { translation: merged, translate, missing });
  }
  const get = (locale: L) => {
    const found = complete.get(locale);
    if (!found) throw new Error(`not a language of the set: ${locale}`);
    return found;
  };
  return {
    locales,
    translation: (locale) => get(locale).translation,
    translate: (locale, english) => get(locale).translate(english),
    missing: (locale) => get(locale).missing,
  };
}
