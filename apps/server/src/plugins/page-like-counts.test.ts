import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@app/shared/messages';
import { postPath } from '@app/shared/routes';
import type { LikeCounts, Post } from '@app/shared/schemas/posts';
import { posts } from '../db/schema';
import { call, useTestApp } from '../../test/helper';

// Pages need the built web app; `npm test` builds it before the API tests when it is missing or stale.
const webDist = path.resolve(import.meta.dirname, '../../../web/dist');
if (!fs.existsSync(path.join(webDist, 'server/entry-server.js'))) {
  throw new Error(`No web build in ${webDist}: run \`npm run build\` (or \`npm test\`, which builds when needed).`);
}
const ctx = useTestApp({ webDist });
const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const countsOf = async (ids: number[]) => (await get(`/api/posts/likes?ids=${ids.join(',')}`)).json() as LikeCounts;

describe('like counts and the page cache', () => {
  it('a like leaves the pages showing the post cached, and the next visitor reads the new count', async () => {
    const [post, other] = (await get('/api/posts')).json() as Post[];
    expect(other, 'the demo content has two posts').toBeDefined();
    const pages = [postPath(post!), '/post', '/'];
    for (const url of pages) expect((await get(url)).statusCode, url).toBe(200);
    for (const url of pages) expect((await get(url)).headers['x-cache'], url).toBe('hit');
    // The cached page holds no count: not in its HTML, not in the router's data.
    const page = (await get(postPath(post!))).body;
    expect(page).toMatch(/data-testid="like-count"><\/span>/);
    expect(page).not.toMatch(/"likes"/);
    const before = await countsOf([post!.id, other!.id]);

    const like = await call(ctx.app, { method: 'PUT', url: `/api/posts/${post!.id}/like` });
    expect(like.statusCode).toBe(200);
    const likes = like.json().likes as number;
    expect(likes).toBe(before.find((c) => c.id === post!.id)!.likes + 1);

    for (const url of pages) expect((await get(url)).headers['x-cache'], url).toBe('hit');
    // What a visitor's page reads, and the API's post, show the new count at once.
    expect(await countsOf([post!.id, other!.id])).toEqual(
      before.map((c) => (c.id === post!.id ? { id: c.id, likes } : c)),
    );
    expect((await get(`/api/posts/${post!.id}`)).json()).toMatchObject({ id: post!.id, likes });
  });

  it('are read for public posts only, one cached answer per list of ids, and a malformed list is refused', async () => {
    const [post] = (await get('/api/posts')).json() as Post[];
    const [draft] = await ctx.app.db
      .insert(posts)
      .values({ name: 'A draft', postedBy: 'Test', content: 'Not public.', status: 'draft' })
      .returning({ id: posts.id });
    try {
      expect(await countsOf([draft!.id, post!.id, 999_999_999])).toEqual([{ id: post!.id, likes: post!.likes }]);
      expect((await get(`/api/posts/likes?ids=${draft!.id},${post!.id},999999999`)).headers['x-cache']).toBe('hit');
      for (const ids of ['', 'abc', '1,,2', '0'.repeat(10), Array.from({ length: 51 }, (_, i) => i + 1).join(',')]) {
        const res = await get(`/api/posts/likes?ids=${ids}`);
        expect(res.statusCode, ids).toBe(400);
        expect(res.json().errors, ids).toContainEqual({ field: 'ids', message: MSG.likeIdsInvalid });
      }
    } finally {
      await ctx.app.db.delete(posts).where(eq(posts.id, draft!.id));
    }
  });
});
