import { createContext, useContext } from 'react';
import { createContext as createRouterContext } from 'react-router';
import { DEFAULT_LOCALE, LOCALE_TABLE, localizedPath, splitLocalePath, type Locale } from '@app/shared/locales';
import { fillText } from '@app/shared/messages/fill-text';
import type { PageTexts } from '@app/shared/messages/translate';
import type { PublicSiteSettings } from '@app/shared/schemas/content';

/**
 * The page's language and its interface texts (docs/decisions/0152-interface-languages.md). The
 * public layout's loader reads the language from the address (`/nl/…`, `/fr/…`, else English) and
 * puts that language's texts into its data, which the server writes into the page: no language's
 * texts are in the JavaScript, so each language's first load is the same code.
 */
export interface PageLanguage {
  locale: Locale;
  texts: PageTexts;
}

/** The layout's data, provided to every public page below it (bar, footer, pages, error pages). */
export interface PublicContext extends PageLanguage {
  settings: PublicSiteSettings;
}

const Context = createContext<PublicContext | null>(null);
export const PublicContextProvider = Context.Provider;

/** The public layout's context; the layout always provides it (the post preview provides its own). */
export function usePublic(): PublicContext {
  const found = useContext(Context);
  if (!found) throw new Error('usePublic outside the public layout');
  return found;
}

/** The page's language, English outside the public layout. */
export function useLocale(): Locale {
  return useContext(Context)?.locale ?? DEFAULT_LOCALE;
}

export type SiteKey = keyof PageTexts['site'];
/** A site text in the page's language, its `{placeholders}` filled: `t('postsTaggedHeading', { tag })`. */
export function useText(): (key: SiteKey, values?: Record<string, string | number>) => string {
  const { texts } = usePublic();
  return (key, values) => (values ? fillText(texts.site[key], values) : texts.site[key]);
}

/** The language of a page address. */
export const localeOf = (url: string | URL): Locale =>
  splitLocalePath(typeof url === 'string' ? new URL(url, 'http://x').pathname : url.pathname).locale;

/**
 * A site path in a language, its query and fragment kept: `/#contact` in Dutch is `/nl#contact`.
 * Paths that are not the site's pages (the API, feeds, assets) are left as they are.
 */
export function localizeHref(locale: Locale, href: string): string {
  if (locale === DEFAULT_LOCALE || !href.startsWith('/') || href.startsWith('//')) return href;
  if (/^\/(api|assets|rss\.xml|sitemap)/.test(href)) return href;
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  const rest = cut === -1 ? '' : href.slice(cut);
  if (splitLocalePath(path).locale !== DEFAULT_LOCALE) return href;
  return localizedPath(locale, path) + rest;
}

/** The language the loaders' API calls ask for (the server render sets it per request). */
export const localeContext = createRouterContext<Locale | null>(null);

/** `Accept-Language` for a page language: the site's pages send their own language (decision 0144). */
export const acceptLanguage = (locale: Locale) => LOCALE_TABLE[locale].tag;
