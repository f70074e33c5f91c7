import type { Entry } from './entry';

/** The bytes an entry holds: its representations and, roughly, its headers and bookkeeping. */
export const entryBytes = (e: Entry): number =>
  e.identity.length + (e.br?.length ?? 0) + (e.gzip?.length ?? 0) + ENTRY_OVERHEAD;
/** Headers, the prepared header lists, the key and the Map's own share: about a kilobyte. */
const ENTRY_OVERHEAD = 1024;

/** An LRU map bounded by entries and by bytes: reading an entry makes it the newest. */
class Lru {
  private readonly map = new Map<string, Entry>();
  private held = 0;
  constructor(
    readonly max: number,
    readonly maxBytes: number,
  ) {}
  get(key: string) {
    const e = this.map.get(key);
    if (e) {
      this.map.delete(key);
      this.map.set(key, e);
    }
    return e;
  }
  /** The entry without making it the newest. */
  peek(key: string) {
    return this.map.get(key);
  }
  /** False when the entry alone would take more than an eighth of the room: it is not kept. */
  set(key: string, e: Entry): boolean {
    this.delete(key);
    const bytes = entryBytes(e);
    if (bytes > this.maxBytes / 8) return false;
    while (this.map.size > 0 && (this.map.size >= this.max || this.held + bytes > this.maxBytes)) {
      this.delete(this.map.keys().next().value!);
    }
    this.map.set(key, e);
    this.held += bytes;
    return true;
  }
  delete(key: string) {
    const e = this.map.get(key);
    if (!e) return;
    this.map.delete(key);
    this.held -= entryBytes(e);
  }
  dropWhere(drop: (e: Entry) => boolean) {
    for (const [key, e] of this.map) if (drop(e)) this.delete(key);
  }
  clear() {
    this.map.clear();
    this.held = 0;
  }
  get size() {
    return this.map.size;
  }
  get bytes() {
    return this.held;
  }
}

/**
 * Where an answer is kept, so that addresses a client can make up in any number evict only each
 * other (docs/decisions/0120-cache-rooms-and-one-address-per-page.md):
 * - `pages`: pages and reads at their one address (a post's canonical `/post/3/slug`, `/api/posts/3`),
 *   what visitors ask for again and again;
 * - `open`: answers at an address the client composes: a query string (search, list pages, a tag's
 *   feed), search words in the path;
 * - `aside`: redirects (a made-up slug, `/ABOUT`) and pages answered at another address than their
 *   canonical one (the default vacancy at `/vacancy`).
 */
export type Room = 'pages' | 'open' | 'aside';

export const ROOM_SIZES: Readonly<Record<Room, number>> = { pages: 500, open: 200, aside: 100 };
/**
 * Each room's share of the cache's memory (CACHE_MEMORY_MB): memory is bounded by configuration,
 * not by how large the answers grow (docs/decisions/0139-cache-bounded-in-bytes.md).
 */
export const ROOM_SHARES: Readonly<Record<Room, number>> = { pages: 0.75, open: 0.2, aside: 0.05 };
export const DEFAULT_CACHE_MEMORY_MB = 64;

export class CacheRooms {
  private readonly rooms: Record<Room, Lru>;
  private readonly order: Lru[];

  constructor(memoryMb = DEFAULT_CACHE_MEMORY_MB, sizes: Readonly<Record<Room, number>> = ROOM_SIZES) {
    const bytes = (room: Room) => Math.floor(memoryMb * 1024 * 1024 * ROOM_SHARES[room]);
    this.rooms = {
      pages: new Lru(sizes.pages, bytes('pages')),
      open: new Lru(sizes.open, bytes('open')),
      aside: new Lru(sizes.aside, bytes('aside')),
    };
    // Pages first: a hit is almost always there.
    this.order = [this.rooms.pages, this.rooms.open, this.rooms.aside];
  }

  get(key: string): Entry | undefined {
    for (const room of this.order) {
      const found = room.get(key);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * Keeps the entry in the given room (and in no other: an address may change kind, a redirect
   * become a page). False when it is too large to keep: the next request renders it again.
   */
  set(key: string, entry: Entry, room: Room): boolean {
    for (const lru of this.order) lru.delete(key);
    return this.rooms[room].set(key, entry);
  }

  /**
   * Puts `next` in the place of `current` (same key, same room), if `current` is still what the
   * key holds: an entry dropped or replaced in the meantime stays gone.
   */
  replace(key: string, current: Entry, next: Entry): void {
    for (const lru of this.order) if (lru.peek(key) === current) lru.set(key, next);
  }

  /** Drops every entry that carries any of the tags. */
  dropTagged(tags: readonly string[]): void {
    for (const room of this.order) room.dropWhere((e) => e.tags.some((t) => tags.includes(t)));
  }

  clear(): void {
    for (const room of this.order) room.clear();
  }

  get size(): number {
    return this.order.reduce((sum, room) => sum + room.size, 0);
  }

  /** The bytes the kept entries hold (the metrics and the scale benchmark read it). */
  get bytes(): number {
    return this.order.reduce((sum, room) => sum + room.bytes, 0);
  }

  /** How many entries a room holds (tests and the decision's measurements). */
  sizeOf(room: Room): number {
    return this.rooms[room].size;
  }
}
