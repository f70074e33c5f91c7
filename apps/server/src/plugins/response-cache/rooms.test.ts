import { describe, expect, it } from 'vitest';
import type { Entry } from './entry';
import { CacheRooms, entryBytes, ROOM_SHARES } from './rooms';

const MiB = 1024 * 1024;
/** An answer of `bytes` bytes (stored uncompressed), tagged `posts`. */
const answer = (bytes: number, tags: readonly string[] = ['posts']): Entry => ({
  status: 200,
  headers: {},
  identity: Buffer.alloc(bytes),
  hash: 'h',
  tags,
});

describe('the cache rooms, bounded in bytes', () => {
  // 1 MiB in all: the pages room gets 768 KiB, so an entry may take up to 96 KiB.
  const rooms = () => new CacheRooms(1);
  const pagesBytes = MiB * ROOM_SHARES.pages;

  it('evict the oldest answers when the next one would pass the room’s bytes, not only its count', () => {
    const cache = rooms();
    const each = 80 * 1024;
    const fit = Math.floor(pagesBytes / entryBytes(answer(each)));
    for (let i = 0; i < fit + 3; i++) expect(cache.set(`/p${i}`, answer(each), 'pages')).toBe(true);
    expect(cache.sizeOf('pages')).toBe(fit);
    expect(cache.bytes).toBeLessThanOrEqual(pagesBytes);
    for (let i = 0; i < 3; i++) expect(cache.get(`/p${i}`)).toBeUndefined();
    expect(cache.get(`/p${fit + 2}`)).toBeDefined();
  });

  it('keep no answer larger than an eighth of its room, and lose nothing for it', () => {
    const cache = rooms();
    cache.set('/small', answer(1000), 'pages');
    expect(cache.set('/huge', answer(pagesBytes / 8), 'pages')).toBe(false);
    expect(cache.get('/huge')).toBeUndefined();
    expect(cache.get('/small')).toBeDefined();
    // The open room is smaller: the same answer fits the pages room but not it.
    const mid = 60 * 1024;
    expect(cache.set('/post?q=x', answer(mid), 'open')).toBe(false);
    expect(cache.set('/about', answer(mid), 'pages')).toBe(true);
  });

  it('count every encoding kept, and give the bytes back when answers are dropped or replaced', () => {
    const cache = rooms();
    const e = { ...answer(10_000), br: Buffer.alloc(2_000), gzip: Buffer.alloc(3_000) };
    cache.set('/a', e, 'pages');
    expect(cache.bytes).toBe(entryBytes(e));
    expect(entryBytes(e)).toBeGreaterThanOrEqual(15_000);
    cache.set('/a', answer(500), 'pages');
    expect(cache.bytes).toBe(entryBytes(answer(500)));
    cache.set('/a', answer(500), 'open');
    expect(cache.sizeOf('pages')).toBe(0);
    cache.set('/b', answer(500, ['settings']), 'aside');
    cache.dropTagged(['posts']);
    expect(cache.bytes).toBe(entryBytes(answer(500)));
    cache.clear();
    expect(cache.bytes).toBe(0);
    expect(cache.size).toBe(0);
  });
});
