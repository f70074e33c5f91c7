import type { Capability } from '@app/shared/capabilities';
import { useLayoutEffect } from 'react';
import { useMatches, type UIMatch } from 'react-router';
import { APP_TITLE_SUFFIX } from '@app/shared/constants';
import { DEFAULT_LOCALE, LOCALE_TABLE, LOCALES, localizedPath, type Locale } from '@app/shared/locales';
import { fillText } from '@app/shared/messages/fill-text';
import type { PageTexts } from '@app/shared/messages/translate';

/** What a route says about itself in <head>: rendered on the server, kept in sync in the browser. */
export interface PageMeta {
  title: string;
  description?: string;
  /** Path of the canonical URL, e.g. '/post/3'. */
  path?: string;
  image?: string;
  /** Size of `image` in pixels, for og:image:width and og:image:height. */
  imageSize?: { width: number; height: number };
  type?: 'website' | 'article';
  /**
   * Structured data, written into the server-rendered <head> only: the browser never reads it, so
   * handles set it under `import.meta.env.SSR`, a build-time constant, and the client build drops
   * the builders and lib/jsonld.ts from the public pages' first load (the first-load budget, decision 0080).
   */
  jsonLd?: Record<string, unknown>[];
  noindex?: boolean;
  /** HTTP status of the server-rendered page (404 for the not-found page). */
  status?: number;
  /**
   * The languages the page exists in, each with its path (without the language prefix): a post's
   * translations with their own slugs. Unset: every language, at `path`.
   */
  languages?: Partial<Record<Locale, string>>;
  /** The language of what the page shows, when not the page's own (an item that lacks it). */
  contentLocale?: Locale;
  /** Where the language switcher leads for a language the page lacks: that language's list page. */
  languageFallback?: string;
}

/** A page's meta with its language worked out (metaFor): what the head and the switcher use. */
export interface LocalizedMeta extends PageMeta {
  locale: Locale;
  /** Every language the page exists in, with its full path (hreflang alternates, the switcher). */
  alternates: [Locale, string][];
}

/** What a handle's meta is given: its route's data, and the page's language with its texts. */
export interface MetaArgs {
  loaderData: unknown;
  params: Record<string, string | undefined>;
  pathname: string;
  locale: Locale;
  /** A site text in the page's language, `{placeholders}` filled. */
  t: (key: keyof PageTexts['site'], values?: Record<string, string | number>) => string;
}

export interface RouteHandle {
  /** Named as React Router names a route's loader result (`loaderData`; RR8 removed the old `data`). */
  meta?: (args: MetaArgs) => PageMeta;
  /** Routes rendered only in the browser (the back office): the server sends the app shell. */
  clientOnly?: boolean;
  /** The capability a back-office page needs (packages/shared/src/capabilities.ts). */
  requiredCapability?: Capability;
}

export const SITE_NAME = `Redwall ${APP_TITLE_SUFFIX}`;

/**
 * The page's meta from its deepest route that has some, in the page's language (the public
 * layout's data): the canonical path in the language of what the page shows (an item shown in
 * another language than the page's is that language's page, so search engines see no duplicate),
 * and the alternates of every language it exists in.
 */
export function metaFor(matches: UIMatch[]): LocalizedMeta {
  const layout = matches.find((m) => (m.loaderData as { texts?: unknown } | undefined)?.texts)?.loaderData as
    { locale: Locale; texts: PageTexts } | undefined;
  const locale = layout?.locale ?? DEFAULT_LOCALE;
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i]!;
    const handle = m.handle as RouteHandle | undefined;
    if (!handle?.meta) continue;
    // The sign-in and account-link pages live outside the public layout (the back office stays
    // English): their meta names its own texts and needs none of the layout's.
    const site = layout?.texts.site;
    const meta = handle.meta({
      loaderData: m.loaderData,
      params: m.params,
      pathname: m.pathname,
      locale,
      t: (key, values) => (site ? (values ? fillText(site[key], values) : site[key]) : key),
    });
    if (meta.path === undefined) return { ...meta, locale, alternates: [] };
    const languages = meta.languages ?? Object.fromEntries(LOCALES.map((l) => [l, meta.path!]));
    const alternates = LOCALES.filter((l) => languages[l] !== undefined).map((l): [Locale, string] => [
      l,
      localizedPath(l, languages[l]!),
    ]);
    const own = meta.contentLocale ?? locale;
    return { ...meta, path: localizedPath(own, languages[own] ?? meta.path), locale, alternates };
  }
  return { title: SITE_NAME, locale, alternates: [] };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The <head> tags of a page, as HTML (server side). */
export function headHtml(meta: LocalizedMeta, publicUrl: string): string {
  const url = meta.path !== undefined ? `${publicUrl}${meta.path}` : undefined;
  const info = LOCALE_TABLE[meta.locale];
  // hreflang: every language the page exists in, and English as the default for everyone else.
  const english = meta.alternates.find(([l]) => l === DEFAULT_LOCALE);
  const alternates = meta.noindex
    ? []
    : [
        ...meta.alternates.map(
          ([l, path]) => `<link rel="alternate" hreflang="${LOCALE_TABLE[l].tag}" href="${esc(publicUrl + path)}">`,
        ),
        ...(english ? [`<link rel="alternate" hreflang="x-default" href="${esc(publicUrl + english[1])}">`] : []),
      ];
  const inLanguage = (ld: Record<string, unknown>) =>
    ld['@type'] === 'Organization' || 'inLanguage' in ld ? ld : { ...ld, inLanguage: info.tag };
  const image = meta.image
    ? meta.image.startsWith('http')
      ? meta.image
      : `${publicUrl}${meta.image}`
    : `${publicUrl}/og-image.png`;
  const tags = [
    `<title>${esc(meta.title)}</title>`,
    meta.description && `<meta name="description" content="${esc(meta.description)}">`,
    meta.noindex && `<meta name="robots" content="noindex">`,
    url && `<link rel="canonical" href="${esc(url)}">`,
    ...alternates,
    `<meta property="og:locale" content="${info.ogLocale}">`,
    ...meta.alternates
      .filter(([l]) => l !== meta.locale)
      .map(([l]) => `<meta property="og:locale:alternate" content="${LOCALE_TABLE[l].ogLocale}">`),
    `<meta property="og:site_name" content="${esc(SITE_NAME)}">`,
    `<meta property="og:title" content="${esc(meta.title)}">`,
    meta.description && `<meta property="og:description" content="${esc(meta.description)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    url && `<meta property="og:url" content="${esc(url)}">`,
    `<meta property="og:image" content="${esc(image)}">`,
    meta.image && meta.imageSize && `<meta property="og:image:width" content="${meta.imageSize.width}">`,
    meta.image && meta.imageSize && `<meta property="og:image:height" content="${meta.imageSize.height}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${esc(meta.title)}">`,
    meta.description && `<meta name="twitter:description" content="${esc(meta.description)}">`,
    `<meta name="twitter:image" content="${esc(image)}">`,
    `<link rel="alternate" type="application/rss+xml" title="${esc(SITE_NAME)}" href="/rss.xml">`,
    ...(meta.jsonLd ?? []).map(
      (ld) => `<script type="application/ld+json">${JSON.stringify(inLanguage(ld)).replace(/</g, '\\u003c')}</script>`,
    ),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * Keeps document.title (and the description) right after client-side navigation. A layout effect:
 * it runs before every page's own effects, so a page that names its tab after its data (the post
 * preview) has the last word even when that data was already cached on arrival.
 */
export function useDocumentMeta(): void {
  const matches = useMatches();
  const meta = metaFor(matches);
  useLayoutEffect(() => {
    document.title = meta.title;
    if (meta.description) document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta.title, meta.description]);
}
