import { createContext, type LoaderFunctionArgs } from 'react-router';
import type { FetchApi } from '@app/shared/render';
import { runtimeConfig } from './runtime-config';
import { ApiError, NETWORK_ERROR, apiErrorFrom } from './api-error';
import { DEFAULT_LOCALE, type Locale } from '@app/shared/locales';
import { acceptLanguage, localeContext, localeOf } from './language';

/**
 * Loaders run on the server during rendering and in the browser on navigation. On the server the
 * request context carries a function that calls the API in-process; in the browser it is null.
 * A router context rather than a plain object: since React Router 8 a loader's `context` is always a
 * RouterContextProvider.
 */
export const fetchApiContext = createContext<FetchApi | null>(null);

/** A loader's `context` argument. */
export type RouterContext = LoaderFunctionArgs['context'];

/**
 * GET for the public pages' loaders: the same ApiError on failure whether it runs on the server or
 * in the browser. Public reads are the same for everyone, so it sends no session: the API client
 * with its session handling (lib/api-client.ts) stays out of every public page's first load.
 */
export async function loaderGet<T>(path: string, context: RouterContext): Promise<T> {
  const server = context.get(fetchApiContext);
  // The page's language: set by the server render; in the browser the page's own, since a change
  // of language is a new page load (the language switcher's links reload the document).
  const locale = server ? (context.get(localeContext) ?? DEFAULT_LOCALE) : localeOf(window.location.href);
  const localized = withLang(path, locale);
  if (server) {
    const { status, body } = await server(localized, { 'accept-language': acceptLanguage(locale) });
    if (status >= 400) throw apiErrorFrom(status, body);
    return body as T;
  }
  return publicGet<T>(localized, locale);
}

/**
 * Public content reads take the language as `?lang=` (decision 0144: part of the URL, so caches
 * key on it); English asks without it, so its addresses stay today's.
 */
const withLang = (path: string, locale: Locale) =>
  locale === DEFAULT_LOCALE ? path : `${path}${path.includes('?') ? '&' : '?'}lang=${locale}`;

/** GET of a public read from the browser, without a session; ApiError on failure. */
export async function publicGet<T>(path: string, locale: Locale = DEFAULT_LOCALE): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${runtimeConfig().apiUrl}${path}`, {
      headers: { accept: 'application/json', 'accept-language': acceptLanguage(locale) },
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw apiErrorFrom(res.status, body, res.statusText || undefined);
  return body as T;
}
