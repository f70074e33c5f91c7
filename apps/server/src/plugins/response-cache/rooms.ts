import type { Entry } from './entry';

/** An LRU map: reading an entry makes it the newest. */
class Lru {
  readonly map = new Map<string, Entry>();
  constructor(readonly max: number) {}
  get(key: string) {
    const e = this.map.get(key);
    if (e) {
      this.map.delete(key);
      this.map.set(key, e);
    }
    return e;
  }
  set(key: string, e: Entry) {
    this.map.delete(key);
    if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, e);
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

export class CacheRooms {
  private readonly rooms: Record<Room, Lru>;
  private readonly order: Lru[];

  constructor(sizes: Readonly<Record<Room, number>> = ROOM_SIZES) {
    this.rooms = { pages: new Lru(sizes.pages), open: new Lru(sizes.open), aside: new Lru(sizes.aside) };
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

  /** Keeps the entry in the given room (and in no other: an address may change kind, a redirect become a page). */
  set(key: string, entry: Entry, room: Room): void {
    for (const [name, lru] of Object.entries(this.rooms)) if (name !== room) lru.map.delete(key);
    this.rooms[room].set(key, entry);
  }

  /** Drops every entry that carries any of the tags. */
  dropTagged(tags: readonly string[]): void {
    for (const room of this.order) {
      for (const [key, e] of room.map) if (e.tags.some((t) => tags.includes(t))) room.map.delete(key);
    }
  }

  clear(): void {
    for (const room of this.order) room.map.clear();
  }

  get size(): number {
    return this.order.reduce((sum, room) => sum + room.map.size, 0);
  }

  /** How many entries a room holds (tests and the decision's measurements). */
  sizeOf(room: Room): number {
    return this.rooms[room].map.size;
  }
}
