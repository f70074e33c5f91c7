import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, useTestApp } from '../../../test/helper';
import type { PostPage } from '@app/shared/schemas/posts';
import { matchesOf, RANKED_MATCHES } from './repository';

// The search page is rendered too: the web build (`npm test` builds it when needed).
const ctx = useTestApp({ webDist: path.resolve(import.meta.dirname, '../../../../web/dist') });

/** A made-up word, so nothing of the demo content matches. */
const WORD = 'quillonnade';
/** More matches than a search lists: a few older ones are left out. */
const MATCHES = RANKED_MATCHES + 15;

let strongNew: number;
let strongOld: number;

/** Posts one minute apart, the newest first in id order (post n is n minutes old). */
const ids = async (): Promise<number[]> =>
  (
    (await ctx.app.db.execute(
      sql`select id from posts where name like 'Ranked match %' order by publish_at desc, id desc`,
    )) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => r.id);

beforeAll(async () => {
  // Every one mentions the word once; the newest (position 3) and one older than the ranked set
  // are about it, in their title and many times over.
  await ctx.app.db.execute(sql`
    insert into posts (name, posted_by, content, date, publish_at)
    select
      'Ranked match ' || n || case when n in (3, ${MATCHES - 2}) then ' ' || ${WORD} || ' explained' else '' end,
      'Staff',
      case when n in (3, ${MATCHES - 2}) then repeat(${WORD} || ' ', 20) else 'A word on ' || ${WORD} || ' among others.' end,
      now() - n * interval '1 minute',
      now() - n * interval '1 minute'
    from generate_series(1, ${MATCHES}) as n`);
  const all = await ids();
  strongNew = all[2]!;
  strongOld = all[MATCHES - 3]!;
});

const page = async (n: number, pageSize: number, audience: 'public' | 'staff' = 'public') => {
  const base = audience === 'public' ? '/api/posts' : '/api/posts/staff';
  const res = await call(ctx.app, {
    method: 'GET',
    url: `${base}?q=${WORD}&page=${n}&pageSize=${pageSize}`,
    ...(audience === 'staff' ? { token: ctx.adminToken } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as PostPage;
};

describe(`a search with more than ${RANKED_MATCHES} matches`, () => {
  it(`lists the newest ${RANKED_MATCHES}, best first, and says there are more`, async () => {
    for (const audience of ['public', 'staff'] as const) {
      const first = await page(1, 10, audience);
      expect(first, audience).toMatchObject({ total: RANKED_MATCHES, more: true });
      // The best match among the newest comes first though two posts are newer.
      expect(first.items[0]!.id, audience).toBe(strongNew);
      // The last page holds the last of the newest matches; past it there is nothing, not even
      // the older post that matches best.
      const all = await ids();
      const last = await page(RANKED_MATCHES / 10, 10, audience);
      expect(last.items.map((p) => p.id)).not.toContain(strongOld);
      expect(last.items.map((p) => p.id).every((id) => all.indexOf(id) < RANKED_MATCHES)).toBe(true);
      expect((await page(RANKED_MATCHES / 10 + 1, 10, audience)).items, audience).toEqual([]);
    }
  });

  it('lists each of the newest matches exactly once across the pages, also on a page that ends at the bound', async () => {
    const pageSize = 7; // 1,000 is not a multiple of 7: the last page is cut at the bound
    const seen: number[] = [];
    for (let n = 1; n <= Math.ceil(RANKED_MATCHES / pageSize) + 1; n++)
      seen.push(...(await page(n, pageSize)).items.map((p) => p.id));
    expect(seen).toHaveLength(RANKED_MATCHES);
    expect(new Set(seen)).toEqual(new Set((await ids()).slice(0, RANKED_MATCHES)));
  });

  it('says so on the search page', async () => {
    const en = await call(ctx.app, { method: 'GET', url: `/post?q=${WORD}` });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain(`1,000+ posts match “${WORD}”.`);
  });

  it('links the first and last of its 100 pages and two either side of the one shown, not every page', async () => {
    const linked = async (n: number) => {
      const res = await call(ctx.app, { method: 'GET', url: `/post?q=${WORD}&page=${n}` });
      expect(res.statusCode).toBe(200);
      const nav = /<nav aria-label="Pages">([\s\S]*?)<\/nav>/.exec(res.body)![1]!;
      // The text of each link and of each gap between them.
      return [...nav.matchAll(/<(?:a|li)\b[^>]*>([^<]+)/g)].map((m) => m[1]).join(' ');
    };
    expect(await linked(50)).toBe('1 … 48 49 50 51 52 … 100');
    // A gap of one page shows that page.
    expect(await linked(4)).toBe('1 2 3 4 5 6 … 100');
    expect(await linked(100)).toBe('1 … 98 99 100');
  });

  it('gives the exact total and no "more" when the matches fit', async () => {
    const res = await call(ctx.app, { method: 'GET', url: `/api/posts?q=${WORD}+explained&page=1&pageSize=10` });
    const found = res.json() as PostPage;
    expect(found.total).toBe(2);
    expect(found).not.toHaveProperty('more');
  });
});

describe('a search among many posts', () => {
  it("can read a rare word's few public matches from the search index instead of every post", async () => {
    // A thousand short posts are read faster whole, and the planner knows it: with that made dear,
    // it must find an index that answers the words. A condition no index can answer (an `or`
    // across the translation join, as the public search had) leaves only walking every post.
    await ctx.app.db.execute(sql`analyze posts`);
    const plan = await ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const matches = matchesOf(tx, { audience: 'public', lang: 'en' }, 'quillonnadeless');
      const rows = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain ${tx.select({ id: matches.id }).from(matches)}`,
      );
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Bitmap Index Scan on posts_search_idx/);
  });
});
