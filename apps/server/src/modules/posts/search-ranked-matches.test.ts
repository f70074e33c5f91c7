import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, useTestApp } from '../../../test/helper';
import type { PostPage } from '@app/shared/schemas/posts';
import { RANKED_MATCHES } from './repository';

const ctx = useTestApp();

/** A made-up word, so nothing of the demo content matches. */
const WORD = 'quillonnade';
/** More matches than are ranked: a few older ones follow the ranked ones. */
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
  it('ranks the newest matches best first, then lists the older ones newest first', async () => {
    for (const audience of ['public', 'staff'] as const) {
      const first = await page(1, 10, audience);
      expect(first.total, audience).toBe(MATCHES);
      // The best match among the ranked comes first though two posts are newer.
      expect(first.items[0]!.id, audience).toBe(strongNew);
      // The older strong match is past the ranked ones, in its place by date.
      const all = await ids();
      const last = await page(Math.ceil(MATCHES / 10), 10, audience);
      expect(
        last.items.map((p) => p.id),
        audience,
      ).toEqual(all.slice(Math.floor(MATCHES / 10) * 10));
      expect(last.items.map((p) => p.id)).toContain(strongOld);
    }
  });

  it('lists every match exactly once across the pages, also on the page that spans the bound', async () => {
    const pageSize = 7; // 1,000 is not a multiple of 7: one page holds ranked and older matches
    const seen: number[] = [];
    for (let n = 1; n <= Math.ceil(MATCHES / pageSize); n++)
      seen.push(...(await page(n, pageSize)).items.map((p) => p.id));
    expect(seen).toHaveLength(MATCHES);
    expect(new Set(seen)).toEqual(new Set(await ids()));
  });
});
