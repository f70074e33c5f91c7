/**
 * The site's languages, declared once (docs/decisions/0144-languages-contract.md). Adding a language
 * is a line here and a catalogue file per bundle; nothing else names a language.
 *
 * This module runs in the public pages' first load: keep it free of zod and other dependencies.
 */
export const LOCALE_TABLE = {
  /** The default: the specification's texts, verbatim, at today's addresses (no prefix). */
  en: { tag: 'en', ogLocale: 'en_GB', textSearch: 'english', name: 'English' },
  nl: { tag: 'nl-BE', ogLocale: 'nl_BE', textSearch: 'dutch', name: 'Nederlands' },
  fr: { tag: 'fr-BE', ogLocale: 'fr_BE', textSearch: 'french', name: 'Français' },
} as const satisfies Record<string, LocaleInfo>;

export interface LocaleInfo {
  /** BCP 47 tag: `<html lang>`, `hreflang`, Intl date and number formats. */
  readonly tag: string;
  /** Open Graph's `og:locale`. */
  readonly ogLocale: string;
  /** PostgreSQL text search configuration used for this language's full-text search. */
  readonly textSearch: string;
  /** The language's own name, as the language switcher shows it. */
  readonly name: string;
}

export type Locale = keyof typeof LOCALE_TABLE;
export const LOCALES = Object.keys(LOCALE_TABLE) as Locale[];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(LOCALE_TABLE, value);

/**
 * A site path in a language: the default language keeps the path as it is, the others live under
 * `/{locale}`: `localizedPath('nl', '/post/3/x')` is `/nl/post/3/x`, `localizedPath('fr', '/')` is `/fr`.
 */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The language of a site path and the path without its prefix: `/nl/post` gives `nl` and `/post`. */
export function splitLocalePath(path: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2,3})(?=\/|$|\?)(.*)$/.exec(path);
  if (match && match[1] !== DEFAULT_LOCALE && isLocale(match[1])) {
    const rest = match[2] ?? '';
    return { locale: match[1], path: rest === '' || rest.startsWith('?') ? `/${rest}` : rest };
  }
  return { locale: DEFAULT_LOCALE, path };
}

/**
 * The site's language an `Accept-Language` header asks for, else the default. Quality values are
 * honoured; `nl-BE`, `nl-NL` and `nl` all mean `nl`. The API answers its messages in this language;
 * the site's pages send their own language in that header (the contract of decision 0144).
 */
export function negotiateLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const wanted = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: range.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((w) => w.q > 0 && Number.isFinite(w.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return wanted.map((w) => w.base).find(isLocale) ?? DEFAULT_LOCALE;
}
