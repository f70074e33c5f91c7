import fp from 'fastify-plugin';
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { startChangeBus, type ChangeBus } from '../../lib/pg-notify-channel';
import { SingleFlight } from './single-flight';
import { CacheRooms, type Room } from './rooms';
import { readRoom } from './address';
import { tagsForApi } from './tags';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this public GET until a change to what it shows (its tags, see tagsForApi). */
    cache?: boolean;
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
    /** Set on the one request rendering its key's miss: ends the wait of the others (cache-single-flight.ts). */
    endFlight?: () => void;
    /**
     * A page's pattern in the web app's route table (`/post/:id/:slug?`, `/*`), set by its render
     * (plugins/web.ts) or from the stored page: its metrics label, where Fastify's route is `/*`.
     */
    pageRoute?: string | undefined;
  }
}

/** Public answers may be kept by a CDN for this long; browsers always ask again (ETag, 304). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=10';

export interface Entry {
  status: number;
  /** Every header of the answer but the encoding-dependent ones (security headers included). */
  headers: Record<string, string>;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** The strong ETag's hash part; the encoding is appended (`"…-br"`), as each encoding is its own representation. */
  hash: string;
  tags: readonly string[];
  /** The route that stored it: the metrics label of its hits answered before Fastify (ResponseCache.answer). */
  route?: string;
  /** Per encoding, the complete answer as `answer` writes it, built on its first use. */
  prepared?: Partial<Record<Encoding, Prepared>>;
}

/**
 * A hit's headers (a flat name/value list, as writeHead takes it) and body, ready to write. Both
 * lists end with `x-request-id` and an empty value, which `answer` fills in its copy.
 */
interface Prepared {
  headers: string[];
  /** The headers of the 304 answer to a matching If-None-Match: the same less content-encoding and length. */
  notModifiedHeaders: string[];
  body: Buffer;
}

/** The last name/value pair of every prepared list: the request id, filled per answer. */
const REQUEST_ID = ['x-request-id', ''] as const;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Below this, compression saves less than its headers cost. */
const COMPRESS_THRESHOLD = 1024;

/** Builds an entry: compresses once, at the highest levels, so every later answer is a buffer copy. */
export async function makeEntry(input: {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  tags: readonly string[];
}): Promise<Entry> {
  const identity = Buffer.isBuffer(input.body) ? input.body : Buffer.from(input.body);
  const hash = crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  const entry: Entry = { status: input.status, headers: input.headers, identity, hash, tags: input.tags };
  if (identity.length >= COMPRESS_THRESHOLD) {
    [entry.br, entry.gzip] = await Promise.all([
      brotli(identity, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
      gzip(identity, { level: 9 }),
    ]);
  }
  return entry;
}

/** Query parameters a page's output depends on (the post list's page and search); others are dropped. */
const PAGE_QUERY = ['page', 'q'];
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
  let known: readonly string[] = PAGE_QUERY;
  if (!config.page) {
    const schema = req.routeOptions.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
    known = querystringKeys.get(config) ?? config.cacheQuery ?? Object.keys(schema?.shape ?? {}).sort();
    querystringKeys.set(config, known);
  }
  return prefix + withKnownQuery(path, url.slice(q + 1), known);
}

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
 * (key `api:…`), every page and feed elsewhere (`page:…`; `feeds` holds the query parameters of
 * each cached read outside /api, such as `/rss.xml`'s `tag`). Undefined for an API read with a
 * query string, whose kept parameters only its route's schema knows: that one is looked up after
 * routing.
 */
function keyBeforeRouting(url: string, feeds: ReadonlyMap<string, readonly string[]>): string | undefined {
  const q = url.indexOf('?');
  if (url.startsWith('/api/')) return q < 0 ? `api:${url}` : undefined;
  if (q < 0) return `page:${url}`;
  const path = url.slice(0, q);
  return `page:${withKnownQuery(path, url.slice(q + 1), feeds.get(path) ?? PAGE_QUERY)}`;
}

/**
 * Public reads and rendered pages, kept until a change to what they show. Invalidation is by tag
 * (tagsForApi): a change route names its tags (`config.invalidates`), the posts module's
 * publication timer calls `invalidate(['posts'])`. Every instance hears of it through the change bus
 * (PostgreSQL LISTEN/NOTIFY); while the bus is down nothing is served from or put into the cache.
 */
export class ResponseCache {
  /** Pages and reads at their one address, those at addresses a client composes, redirects (cache-rooms.ts). */
  readonly rooms = new CacheRooms();
  /** The query parameters of each cached read outside /api (a feed's), for keyBeforeRouting. */
  readonly feeds = new Map<string, readonly string[]>();
  private seq = 0;
  private clearedAt = 0;
  private readonly tagInvalidatedAt = new Map<string, number>();
  /** The web app's hashed files, read once at start: never invalidated (a new build has new names). */
  private readonly files = new Map<string, Entry>();
  /** Misses being rendered, so that one request renders a key while the others wait for it. */
  readonly flights = new SingleFlight();
  /** Set once the change bus runs: publishes an invalidation to the other instances. */
  bus: ChangeBus | undefined;
  /** False while the bus is disconnected: another instance's change could be missed. */
  enabled = true;
  /**
   * Whether `answer` serves hits before Fastify. Off while Fastify logs every request (LOG_LEVEL
   * info or lower: those lines, with their request id and client address, are Fastify's) and
   * once the app closes (Fastify then answers 503).
   */
  direct = false;
  /** Set by the metrics plugin: counts an answer of `answer` as its onResponse hook would. */
  observe: ((method: string, route: string, status: number, seconds: number, hit: boolean) => void) | undefined;

  /** A number to hand back to `set`: an invalidation of the entry's tags after it refuses the fill. */
  ticket(): number {
    return this.seq;
  }

  addFile(url: string, entry: Entry): void {
    // @fastify/static registers one route per file found at start: the file's own address.
    this.files.set(url, { ...entry, route: entry.route ?? url });
  }

  file(url: string): Entry | undefined {
    return this.files.get(url);
  }

  get(key: string): Entry | undefined {
    return this.enabled ? this.rooms.get(key) : undefined;
  }

  /** Keeps an entry in its room (by default `open` for a key with a query string, else `pages`). */
  set(key: string, entry: Entry, ticket: number, route?: string, room?: Room): boolean {
    if (!this.enabled || this.clearedAt > ticket) return false;
    for (const tag of entry.tags) if ((this.tagInvalidatedAt.get(tag) ?? 0) > ticket) return false;
    if (route !== undefined) entry.route = route;
    this.rooms.set(key, entry, room ?? (key.includes('?') ? 'open' : 'pages'));
    return true;
  }

  /**
   * Answers a GET or HEAD from the cache straight on the node:http objects, before Fastify routes
   * it (app.ts's serverFactory): the same status, headers and bytes as the first-hook answer below
   * (sendEntry, the request id of app.ts's onSend hook), at about the cost of a bare node:http
   * handler. False, having written nothing, when it is not a hit: Fastify takes the request.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.direct || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const started = this.observe ? performance.now() : 0;
    const url = req.url ?? '/';
    let entry = this.files.get(url);
    const hit = !entry;
    if (!entry) {
      const key = keyBeforeRouting(url, this.feeds);
      entry = key === undefined ? undefined : this.get(key);
      if (!entry) return false;
    }
    const prepared = prepare(entry, acceptedEncodings(req.headers['accept-encoding']), hit);
    const fresh = entry.status === 200 && notModified(req.headers['if-none-match'], entry.hash);
    // app.ts's onSend hook gives every answer a fresh request id (docs/operations.md): so does this
    // one. A copy by slice, not concat: V8 runs concat in C++, slice inline (npm run bench:instructions).
    const headers = (fresh ? prepared.notModifiedHeaders : prepared.headers).slice();
    headers[headers.length - 1] = crypto.randomUUID();
    res.writeHead(fresh ? 304 : entry.status, headers);
    // Node writes no body for a HEAD request or a 304, whatever is passed.
    res.end(fresh ? undefined : prepared.body);
    this.observe?.(
      req.method,
      entry.route ?? 'unmatched',
      fresh ? 304 : entry.status,
      (performance.now() - started) / 1000,
      hit,
    );
    return true;
  }

  get size(): number {
    return this.rooms.size;
  }

  /** Drops, on this instance only, what shows any of the tags (everything without tags). */
  invalidateLocal(tags?: readonly string[]): void {
    this.seq += 1;
    if (!tags) {
      this.clearedAt = this.seq;
      this.tagInvalidatedAt.clear();
      this.rooms.clear();
      return;
    }
    for (const tag of tags) this.tagInvalidatedAt.set(tag, this.seq);
    this.rooms.dropTagged(tags);
  }

  /** Drops what shows any of the tags here and on every other instance (everything without tags). */
  async invalidate(tags?: readonly string[]): Promise<void> {
    this.invalidateLocal(tags);
    await this.bus?.publish(tags);
  }
}

/** The best encoding the client accepts that the entry has, memoised per Accept-Encoding value. */
const accepted = new Map<string, { br: boolean; gzip: boolean }>();
function acceptedEncodings(header: string | undefined) {
  const value = header ?? '';
  let found = accepted.get(value);
  if (!found) {
    const q = (name: string) => {
      for (const part of value.split(',')) {
        const [token, ...params] = part.trim().split(';');
        if (token!.trim().toLowerCase() !== name && token!.trim() !== '*') continue;
        const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return qp ? Number(qp.slice(2)) > 0 : true;
      }
      return false;
    };
    found = { br: q('br'), gzip: q('gzip') };
    if (accepted.size > 100) accepted.clear();
    accepted.set(value, found);
  }
  return found;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The stored body a client gets: Brotli, else gzip, else the plain bytes, as it accepts them. */
function chosenEncoding(entry: Entry, enc: { br: boolean; gzip: boolean }): Encoding {
  return entry.br && enc.br ? 'br' : entry.gzip && enc.gzip ? 'gzip' : 'identity';
}

const bodyIn = (entry: Entry, encoding: Encoding): Buffer =>
  encoding === 'br' ? entry.br! : encoding === 'gzip' ? entry.gzip! : entry.identity;

/** The strong ETag: each encoding is its own representation of the entry's version. */
const etagOf = (entry: Entry, encoding: Encoding): string =>
  `"${entry.hash}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`;

/** An entry's answer in the chosen encoding as `answer` writes it: headers in sendEntry's order. */
function prepare(entry: Entry, enc: { br: boolean; gzip: boolean }, hit: boolean): Prepared {
  const encoding = chosenEncoding(entry, enc);
  const memo = (entry.prepared ??= {});
  const done = memo[encoding];
  // x-cache is per answer kind, not per entry: a file is never `hit` (and `answer` serves files only
  // as files), a cached read always is, so one memo per entry and encoding suffices.
  if (done) return done;
  const body = bodyIn(entry, encoding);
  const common: string[] = hit ? ['x-cache', 'hit'] : [];
  for (const [name, value] of Object.entries(entry.headers)) common.push(name, value);
  // What Fastify's reply.send gives a Buffer without a type (a stored redirect's empty body).
  if (!('content-type' in entry.headers)) common.push('content-type', 'application/octet-stream');
  common.push('etag', etagOf(entry, encoding));
  if (entry.br || entry.gzip) common.push('vary', 'Accept-Encoding');
  const prepared: Prepared = {
    headers: [
      ...common,
      ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
      'content-length',
      String(body.length),
      ...REQUEST_ID,
    ],
    notModifiedHeaders: [...common, ...REQUEST_ID],
    body,
  };
  memo[encoding] = prepared;
  return prepared;
}

/** Whether If-None-Match names this entry's version, in any encoding (weak comparison, RFC 9110). */
function notModified(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => {
    const opaque = tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return opaque === hash || opaque === `${hash}-br` || opaque === `${hash}-gz`;
  });
}

/** Answers from an entry: the stored bytes in the best accepted encoding, or 304. */
export function sendEntry(req: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  const encoding = chosenEncoding(entry, acceptedEncodings(req.headers['accept-encoding']));
  reply.headers(entry.headers);
  reply.header('etag', etagOf(entry, encoding));
  if (entry.br || entry.gzip) reply.header('vary', 'Accept-Encoding');
  if (entry.status === 200 && notModified(req.headers['if-none-match'], entry.hash)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.code(entry.status).send(bodyIn(entry, encoding));
}

/**
 * Registered before every other plugin with an onRequest hook: a cached answer leaves from the first
 * hook, without cookie parsing, token checks or per-answer security-header work (its stored headers
 * include the security headers, computed once). docs/decisions/0065-content-cache.md
 */
export const responseCachePlugin = fp(async (app) => {
  const cache = new ResponseCache();
  app.decorate('responseCache', cache);

  app.addHook('onReady', async () => {
    cache.bus = await startChangeBus(app, cache);
  });
  app.addHook('onClose', async () => cache.bus?.close());

  // Hits are answered before Fastify (ResponseCache.answer) unless Fastify logs each request.
  cache.direct = ['warn', 'error', 'fatal', 'silent'].includes(app.log.level);
  app.addHook('preClose', async () => void (cache.direct = false));
  // A cached read outside /api (a feed): keyBeforeRouting must know the query parameters it keeps.
  app.addHook('onRoute', (route) => {
    if (route.config?.cache && !route.url.startsWith('/api/'))
      cache.feeds.set(route.url, route.config.cacheQuery ?? []);
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
      tags: config.cacheTags ?? tagsForApi(path, parsedJson(payload)),
    });
    cache.set(miss.key, entry, miss.ticket, miss.route, room);
    reply.header('x-cache', 'miss');
    if (!sendEntryHeaders(req, reply, entry)) return '';
    const enc = reply.getHeader('content-encoding');
    return enc === 'br' ? entry.br : enc === 'gzip' ? entry.gzip : entry.identity;
  });
});

function parsedJson(payload: string | Buffer): unknown {
  try {
    return JSON.parse(payload.toString());
  } catch {
    return undefined;
  }
}

/**
 * sendEntry's headers and status on an answer already on its way (onSend); the body is the caller's.
 * False when the answer became a 304.
 */
function sendEntryHeaders(req: FastifyRequest, reply: FastifyReply, entry: Entry): boolean {
  const encoding = chosenEncoding(entry, acceptedEncodings(req.headers['accept-encoding']));
  reply.header('cache-control', entry.headers['cache-control']);
  reply.header('etag', etagOf(entry, encoding));
  if (entry.br || entry.gzip) reply.header('vary', 'Accept-Encoding');
  if (notModified(req.headers['if-none-match'], entry.hash)) {
    reply.code(304);
    return false;
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return true;
}
