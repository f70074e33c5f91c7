import type { FastifyRequest } from 'fastify';

const querystringKeys = new WeakMap<object, readonly string[]>();

/**
 * The key of a cacheable GET: its path and only the query parameters the route knows, in order.
 * `api:` under /api, `page:` elsewhere (pages, feeds), as keyBeforeRouting gives it.
 */
export function cacheKey(req: FastifyRequest): string {
  const url = req.url;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const config = req.routeOptions.config;
  const prefix = url.startsWith('/api/') ? 'api:' : 'page:';
  if (q < 0) return prefix + path;
  // A page's or feed's route names its query parameters; an API read's are its querystring schema's.
  const schema = req.routeOptions.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
  const known = querystringKeys.get(config) ?? config.cacheQuery ?? Object.keys(schema?.shape ?? {}).sort();
  querystringKeys.set(config, known);
  return prefix + withKnownQuery(path, url.slice(q + 1), known);
}

/** The address a page's key stands for (`/post?page=2`): what a missed page is rendered from. */
export const pageAddress = (key: string): string => key.slice('page:'.length);

/** The path and, in the order of `known`, only the query parameters it names. */
function withKnownQuery(path: string, query: string, known: readonly string[]): string {
  const params = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of known) for (const value of params.getAll(name)) kept.append(name, value);
  const rest = kept.toString();
  return rest ? `${path}?${rest}` : path;
}

/**
 * The key `cacheKey` gives a URL, known without routing: every cacheable API read is under `/api/`
 * (key `api:…`), every page and feed elsewhere (`page:…`; `queries` holds the query parameters of
 * each cached read outside /api, such as `/rss.xml`'s `tag`, and of the pages' route). Undefined for an API read with a
 * query string, whose kept parameters only its route's schema knows: that one is looked up after
 * routing.
 */
export function keyBeforeRouting(url: string, queries: RouteQueries): string | undefined {
  const q = url.indexOf('?');
  if (url.startsWith('/api/')) return q < 0 ? `api:${url}` : undefined;
  if (q < 0) return `page:${url}`;
  const path = url.slice(0, q);
  return `page:${withKnownQuery(path, url.slice(q + 1), queries.feeds.get(path) ?? queries.pages)}`;
}

/** The query parameters that matter outside /api, as the routes declare them (`cacheQuery`). */
export interface RouteQueries {
  /** Per cached read outside /api (a feed): its route's. */
  readonly feeds: Map<string, readonly string[]>;
  /** The pages' route's (the post list's page and search words). */
  pages: readonly string[];
}
