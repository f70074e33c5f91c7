import fp from 'fastify-plugin';
import type { FastifyContextConfig } from 'fastify';
import { openNotifyChannel, MAX_PAYLOAD, type NotifyChannel } from '../../lib/pg-notify-channel';
import { makeEntry, PUBLIC_CACHE_CONTROL } from './entry';
import { cacheKey } from './key';
import { readRoom } from './address';
import { tagsFor } from './tags';
import { SingleFlight } from './single-flight';
import { ResponseCache } from './store';
import { sendEntry, sendEntryInPlace } from './representation';
import { preferredEncoding } from './negotiate';

export { ResponseCache } from './store';
export { makeEntry, hashOf, PUBLIC_CACHE_CONTROL, type Entry } from './entry';
export { sendEntry } from './representation';
export { pageTags, withoutCounts } from './tags';
export { pageAddress } from './key';
export { preferredEncoding } from './negotiate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this public GET until a change to what it shows (its tags: `cacheTag` or `cacheTags`). */
    cache?: boolean;
    /**
     * A cached API read: what it shows (`posts`), its tag, and with `:id` its records' tags (tags.ts).
     * Declared, not read from the address, so that moving a route cannot silently part its answers
     * from the changes that invalidate them.
     */
    cacheTag?: string;
    /** A rendered page (plugins/web.ts): cached like a public read, its tags those of the API reads it made. */
    page?: boolean;
    /**
     * What a successful answer of this change route makes stale: cache tags, `{id}` standing for the
     * route's id parameter (`posts:{id}`). Dropped before the answer leaves, on every instance.
     */
    invalidates?: readonly string[];
    /** A cached read that is not JSON (a feed): its tags, in place of those read from its records. */
    cacheTags?: readonly string[];
    /** A cached read without a querystring schema: the query parameters its answer depends on. */
    cacheQuery?: readonly string[];
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
  interface FastifyRequest {
    cacheHit?: boolean;
    /**
     * The cache key of a cacheable GET that missed, the moment it looked (to refuse a stale fill) and
     * its matched route (the metrics label of later hits answered before Fastify, see `answer`).
     */
    cacheMiss?: { key: string; ticket: number; route: string | undefined };
    /** Set on the one request rendering its key's miss: ends the wait of the others (single-flight.ts). */
    endFlight?: () => void;
    /**
     * A page's pattern in the web app's route table (`/post/:id/:slug?`, `/*`), set by its render
     * (plugins/web.ts) or from the stored page: its metrics label, where Fastify's route is `/*`.
     */
    pageRoute?: string | undefined;
  }
}

/**
 * Registered before every other plugin with an onRequest hook: a cached answer leaves from the first
 * hook, without cookie parsing, token checks or per-answer security-header work (its stored headers
 * include the security headers, computed once). docs/decisions/0065-content-cache.md
 */
export const responseCachePlugin = fp(async (app) => {
  let channel: NotifyChannel | undefined;
  const cache = new ResponseCache({
    // Hits are answered before Fastify (ResponseCache.answer) unless Fastify logs each request.
    direct: ['warn', 'error', 'fatal', 'silent'].includes(app.log.level),
    memoryMb: app.config.cacheMemoryMb,
    async announce(tags) {
      // A change too large to name in one notification empties everything instead.
      const named = tags && JSON.stringify(tags).length < MAX_PAYLOAD - 100 ? [...tags] : null;
      await channel?.publish(named);
    },
  });
  app.decorate('responseCache', cache);

  // Invalidations reach every instance through PostgreSQL LISTEN/NOTIFY. On PGlite there is one
  // instance per data folder, so there is no one to tell. While the listening connection is down
  // another instance's change could be missed: the cache is off until it is back, and empty then.
  // docs/decisions/0065-content-cache.md
  app.addHook('onReady', async () => {
    const url = app.config.databaseUrl;
    if (app.database.kind !== 'postgres' || !url) return;
    cache.suspend();
    channel = await openNotifyChannel({
      url,
      channel: CHANGE_CHANNEL,
      applicationName: LISTENER_NAME,
      connectTimeoutMs: app.config.dbConnectTimeoutMs,
      db: app.db,
      log: app.log,
      onMessage: (tags) => cache.invalidateLocal(isTagList(tags) ? tags : undefined),
      onDown: () => cache.suspend(),
      onUp: () => cache.resume(),
    });
  });
  app.addHook('onClose', async () => channel?.close());
  app.addHook('preClose', async () => cache.stopDirect());
  // A cached read outside /api (a feed, the pages): keyBeforeRouting must know the query parameters it keeps.
  app.addHook('onRoute', (route) => {
    const config = route.config;
    if (config?.page) cache.queries.pages = config.cacheQuery ?? [];
    if (!config?.cache) return;
    // Refused at start: a cached read that names no tag could never be invalidated.
    if (config.cacheTag === undefined && config.cacheTags === undefined)
      throw new Error(`The cached route ${route.url} declares neither cacheTag nor cacheTags.`);
    if (!route.url.startsWith('/api/')) cache.queries.feeds.set(route.url, config.cacheQuery ?? []);
  });

  // Behind `answer`, for what it leaves to Fastify: app.inject (tests, the renderer's API calls),
  // request logging at info, and API reads with a query string.
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const file = cache.file(req.url);
    if (file) return sendEntry(req, reply, file);
    const config = req.routeOptions.config;
    if (!(config.cache || config.page)) return;
    if (config.page && (req.url.startsWith('/api/') || req.url === '/api')) return;
    const key = cacheKey(req);
    let hit = cache.get(key);
    const flight = hit ? undefined : cache.flights.pending(key);
    if (flight) {
      await SingleFlight.follow(flight);
      hit = cache.get(key);
    }
    if (!hit) {
      req.cacheMiss = { key, ticket: cache.ticket(), route: req.routeOptions.url };
      if (!flight) req.endFlight = cache.flights.lead(key);
      return;
    }
    req.cacheHit = true;
    if (config.page) req.pageRoute = hit.route;
    reply.header('x-cache', 'hit');
    return sendEntry(req, reply, hit);
  });

  // The leader's answer has left (or it failed, or its client went away): the others look again.
  app.addHook('onResponse', async (req) => req.endFlight?.());
  app.addHook('onRequestAbort', async (req) => req.endFlight?.());

  app.addHook('onSend', async (req, reply, payload) => {
    const config = req.routeOptions.config;
    // Dropped before a change's answer leaves, so the client's next read (on any instance) sees it.
    if (req.method !== 'GET' && req.method !== 'HEAD' && config.invalidates && reply.statusCode < 400) {
      const id = String((req.params as { id?: unknown } | undefined)?.id ?? '');
      await cache.invalidate(config.invalidates.map((t) => t.replace('{id}', id)));
      return payload;
    }
    // A server render's API read tells the render its tags, which become the page's (plugins/web.ts).
    if (config.cache && app.renderCalls.parentOf(req.raw) !== undefined)
      reply.header(RENDER_TAGS_HEADER, JSON.stringify(tagsOf(config, payload)));
    // A read (API, feed) that missed: stored, then answered exactly as a hit would be. (Pages store
    // themselves in plugins/web.ts, with their script hashes.)
    const miss = req.cacheMiss;
    if (!miss || !config.cache || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const path = miss.key.slice(miss.key.indexOf(':') + 1);
    const room = readRoom(req, path.split('?')[0]!, path.includes('?'));
    if (!room) return payload;
    const entry = await makeEntry({
      status: 200,
      headers: {
        ...app.securityHeadersWithScripts([]),
        'content-type': String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        // A feed keeps its own (readers poll it); an API read gets the pages' one.
        'cache-control': String(reply.getHeader('cache-control') ?? PUBLIC_CACHE_CONTROL),
      },
      body: payload,
      tags: tagsOf(config, payload),
      encoding: preferredEncoding(req.headers['accept-encoding']),
    });
    cache.set(miss.key, entry, miss.ticket, miss.route, room);
    reply.header('x-cache', 'miss');
    return sendEntryInPlace(req, reply, entry);
  });
});

/** The PostgreSQL channel every instance listens on for cache invalidations. */
export const CHANGE_CHANNEL = 'site_cache_invalidation';
/** The listening connection's application_name (operators and the tests find it in pg_stat_activity). */
export const LISTENER_NAME = 'site-cache-listener';

const isTagList = (data: unknown): data is string[] =>
  Array.isArray(data) && data.every((tag) => typeof tag === 'string');

/**
 * The header of a server render's API read that names the read's tags (a JSON list). Only on
 * those in-process calls (lib/render-calls.ts): no visitor sees it.
 */
export const RENDER_TAGS_HEADER = 'x-render-cache-tags';

/** A cached read's tags: those it declares, or its tag and those of the records it shows. */
function tagsOf(config: FastifyContextConfig, payload: unknown): readonly string[] {
  return config.cacheTags ?? tagsFor(config.cacheTag!, parsedJson(payload));
}

function parsedJson(payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  try {
    return JSON.parse(payload.toString());
  } catch {
    return undefined;
  }
}
