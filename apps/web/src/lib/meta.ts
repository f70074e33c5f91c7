import type { Capability } from '@app/shared/capabilities';
import { useLayoutEffect } from 'react';
import { useMatches, type UIMatch } from 'react-router';
import { APP_TITLE_SUFFIX } from '@app/shared/constants';

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
}

export interface RouteHandle {
  /** Named as React Router names a route's loader result (`loaderData`; RR8 removed the old `data`). */
  meta?: (args: { loaderData: unknown; params: Record<string, string | undefined>; pathname: string }) => PageMeta;
  /** Routes rendered only in the browser (the back office): the server sends the app shell. */
  clientOnly?: boolean;
  /** The capability a back-office page needs (packages/shared/src/capabilities.ts). */
  requiredCapability?: Capability;
}

export const SITE_NAME = `Redwall ${APP_TITLE_SUFFIX}`;

export function metaFor(matches: UIMatch[]): PageMeta {
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i]!;
    const handle = m.handle as RouteHandle | undefined;
    if (handle?.meta) return handle.meta({ loaderData: m.loaderData, params: m.params, pathname: m.pathname });
  }
  return { title: SITE_NAME };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The <head> tags of a page, as HTML (server side). */
export function headHtml(meta: PageMeta, publicUrl: string, nonce: string): string {
  const url = meta.path !== undefined ? `${publicUrl}${meta.path}` : undefined;
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
      (ld) =>
        `<script type="application/ld+json" nonce="${nonce}">${JSON.stringify(ld).replace(/</g, '\\u003c')}</script>`,
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
