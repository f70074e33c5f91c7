import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { masthead, posts } from '../db/schema';
import { call, useTestApp } from '../../test/helper';

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
});
