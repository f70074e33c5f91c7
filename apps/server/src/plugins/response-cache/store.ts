import type { IncomingMessage, ServerResponse } from 'node:http';
import { bestCompressed, type Entry } from './entry';
import { CacheRooms, type Room } from './rooms';
import { SingleFlight } from './single-flight';
import { answerDirect, type ObserveDirect } from './answer-direct';
import { pageAddress, type RouteQueries } from './key';
import { pageRoom } from './address';

/** A cacheable GET that missed: its key and the ticket taken when it looked (see `ticket`). */
export interface Miss {
  key: string;
  ticket: number;
}

export interface ResponseCacheOptions {
  /**
   * Whether `answer` serves hits before Fastify. Off while Fastify logs every request (LOG_LEVEL
   * info or lower: those lines, with their request id and client address, are Fastify's).
   */
  direct: boolean;
  /** Tells the other instances of an invalidation (undefined tags: everything). */
  announce(tags: readonly string[] | undefined): Promise<void>;
  /** The memory the kept answers may take (CACHE_MEMORY_MB); rooms.ts's default when absent. */
  memoryMb?: number;
}

/**
 * Public reads and rendered pages, kept until a change to what they show. Invalidation is by tag
 * (tags.ts): a change route names its tags (`config.invalidates`), the posts module's publication
 * timer calls `invalidate(['posts'])`. Every instance hears of it (index.ts wires the PostgreSQL
 * channel); while this instance cannot hear, it is suspended: nothing is served from or put into it.
 */
export class ResponseCache {
  /** Pages and reads at their one address, those at addresses a client composes, redirects (rooms.ts). */
  readonly rooms: CacheRooms;
  /** The query parameters of the cached reads outside /api (feeds, pages), for keyBeforeRouting. */
  readonly queries: RouteQueries = { feeds: new Map(), pages: [] };
  /** Misses being rendered, so that one request renders a key while the others wait for it. */
  readonly flights = new SingleFlight();
  private seq = 0;
  /** Best-compression upgrades under way (`upgrade`). */
  private readonly upgrades = new Set<Promise<void>>();
  private clearedAt = 0;
  private readonly tagInvalidatedAt = new Map<string, number>();
  /** The web app's hashed files, read once at start: never invalidated (a new build has new names). */
  private readonly files = new Map<string, Entry>();
  /** False while another instance's change could be missed. */
  private enabled = true;
  private answersDirect: boolean;
  private observe: ObserveDirect | undefined;
  private readonly announce: ResponseCacheOptions['announce'];

  constructor(options: ResponseCacheOptions) {
    this.answersDirect = options.direct;
    this.announce = options.announce;
    this.rooms = new CacheRooms(options.memoryMb);
  }

  /** Whether hits are answered before Fastify (see ResponseCacheOptions.direct and `stopDirect`). */
  get direct(): boolean {
    return this.answersDirect;
  }

  /** From now on Fastify answers every request (the app is closing: Fastify answers 503). */
  stopDirect(): void {
    this.answersDirect = false;
  }

  /** The metrics plugin: counts an answer made before Fastify as its onResponse hook would. */
  observeDirect(observe: ObserveDirect): void {
    this.observe = observe;
  }

  /** Nothing served or kept, and everything dropped: another instance's change could be missed. */
  suspend(): void {
    this.enabled = false;
    this.invalidateLocal();
  }

  /** Serving again, from empty: whatever changed while suspended is unknown. */
  resume(): void {
    this.invalidateLocal();
    this.enabled = true;
  }

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

  /** A kept answer; one asked for again gets its best compression, off the request path. */
  get(key: string): Entry | undefined {
    if (!this.enabled) return undefined;
    const entry = this.rooms.get(key);
    if (entry?.compression === 'fast') this.upgrade(key, entry);
    return entry;
  }

  private upgrade(key: string, entry: Entry): void {
    entry.compression = 'upgrading';
    // Brotli and gzip run on libuv's thread pool; this request is answered with the fast copies.
    const done = bestCompressed(entry)
      .then(
        (better) => this.rooms.replace(key, entry, better),
        () => void (entry.compression = 'fast'),
      )
      .finally(() => this.upgrades.delete(done));
    this.upgrades.add(done);
  }

  /** Resolves when the upgrades under way have finished (tests wait for them). */
  async upgradesSettled(): Promise<void> {
    await Promise.all(this.upgrades);
  }

  /** Keeps an entry in its room (by default `open` for a key with a query string, else `pages`). */
  set(key: string, entry: Entry, ticket: number, route?: string, room?: Room): boolean {
    if (!this.enabled || this.clearedAt > ticket) return false;
    for (const tag of entry.tags) if ((this.tagInvalidatedAt.get(tag) ?? 0) > ticket) return false;
    if (route !== undefined) entry.route = route;
    return this.rooms.set(key, entry, room ?? (key.includes('?') ? 'open' : 'pages'));
  }

  /**
   * Keeps a rendered page that missed, in the room its address gives it: `pages` at its canonical
   * address, `open` with a query string, `aside` elsewhere (address.ts).
   */
  setPage(miss: Miss, entry: Entry, route: string, canonical: string | undefined): boolean {
    const [path, query] = pageAddress(miss.key).split('?');
    return this.set(miss.key, entry, miss.ticket, route, pageRoom(path!, query !== undefined, canonical));
  }

  /** Keeps a page's redirect that missed aside: a made-up slug or `/ABOUT` must not push out the pages. */
  setRedirect(miss: Miss, entry: Entry, route: string): boolean {
    return this.set(miss.key, entry, miss.ticket, route, 'aside');
  }

  /**
   * Answers a GET or HEAD from the cache straight on the node:http objects, before Fastify routes
   * it (app.ts's serverFactory). False, having written nothing, when it is not a hit or direct
   * answers are off: Fastify takes the request.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.answersDirect) return false;
    return answerDirect(req, res, this.files, this.queries, (key) => this.get(key), this.observe);
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
    await this.announce(tags);
  }
}
