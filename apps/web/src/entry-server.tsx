import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  RouterContextProvider,
  StaticRouterProvider,
} from 'react-router';
import type { RenderInput, RenderResult } from '@app/shared/render';
import { ROUTES } from '@app/shared/routes';
import { LOCALE_TABLE, LOCALES } from '@app/shared/locales';
import { localeContext, localeOf } from './lib/language';
import { routes } from './app/routes';
import { AppProviders } from './app/providers';
import { headHtml, metaFor, type RouteHandle } from './lib/meta';
import { fetchApiContext } from './lib/loader-get';
import { setRuntimeConfig } from './lib/runtime-config';

const handler = createStaticHandler(routes);

/** Renders a public route to HTML; back-office routes get the bare shell and render in the browser. */
export async function render({ request, config, fetchApi }: RenderInput): Promise<RenderResult> {
  setRuntimeConfig(config);
  const url = new URL(request.url);
  const matched = matchRoutes(routes, url.pathname) ?? [];
  const route = patternOf(matched);
  // One address per page: another spelling of the route's fixed part (/ABOUT, /about/) answers 301
  // to it before any loader runs, so that it costs no render and takes no room in the page cache.
  const canonical = canonicalPathname(url.pathname, route);
  if (canonical !== url.pathname) {
    return { kind: 'redirect', route, status: 301, location: canonical + url.search };
  }
  if (matched.some((m) => (m.route.handle as RouteHandle | undefined)?.clientOnly)) {
    return {
      kind: 'shell',
      route,
      status: 200,
      head: headHtml(
        { title: 'Redwall Security Integrations', noindex: true, locale: 'en', alternates: [] },
        config.publicUrl,
      ),
    };
  }

  const locale = localeOf(url);
  const requestContext = new RouterContextProvider(
    new Map<Parameters<RouterContextProvider['get']>[0], unknown>([
      [fetchApiContext, fetchApi],
      [localeContext, locale],
    ]),
  );
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) {
    return { kind: 'redirect', route, status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppProviders config={config}>
      <StaticRouterProvider router={router} context={context} />
    </AppProviders>,
  );
  const uiMatches = context.matches.map((m) => ({
    id: m.route.id,
    pathname: m.pathname,
    params: m.params,
    loaderData: context.loaderData[m.route.id],
    handle: m.route.handle,
  }));
  const meta = metaFor(uiMatches);
  const status = context.statusCode !== 200 ? context.statusCode : (meta.status ?? 200);
  return {
    kind: 'page',
    route,
    status,
    head: headHtml(meta, config.publicUrl),
    html,
    canonical: meta.path,
    lang: LOCALE_TABLE[locale].tag,
  };
}

/**
 * The address a matched path should have: the route pattern's fixed segments as the table spells
 * them (React Router matches them ignoring case and percent-encoding), the parameters as given,
 * no trailing slash. A path only the catch-all matches is left as it is.
 */
function canonicalPathname(pathname: string, pattern: string): string {
  if (pattern.includes('*')) return pathname;
  const given = pathname.split('/').filter(Boolean);
  const parts = pattern.split('/').filter(Boolean);
  if (given.length > parts.length) return pathname;
  const path = parts
    .map((part, i) => (part.startsWith(':') ? given[i] : part))
    .filter((part) => part !== undefined)
    .join('/');
  return `/${path}`;
}

/**
 * The matched routes' paths joined: the route table's pattern (`/post/:id/:slug?`), `/` for the
 * home page (an index route has no path) and `/*` for the catch-all.
 */
function patternOf(matched: { route: { path?: string | undefined } }[]): string {
  const path = matched
    .map((m) => m.route.path)
    .filter(Boolean)
    .join('/');
  return `/${path}`;
}

/**
 * The first segments of the route table's paths ('post', 'about', '' for the home page…), lower
 * case as React Router matches them. Undefined if a path starts with a parameter.
 */
const FIRST_SEGMENTS = (() => {
  // A language's prefix starts its pages too.
  const firsts = [...Object.values(ROUTES).map((route) => route.path.split('/')[1] ?? ''), ...LOCALES];
  return firsts.some((s) => s.startsWith(':')) ? undefined : new Set(firsts.map((s) => s.toLowerCase()));
})();

/**
 * See RenderModule.isUnknownPath: the deepest route matching the path is the catch-all. A path
 * whose first segment starts no route's path can only be that, and is answered without
 * `matchRoutes`, which ranks the whole route table on every call (about 0.6 ms): a scanner's
 * addresses (`/wp-login.php`, `/.env`) are mostly of that kind. Any other path is left to React
 * Router, so that both always agree.
 */
export function isUnknownPath(pathname: string): boolean {
  if (FIRST_SEGMENTS) {
    try {
      if (!FIRST_SEGMENTS.has(decodeURIComponent(pathname.split('/')[1] ?? '').toLowerCase())) return true;
    } catch {
      // Not decodable: React Router decides.
    }
  }
  const matched = matchRoutes(routes, pathname);
  return !matched || matched[matched.length - 1]!.route.path === '*';
}
