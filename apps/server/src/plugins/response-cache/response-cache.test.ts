import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { masthead, posts } from '../../db/schema';
import { buildTestApp, call, useTestApp } from '../../../test/helper';
import { RENDER_TAGS_HEADER } from '.';

const ctx = useTestApp();

const read = (url: string) => ctx.app.inject({ method: 'GET', url });
/** Changes the masthead behind the API's back: only an uncached read can show it. */
const writeDirectly = (mastheadTitle: string) => ctx.app.db.update(masthead).set({ mastheadTitle });
const putMasthead = (payload: object, signedIn = true) =>
  call(ctx.app, { method: 'PUT', url: '/api/masthead', ...(signedIn ? { token: ctx.adminToken } : {}), payload });

describe('response cache', () => {
  it('serves a public read from the cache and drops it on the next change', async () => {
    const first = await read('/api/masthead');
    expect(first.statusCode).toBe(200);

    await writeDirectly('Written behind the cache');
    const again = await read('/api/masthead');
    // The database says otherwise: this body can only have come from the cache.
    expect(again.body).toBe(first.body);
    expect(again.json().mastheadTitle).not.toBe('Written behind the cache');

    const saved = await putMasthead({ mastheadTitle: 'Changed at once', mastheadBody: 'Visible on the next read' });
    expect(saved.statusCode).toBe(200);
    const after = await read('/api/masthead');
    expect(after.json()).toMatchObject({ mastheadTitle: 'Changed at once' });
  });

  it('does not let a refused change invalidate anything, nor cache errors', async () => {
    const cached = await read('/api/masthead');
    expect(cached.statusCode).toBe(200);
    await writeDirectly('Hidden while the cache holds');

    // Refused changes: a body the schema refuses (400), no CSRF pair (403), no token (401).
    const invalid = await putMasthead({ mastheadTitle: 'x', mastheadBody: 'y', extra: true });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toContainEqual({ field: 'extra', message: 'Unknown field: extra.' });
    const noCsrf = await ctx.app.inject({
      method: 'PUT',
      url: '/api/masthead',
      headers: { authorization: `Bearer ${ctx.adminToken}` },
      payload: { mastheadTitle: 'x', mastheadBody: 'y' },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await putMasthead({ mastheadTitle: 'x', mastheadBody: 'y' }, false)).statusCode).toBe(401);

    // None of them emptied the cache: the direct change is still not visible.
    const still = await read('/api/masthead');
    expect(still.body).toBe(cached.body);
    expect(still.json().mastheadTitle).not.toBe('Hidden while the cache holds');

    // A 404 is not kept: once the row exists, the next read finds it.
    const id = 987_654;
    expect((await read(`/api/posts/${id}`)).statusCode).toBe(404);
    await ctx.app.db
      .insert(posts)
      .values({ id, name: 'Appeared directly', postedBy: 'Test', content: 'Written behind the cache.' });
    try {
      const found = await read(`/api/posts/${id}`);
      expect(found.statusCode).toBe(200);
      expect(found.json()).toMatchObject({ id, name: 'Appeared directly' });
    } finally {
      await ctx.app.db.delete(posts).where(eq(posts.id, id));
    }
  });

  it('drops only what shows the liked post: another post, the vacancies and the texts stay cached', async () => {
    const list = (await read('/api/posts')).json() as { id: number; likes: number }[];
    const [liked, other] = list;
    expect(other, 'the demo content has two posts').toBeDefined();
    const urls = [`/api/posts/${liked!.id}`, `/api/posts/${other!.id}`, '/api/vacancy', '/api/masthead', '/api/posts'];
    for (const url of urls) await read(url);
    for (const url of urls) expect((await read(url)).headers['x-cache'], url).toBe('hit');

    const like = await call(ctx.app, { method: 'PUT', url: `/api/posts/${liked!.id}/like` });
    expect(like.statusCode).toBe(200);
    const likes = like.json().likes as number;

    // What shows the liked post has its new count at once …
    const own = await read(`/api/posts/${liked!.id}`);
    expect(own.headers['x-cache']).not.toBe('hit');
    expect(own.json().likes).toBe(likes);
    const again = (await read('/api/posts')).json() as { id: number; likes: number }[];
    expect(again.find((p) => p.id === liked!.id)?.likes).toBe(likes);
    // … and nothing else was emptied.
    for (const url of [`/api/posts/${other!.id}`, '/api/vacancy', '/api/masthead']) {
      expect((await read(url)).headers['x-cache'], url).toBe('hit');
    }
  });

  it('is not touched by a sign-in, a refused like or a vacancy change to what shows posts', async () => {
    const post = ((await read('/api/posts')).json() as { id: number }[])[0]!;
    const urls = [`/api/posts/${post.id}`, '/api/posts', '/api/masthead'];
    for (const url of urls) await read(url);
    expect(
      (
        await call(ctx.app, {
          method: 'POST',
          url: '/api/login',
          payload: { username: 'admin@example.com', password: 'admin-password' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(ctx.app, {
          method: 'POST',
          url: '/api/login',
          payload: { username: 'admin@example.com', password: 'wrong-password' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await call(ctx.app, { method: 'PUT', url: '/api/posts/987654/like' })).statusCode).toBe(404);
    const vacancy = await call(ctx.app, {
      method: 'POST',
      url: '/api/vacancy',
      token: ctx.adminToken,
      payload: {
        title: 'Cache test vacancy',
        description: 'Shown on the vacancy pages only.',
        offer: 'A permanent contract.',
      },
    });
    expect(vacancy.statusCode, vacancy.body).toBe(201);
    for (const url of urls) expect((await read(url)).headers['x-cache'], url).toBe('hit');
    // The vacancy list itself shows the new one.
    const vacancies = (await read('/api/vacancy')).json() as { id: number }[];
    expect(vacancies.map((v) => v.id)).toContain(vacancy.json().id);
  });

  it('keys a read by the query parameters its route knows: unknown ones make no new entry', async () => {
    await read('/api/posts?page=1&pageSize=2');
    const size = ctx.app.responseCache.size;
    for (let i = 0; i < 20; i++) {
      const res = await read(`/api/posts?pageSize=2&utm_source=${i}&page=1`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBe('hit');
    }
    expect(ctx.app.responseCache.size).toBe(size);
    // A known parameter with another value is another answer.
    const second = await read('/api/posts?page=2&pageSize=2');
    expect(second.headers['x-cache']).not.toBe('hit');
    expect(ctx.app.responseCache.size).toBe(size + 1);
  });

  it('answers the same bytes with a strong ETag, compressed once, and 304 to If-None-Match', async () => {
    // The miss and the first hit; the hit has the entry recompressed at the best levels, once.
    await read('/api/posts');
    await read('/api/posts');
    await ctx.app.responseCache.upgradesSettled();
    const identity = await read('/api/posts');
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/api/posts',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const gz = await ctx.app.inject({ method: 'GET', url: '/api/posts', headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(identity.body);
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
    const etags = [identity, br, gz].map((r) => String(r.headers['etag']));
    for (const etag of etags) expect(etag).toMatch(/^"[^"]+"$/);
    expect(new Set(etags).size).toBe(3);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/posts', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);

    const notModified = await ctx.app.inject({
      method: 'GET',
      url: '/api/posts',
      headers: { 'accept-encoding': 'br', 'if-none-match': etags[1] },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['etag']).toBe(etags[1]);
    // After a change the old version is not "not modified".
    const post = (identity.json() as { id: number }[])[0]!;
    expect((await call(ctx.app, { method: 'PUT', url: `/api/posts/${post.id}/like` })).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'GET',
      url: '/api/posts',
      headers: { 'accept-encoding': 'br', 'if-none-match': etags[1] },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['etag']).not.toBe(etags[1]);
  });

  it('gives a miss and a hit the encoding the client weighs highest, and the same bytes', async () => {
    await ctx.app.responseCache.invalidate(['vacancy']);
    const ask = (encoding: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/vacancy', headers: { 'accept-encoding': encoding } });
    const miss = await ask('br;q=0.5, gzip');
    const hit = await ask('br;q=0.5, gzip');
    expect([miss.headers['x-cache'], hit.headers['x-cache']]).toEqual(['miss', 'hit']);
    for (const answer of [miss, hit]) expect(answer.headers['content-encoding']).toBe('gzip');
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    // A named coding outranks `*;q=0`; identity asked for above the others gets identity.
    expect((await ask('*;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await ask('gzip;q=0.2, identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['etag']).not.toBe(hit.headers['etag']);
  });
});

describe('what a cached read declares', () => {
  it('tags it by its declared cacheTag, not its address: a read at another path is dropped by its change', async () => {
    const app = await buildTestApp();
    try {
      let served = 0;
      const config = { access: 'public', cache: true, cacheTag: 'vacancy' } as const;
      app.get('/api/openings', { config }, async () => [{ id: 1, served: ++served }]);
      await app.ready();
      const read = async () => (await app.inject({ method: 'GET', url: '/api/openings' })).headers['x-cache'];
      expect([await read(), await read()]).toEqual(['miss', 'hit']);
      await app.responseCache.invalidate(['vacancy:1']);
      expect(await read()).toBe('miss');
      await app.responseCache.invalidate(['openings']);
      expect(await read()).toBe('hit');
      // The tags reach a server render only (plugins/web.ts), never a visitor.
      const visitor = await app.inject({ method: 'GET', url: '/api/openings' });
      expect(visitor.headers[RENDER_TAGS_HEADER]).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('refuses at start a cached read that names no tag', async () => {
    const app = await buildTestApp();
    try {
      expect(() => app.get('/api/untagged', { config: { cache: true } }, async () => [])).toThrow(
        'The cached route /api/untagged declares neither cacheTag nor cacheTags.',
      );
    } finally {
      await app.close();
    }
  });
});
