import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Post } from '@app/shared/schemas/posts';
import { posts, vacancies } from '../../db/schema';
import { call, useTestApp } from '../../../test/helper';
import { multipart } from '../../../test/multipart';
import { postJson } from '../../../test/post-fixtures';

const ctx = useTestApp();
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

/** A post through the API, as staff make one (the route's invalidation runs). */
async function create(over: Record<string, unknown>): Promise<Post> {
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/posts',
    token: ctx.adminToken,
    ...(await multipart([['post', postJson(over)]])),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Changes a post in the database only: an answer built afresh shows it, a kept one cannot. */
const renameBehindTheCache = (id: number, name: string) =>
  ctx.app.db.update(posts).set({ name }).where(eq(posts.id, id));

describe('the feeds in the page cache', () => {
  it('are built once and kept, without a cookie, until a post is created, changed or deleted', async () => {
    const [shown] = (await get('/api/posts')).json() as Post[];
    const first = await get('/rss.xml');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.headers['cache-control']).toBe('public, max-age=300');

    await renameBehindTheCache(shown!.id, 'Renamed behind the cache');
    const kept = await get('/rss.xml');
    expect(kept.headers['x-cache']).toBe('hit');
    expect(kept.headers['set-cookie']).toBeUndefined();
    expect(kept.body).toBe(first.body);
    expect(kept.headers['content-type']).toBe(first.headers['content-type']);

    const created = await create({ name: 'Fresh in the feed', content: 'Seen by **feed readers** at once.' });
    const afterCreate = await get('/rss.xml');
    expect(afterCreate.headers['x-cache']).toBe('miss');
    expect(afterCreate.body).toContain('<title>Fresh in the feed</title>');
    expect(afterCreate.body).toContain('<strong>feed readers</strong>');
    expect(afterCreate.body).toContain('Renamed behind the cache');
    expect((await get('/rss.xml')).headers['x-cache']).toBe('hit');

    const updated = await call(ctx.app, {
      method: 'PUT',
      url: `/api/posts/${created.id}`,
      token: ctx.adminToken,
      ...(await multipart([['post', postJson({ name: 'Changed in the feed', version: created.version })]])),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const afterUpdate = (await get('/rss.xml')).body;
    expect(afterUpdate).toContain('<title>Changed in the feed</title>');
    expect(afterUpdate).not.toContain('Fresh in the feed');

    const deleted = await call(ctx.app, { method: 'DELETE', url: `/api/posts/${created.id}`, token: ctx.adminToken });
    expect(deleted.statusCode).toBe(200);
    expect((await get('/rss.xml')).body).not.toContain('Changed in the feed');
  });

  it('keep a tag feed apart from the full one, and stay cached through a like', async () => {
    const [post] = (await get('/api/posts')).json() as Post[];
    const tag = post!.tags[0]!;
    const tagged = await get(`/rss.xml?tag=${encodeURIComponent(tag)}`);
    const all = await get('/rss.xml');
    expect(tagged.body).not.toBe(all.body);
    expect(tagged.body).toContain(`Posts tagged ${tag}`);
    const again = await get(`/rss.xml?utm_source=reader&tag=${encodeURIComponent(tag)}`);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(tagged.body);

    // A feed shows no like count: a like leaves it cached.
    expect((await call(ctx.app, { method: 'PUT', url: `/api/posts/${post!.id}/like` })).statusCode).toBe(200);
    expect((await get('/rss.xml')).headers['x-cache']).toBe('hit');
    expect((await get(`/rss.xml?tag=${encodeURIComponent(tag)}`)).headers['x-cache']).toBe('hit');
  });

  it('show a scheduled post once its time has come', async () => {
    const post = await create({ name: 'Scheduled for the feed', publishAt: new Date(Date.now() + 1500).toISOString() });
    expect((await get('/rss.xml')).body).not.toContain('Scheduled for the feed');
    expect((await get('/rss.xml')).headers['x-cache']).toBe('hit');
    // The publication timer tells the cache: no request makes the post due.
    await expect
      .poll(async () => (await get('/rss.xml')).body, { timeout: 6_000, interval: 200 })
      .toContain('Scheduled for the feed');
    await call(ctx.app, { method: 'DELETE', url: `/api/posts/${post.id}`, token: ctx.adminToken });
  });

  it('keep the sitemap until a vacancy or a post changes', async () => {
    const first = await get('/sitemap.xml');
    expect(first.statusCode).toBe(200);
    expect(first.headers['set-cookie']).toBeUndefined();
    const listed = Number(/\/vacancy\/(\d+)\//.exec(first.body)?.[1]);
    expect(listed, 'the demo content has an open vacancy').toBeGreaterThan(0);
    await ctx.app.db.update(vacancies).set({ slug: 'moved-behind-the-cache' }).where(eq(vacancies.id, listed));
    const kept = await get('/sitemap.xml');
    expect(kept.headers['x-cache']).toBe('hit');
    expect(kept.body).toBe(first.body);

    const added = await call(ctx.app, {
      method: 'POST',
      url: '/api/vacancy',
      token: ctx.adminToken,
      payload: { title: 'Sitemap vacancy', description: 'Listed at once.', offer: 'A contract.' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const afterVacancy = (await get('/sitemap.xml')).body;
    expect(afterVacancy).toContain(`/vacancy/${added.json().id}/`);
    expect(afterVacancy).toContain('/moved-behind-the-cache');

    const post = await create({ name: 'Sitemap post' });
    expect((await get('/sitemap.xml')).body).toContain(`/post/${post.id}/${post.slug}`);
  });
});
