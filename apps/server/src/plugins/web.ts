import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { FetchApi, RenderModule } from '@app/shared/render';
import { DEFAULT_RUNTIME_CONFIG, RUNTIME_CONFIG_PATH, type RuntimeConfig } from '@app/shared/runtime-config';
import { errorBody } from './errors';
import { RETRY_AFTER_SECONDS } from '../lib/dependency-unavailable';
import {
  hashOf,
  makeEntry,
  pageAddress,
  pageTags,
  preferredEncoding,
  PUBLIC_CACHE_CONTROL,
  sendEntry,
  RENDER_TAGS_HEADER,
  withoutCounts,
} from './response-cache';
import { preparePageTemplate } from './page-template';
import { scriptHash } from './security-headers';
import { noApiEndpoint } from '@app/shared/messages/server';

/** An inline or external script element: its attributes and its text. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};

/**
 * The hashed build files (a few MB with their .br and .gz copies, scripts/build/precompress.ts) are read
 * into the response cache once at start and answered from memory like a cached page: no file
 * system work per request. Files of another type stay with @fastify/static.
 */
async function serveAssetsFromMemory(app: FastifyInstance, dir: string) {
  if (!fs.existsSync(dir)) return;
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : undefined);
  for (const name of fs.readdirSync(dir)) {
    const type = ASSET_TYPES[path.extname(name)];
    const file = path.join(dir, name);
    if (!type || !fs.statSync(file).isFile()) continue;
    const identity = fs.readFileSync(file);
    const br = read(`${file}.br`);
    const gzip = read(`${file}.gz`);
    app.responseCache.addFile(`/assets/${name}`, {
      status: 200,
      headers: {
        ...app.securityHeadersWithScripts([]),
        'content-type': type,
        'cache-control': 'public, max-age=31536000, immutable',
      },
      identity,
      ...(br ? { br } : {}),
      ...(gzip ? { gzip } : {}),
      hash: hashOf(identity),
      tags: [],
    });
  }
}

/** /config.json: what the browser app reads before it starts. */
export const runtimeConfig = (config: AppConfig): RuntimeConfig => ({
  ...DEFAULT_RUNTIME_CONFIG,
  backendUrl: config.publicUrl,
  otherSetting: '',
  publicUrl: config.publicUrl,
});

/**
 * Serves the built web app: hashed assets with immutable caching, /config.json, and every page
 * through the server renderer (public pages as HTML, back-office pages as the app shell).
 */
export const webPlugin = fp<{ config: AppConfig }>(async (app, { config }) => {
  app.get(RUNTIME_CONFIG_PATH, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return runtimeConfig(config);
  });

  const dist = config.webDist;
  const templatePath = dist && path.join(dist, 'client/index.html');
  const entryPath = dist && path.join(dist, 'server/entry-server.js');
  if (!templatePath || !entryPath || !fs.existsSync(templatePath) || !fs.existsSync(entryPath)) {
    if (config.env !== 'test') app.log.warn('web app not built: run `npm run build` to serve pages');
    return;
  }
  const template = preparePageTemplate(fs.readFileSync(templatePath, 'utf8'), path.join(dist, 'client'));
  const { render, isUnknownPath } = (await import(pathToFileURL(entryPath).href)) as RenderModule;

  await app.register(fastifyStatic, {
    root: path.join(dist, 'client'),
    wildcard: false,
    index: false,
    // scripts/build/precompress.ts writes .br/.gz files at build time.
    preCompressed: true,
    maxAge: '1h',
  });
  await serveAssetsFromMemory(app, path.join(dist, 'client/assets'));
  // Hashed file names never change content: cache them for a year. (Set here rather than in
  // setHeaders, which precompressed files bypass.)
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/assets/') && reply.statusCode === 200) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    }
  });

  /**
   * The loaders' API calls, in-process; notes when one found the database unavailable (503) and the
   * cache tags of what was read, which become the page's own. The loaders get the answers without
   * their visitor counts (a post's likes): a cached page shows none, so a like leaves it alone.
   */
  const fetchApiFor = (
    seen: { unavailable: boolean; failed: boolean; tags: Set<string> },
    parentReqId: string,
  ): FetchApi => {
    const call: FetchApi = async (url, headers) => {
      // Marked as this page's: logged with its id, left out of the API's metrics (lib/render-calls.ts).
      const res = await app.inject({
        method: 'GET',
        url: `/api${url}`,
        headers: { ...headers, ...app.renderCalls.headersFor(parentReqId) },
      });
      if (res.statusCode === 503) seen.unavailable = true;
      else if (res.statusCode >= 500) seen.failed = true;
      let body: unknown;
      try {
        body = res.json();
      } catch {
        body = undefined;
      }
      const tags = res.headers[RENDER_TAGS_HEADER];
      if (typeof tags === 'string') for (const tag of JSON.parse(tags) as string[]) seen.tags.add(tag);
      return { status: res.statusCode, body: withoutCounts(body) };
    };
    // The layout's loader and the page's may read the same thing (both read the site settings):
    // one render asks the API once for it.
    const asked = new Map<string, ReturnType<FetchApi>>();
    return (url, headers) => {
      const key = `${url} ${JSON.stringify(headers ?? {})}`;
      let answer = asked.get(key);
      if (!answer) asked.set(key, (answer = call(url, headers)));
      return answer;
    };
  };

  /**
   * Renders a page once for every visitor: the same bytes for everyone, so that they can be stored
   * compressed. Inline scripts (the router's hydration data, JSON-LD) carry no nonce; the page's
   * Content-Security-Policy allows them by their SHA-256 hashes, computed here and kept with the page.
   * (Content cannot bring a script of its own: its texts are escaped, its Markdown sanitised.)
   */
  const renderPage = async (url: string, parentReqId: string) => {
    const request = new Request(new URL(url, config.publicUrl), { method: 'GET' });
    const seen = { unavailable: false, failed: false, tags: new Set<string>() };
    const result = await render({
      request,
      config: runtimeConfig(config),
      fetchApi: fetchApiFor(seen, parentReqId),
    });
    const tags = pageTags(seen.tags);
    if (result.kind === 'redirect') return { ...result, tags };
    // A page whose data could not be loaded is an outage, not a page: 503 so that caches and
    // crawlers come back, with the page's own error text for the visitor. A loader whose call
    // failed otherwise (500) makes the page a 500: its error text was served as a 200 and kept in
    // the cache for everyone.
    const status = seen.unavailable ? 503 : seen.failed ? 500 : result.status;
    // The language goes in first, while the template is short: React's markup is a rope of many
    // small strings, and a search through the whole page afterwards cost another copy of it
    // (0.4-1.0 ms of every render, measured on a search page of 75 KB).
    const html = template
      // The page's language (`/nl/…` Dutch, `/fr/…` French); the shell and English keep the template's.
      .replace('<html lang="en"', () => `<html lang="${result.kind === 'page' ? result.lang : 'en'}"`)
      .replace('<!--app-head-->', () => result.head)
      .replace('<!--app-html-->', () => (result.kind === 'page' ? result.html : ''));
    const hashes = [...html.matchAll(INLINE_SCRIPT)]
      .filter((m) => !/\ssrc=/i.test(m[1]!))
      .map((m) => scriptHash(m[2]!));
    return {
      kind: 'html' as const,
      route: result.route,
      status,
      html,
      hashes,
      tags,
      shell: result.kind === 'shell',
      canonical: result.kind === 'page' ? result.canonical : undefined,
    };
  };

  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      return reply.code(404).send(errorBody(404, noApiEndpoint(req.method, req.url.split('?')[0]!)));
    }
    if (isUnknownPath(req.url.split('?')[0]!)) return notFound(req, reply);
    // A cacheable page that missed is rendered from its normalised address (unknown query
    // parameters dropped), so that the stored copy is what every address with that key shows.
    const miss = req.cacheMiss;
    const result = await renderPage(miss ? pageAddress(miss.key) : req.url, req.id);
    req.pageRoute = result.route;
    if (result.kind === 'redirect') {
      if (miss && (result.status === 301 || result.status === 308)) {
        const entry = await makeEntry({
          status: result.status,
          headers: {
            ...app.securityHeadersWithScripts([]),
            location: result.location,
            'cache-control': PUBLIC_CACHE_CONTROL,
          },
          body: '',
          tags: result.tags,
          encoding: 'identity',
        });
        app.responseCache.setRedirect(miss, entry, result.route);
      }
      return reply.redirect(result.location, result.status);
    }
    if (miss && result.shell && result.status === 200) return sendShell(req, reply, miss.ticket, result);
    if (miss && result.status === 200) {
      const entry = await htmlEntry(req, result.html, result.hashes, result.tags);
      app.responseCache.setPage(miss, entry, result.route, result.canonical);
      reply.header('x-cache', 'miss');
      return sendEntry(req, reply, entry);
    }
    return sendUncached(reply, result);
  };

  /** A rendered page as the cache keeps it: compressed once, with its scripts' hashes in the CSP. */
  const htmlEntry = (req: FastifyRequest, html: string, hashes: string[], tags: readonly string[]) =>
    makeEntry({
      status: 200,
      headers: {
        ...app.securityHeadersWithScripts(hashes),
        'content-type': 'text/html; charset=utf-8',
        'cache-control': PUBLIC_CACHE_CONTROL,
      },
      body: html,
      tags,
      encoding: preferredEncoding(req.headers['accept-encoding']),
    });

  /**
   * Every back-office address gets the same app shell (the browser renders the page behind the
   * guard): kept once under one key, so that `/view-post/1`, `/view-post/2`… take no room each.
   */
  const SHELL_KEY = 'page:(back-office shell)';
  const sendShell = async (
    req: FastifyRequest,
    reply: FastifyReply,
    ticket: number,
    result: { route: string; html: string; hashes: string[] },
  ) => {
    const stored = app.responseCache.get(SHELL_KEY);
    if (stored) return sendEntry(req, reply.header('x-cache', 'hit'), stored);
    const entry = await htmlEntry(req, result.html, result.hashes, []);
    app.responseCache.set(SHELL_KEY, entry, ticket, result.route);
    return sendEntry(req, reply.header('x-cache', 'miss'), entry);
  };

  /** A rendered page that is not kept (an error, a 404 with data, anything while the cache is off). */
  const sendUncached = (reply: FastifyReply, result: { status: number; html: string; hashes: string[] }) => {
    if (result.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    // An error page is no page to index (its text says something went wrong, not what the address holds).
    if (result.status >= 500) reply.header('x-robots-tag', 'noindex');
    return reply
      .code(result.status)
      .headers(app.securityHeadersWithScripts(result.hashes))
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(result.html);
  };
  /**
   * An address only the catch-all route matches gets the not-found page, the same bytes for every
   * such address: rendered once and kept under one key, so that a scanner's junk addresses neither
   * render a page each (430–550 a second, against tens of thousands for a cached page) nor fill
   * the cache and evict the real pages. It shows the public layout (bar and footer, from the site
   * settings), so a settings change drops it like any page that shows them.
   */
  const NOT_FOUND_KEY = 'page:*';
  /** The catch-all's pattern, as the web app's render reports it. */
  const NOT_FOUND_ROUTE = '/*';
  const notFound = async (req: FastifyRequest, reply: FastifyReply) => {
    req.pageRoute = NOT_FOUND_ROUTE;
    const stored = app.responseCache.get(NOT_FOUND_KEY);
    if (stored) return sendEntry(req, reply.header('x-cache', 'hit'), stored);
    const ticket = app.responseCache.ticket();
    const result = await renderPage(req.url, req.id);
    // The catch-all renders the not-found page, which reads only the layout's settings; anything
    // else is not kept.
    if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
    if (result.status !== 404) return sendUncached(reply, result);
    const entry = await makeEntry({
      status: 404,
      headers: {
        ...app.securityHeadersWithScripts(result.hashes),
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
      },
      body: result.html,
      tags: result.tags,
      encoding: preferredEncoding(req.headers['accept-encoding']),
    });
    app.responseCache.set(NOT_FOUND_KEY, entry, ticket, NOT_FOUND_ROUTE);
    return sendEntry(req, reply.header('x-cache', 'miss'), entry);
  };

  // The query parameters a page's output depends on (the post list's page and search words): the
  // others are left out of its cache key.
  app.get('/*', { config: { page: true, cacheQuery: ['page', 'q'] } }, page);
});
