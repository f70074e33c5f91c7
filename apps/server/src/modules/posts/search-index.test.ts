import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { posts } from '../../db/schema';
import { call, useTestApp } from '../../../test/helper';
import type { PostPage } from '@app/shared/schemas/posts';

const ctx = useTestApp();

/** Posts whose only shared word is a made-up one, so nothing of the demo content interferes. */
const WORD = 'zephyrine';
let passing: number;
let central: number;
let edited: number;

const insert = async (name: string, content: string, daysAgo: number, tags: string[] = []) => {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  const [row] = await ctx.app.db
    .insert(posts)
    .values({ name, postedBy: 'Staff', content, tags, date: at, publishAt: at })
    .returning({ id: posts.id });
  return row!.id;
};

beforeAll(async () => {
  // The newest mentions the word once in passing; an older one is about it (title, text, tag).
  passing = await insert('Weekly notes', `Among other things, a word on ${WORD} and much else besides.`, 1);
  central = await insert(`${WORD} explained`, `${WORD} ${WORD}: what ${WORD} is and why.`, 30, [WORD]);
  edited = await insert('Edited later', 'Nothing to find here yet.', 2);
});

/** One page of search hits; staff search is never cached, so it sees edits made behind the API's back. */
const searchPage = async (q: string, audience: 'public' | 'staff' = 'public') => {
  const base = audience === 'public' ? '/api/posts' : '/api/posts/staff';
  const res = await call(ctx.app, {
    method: 'GET',
    url: `${base}?q=${encodeURIComponent(q)}&page=1&pageSize=10`,
    ...(audience === 'staff' ? { token: ctx.adminToken } : {}),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as PostPage).items.map((p) => p.id);
};

describe('post search through the stored index', () => {
  it('puts the best match first, not merely the newest', async () => {
    expect(await searchPage(WORD)).toEqual([central, passing]);
    expect(await searchPage(WORD, 'staff')).toEqual([central, passing]);
    const res = await call(ctx.app, { method: 'GET', url: `/api/posts/search/${WORD}` });
    expect((res.json() as { id: number }[]).map((p) => p.id)).toEqual([central, passing]);
  });

  it('finds a post by the words of its last edit, and no longer by the words it lost', async () => {
    await ctx.app.db
      .update(posts)
      .set({ content: `Now about ${WORD}.` })
      .where(eq(posts.id, edited));
    expect(await searchPage(WORD, 'staff')).toContain(edited);
    await ctx.app.db
      .update(posts)
      .set({ content: 'About something else.', tags: ['other'] })
      .where(eq(posts.id, edited));
    expect(await searchPage(WORD, 'staff')).not.toContain(edited);
    await ctx.app.db
      .update(posts)
      .set({ tags: [WORD] })
      .where(eq(posts.id, edited));
    expect(await searchPage(WORD, 'staff')).toContain(edited);
  });

  it('can answer from the GIN index instead of reading every post', async () => {
    // On a small table the planner may prefer a sequential scan; with that made dear it must
    // still find an index that answers the search's condition, or the condition is not indexed.
    const plan = await ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select id from posts where posts.search @@ plainto_tsquery('post_search', ${WORD})`,
      );
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('posts_search_idx');
  });
});
