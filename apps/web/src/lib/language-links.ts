import { useMatches } from 'react-router';
import { LOCALES, localizedPath, type Locale } from '@app/shared/locales';
import { ROUTES } from '@app/shared/routes';
import { metaFor } from './meta';

export interface LanguageLink {
  locale: Locale;
  href: string;
  current: boolean;
}

/**
 * Where each language's version of this page is: the page itself where it exists in that language
 * (a post's translation under its own slug), else the nearest that does (a post lacking the
 * language leads to that language's posts; an unknown address to its home page).
 */
export function useLanguageLinks(): LanguageLink[] {
  const meta = metaFor(useMatches());
  const existing = new Map(meta.alternates);
  return LOCALES.map((locale) => ({
    locale,
    href: existing.get(locale) ?? localizedPath(locale, meta.languageFallback ?? ROUTES.home.path),
    current: locale === meta.locale,
  }));
}
