import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeEntry } from './entry';
import { negotiate, preferredEncoding } from './negotiate';
import { prepare } from './representation';
import { ResponseCache } from './store';

/** A page-like body: varied enough that the compression levels give different bytes. */
const body = Array.from(
  { length: 600 },
  (_, i) => `<p class="c${i % 7}">Paragraph ${i} about item ${(i * 37) % 101}.</p>`,
).join('\n');
const best = (text: string) =>
  zlib.brotliCompressSync(Buffer.from(text), {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  });

const cacheWith = async (key: string) => {
  const cache = new ResponseCache({ direct: false, announce: async () => {} });
  const entry = await makeEntry({ status: 200, headers: {}, body, tags: ['posts'], encoding: 'br' });
  expect(cache.set(key, entry, cache.ticket())).toBe(true);
  return { cache, entry };
};

describe('compression of a kept answer', () => {
  it('is fast on the miss, and the best once the answer is asked for again, with the same ETag', async () => {
    const { cache, entry } = await cacheWith('GET:/post');
    expect(entry.compression).toBe('fast');
    expect(entry.br!.equals(best(body))).toBe(false);

    expect(cache.get('GET:/post')).toBe(entry); // the first hit gets the fast copies at once
    await cache.upgradesSettled();
    const upgraded = cache.get('GET:/post')!;
    expect(upgraded.compression).toBe('best');
    expect(upgraded.br!.equals(best(body))).toBe(true);
    expect(upgraded.br!.length).toBeLessThan(entry.br!.length);
    expect(zlib.gunzipSync(upgraded.gzip!).toString()).toBe(body);
    expect(upgraded.hash).toBe(entry.hash);
  });

  it('makes on the miss only the copy its client takes, and answers any other client from what it has', async () => {
    const miss = (acceptEncoding: string | undefined) =>
      makeEntry({ status: 200, headers: {}, body, tags: ['posts'], encoding: preferredEncoding(acceptEncoding) });
    const gzipOnly = await miss('gzip');
    expect(gzipOnly.br).toBeUndefined();
    expect(zlib.gunzipSync(gzipOnly.gzip!).toString()).toBe(body);
    // A client that prefers Brotli, before the upgrade: gzip, which it also takes.
    const forBrotli = negotiate(gzipOnly, 'br, gzip', undefined);
    expect(forBrotli).toMatchObject({ encoding: 'gzip', etag: `"${gzipOnly.hash}-gz"` });
    expect(prepare(gzipOnly, forBrotli, true).headers).toEqual(expect.arrayContaining(['content-encoding', 'gzip']));

    const brotliFirst = await miss('gzip;q=0.5, br');
    expect(brotliFirst.gzip).toBeUndefined();
    expect(zlib.brotliDecompressSync(brotliFirst.br!).toString()).toBe(body);
    // A client that takes neither gets the plain bytes, and shared caches are still told the answer varies.
    expect(negotiate(brotliFirst, 'gzip;q=1, br;q=0', undefined).encoding).toBe('identity');

    const plain = await miss(undefined);
    expect([plain.br, plain.gzip]).toEqual([undefined, undefined]);
    const prepared = prepare(plain, negotiate(plain, undefined, undefined), false);
    expect(prepared.headers).toEqual(expect.arrayContaining(['vary', 'Accept-Encoding']));
    expect(prepared.body.toString()).toBe(body);

    // Asked for again, it gets both copies at the best levels.
    const cache = new ResponseCache({ direct: false, announce: async () => {} });
    cache.set('GET:/post', plain, cache.ticket());
    cache.get('GET:/post');
    await cache.upgradesSettled();
    const upgraded = cache.get('GET:/post')!;
    expect(upgraded.br!.equals(best(body))).toBe(true);
    expect(zlib.gunzipSync(upgraded.gzip!).toString()).toBe(body);
  });

  it('does not bring back an answer dropped while it was being compressed', async () => {
    const { cache } = await cacheWith('GET:/post');
    cache.get('GET:/post');
    cache.invalidateLocal(['posts']);
    await cache.upgradesSettled();
    expect(cache.get('GET:/post')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
