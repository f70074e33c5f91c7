import { DEFAULT_LOCALE, isLocale, LOCALE_TABLE, type Locale } from '@app/shared/locales';
import type { PageMeta } from './meta';

/**
 * What a post or vacancy of the API says about its languages (decision 0144): the `language` of
 * the texts it carries and its `translations`, one `{ language, slug }` per language it is
 * published in. Both optional: an answer without them is an item in English only.
 */
export interface ContentLanguages {
  language?: string | undefined;
  translations?: readonly { language: string; slug: string }[] | undefined;
}

/**
 * An item page's languages for its head and the language switcher: every language the item
 * exists in at its own slug, the language of what the page shows (an item lacking the page's
 * language shows the version that exists, and that version's address is the canonical one, so
 * search engines see no duplicate), and the list page a language without the item leads to.
 */
export function itemLanguages(
  item: ContentLanguages & { slug: string },
  pathFor: (slug: string) => string,
  listPath: string,
): Pick<PageMeta, 'languages' | 'contentLocale' | 'languageFallback'> {
  const own: Locale = isLocale(item.language) ? item.language : DEFAULT_LOCALE;
  const languages: Partial<Record<Locale, string>> = { [own]: pathFor(item.slug) };
  for (const t of item.translations ?? []) if (isLocale(t.language)) languages[t.language] = pathFor(t.slug);
  return { languages, contentLocale: own, languageFallback: listPath };
}

/**
 * `lang` for an item shown in another language than the page's (it lacks the page's language and
 * the version that exists is shown, decision 0144); undefined when it is in the page's language.
 */
export function contentLang(page: Locale, item: object): string | undefined {
  // Optional in the API's answers until every read carries it (decision 0144): absent is English.
  const language = (item as { language?: unknown }).language ?? DEFAULT_LOCALE;
  return typeof language === 'string' && language !== page && language in LOCALE_TABLE
    ? LOCALE_TABLE[language as Locale].tag
    : undefined;
}
