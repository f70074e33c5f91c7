import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { truncate } from '@app/shared/constants';
import { PLAIN_POST_LIST_MAX, type Post, type PostPage, type PostSearchResult } from '@app/shared/schemas/posts';
import { DEFAULT_PAGE_SIZE } from '@app/shared/schemas/paging';
import { buildTestApp, login } from '../../../test/helper';

/** Public posts, more than any page or plain list holds, and drafts that only staff see. */
const PUBLIC = 150;
const DRAFTS = 10;
/**
 * About 8 KB of Markdown per post, links and emphasis in every sentence: the heaviest posts the
 * plain lists are bounded for (their HTML is larger than the Markdown).
 */
const PARAGRAPH =
  'A **signed** document keeps its [proof](https://example.com/proof) of origin, and _every_ change to it shows. ';

let app: FastifyInstance;
let token: string;
/** Public posts newest first, as the lists order them. */
let publicIds: number[];
let allIds: number[];

beforeAll(async () => {
  app = await buildTestApp({ seedDemo: false });
  token = await login(app);
  // One statement each: a blog of years, each post a day older than the one before.
  await app.db.execute(sql`
    insert into posts (name, posted_by, content, date, publish_at, tags, slug)
    select 'Bounded post ' || n, 'Staff', 'Post ' || n || E' opens here.\n\n' || repeat(${PARAGRAPH}, 70),
           now() - make_interval(days => n), now() - make_interval(days => n), array['bounded'], 'bounded-post-' || n
    from generate_series(1, ${PUBLIC}) as n`);
  await app.db.execute(sql`
    insert into posts (name, posted_by, content, status, slug)
    select 'Bounded draft ' || n, 'Staff', 'Draft ' || n || E' opens here.\n\n' || repeat(${PARAGRAPH}, 70), 'draft',
           'bounded-draft-' || n
    from generate_series(1, ${DRAFTS}) as n`);
  const ids = async (where: string) =>
    (
      await app.db.execute<{ id: number }>(sql.raw(`select id from posts ${where} order by publish_at desc, id desc`))
    ).rows.map((r) => Number(r.id));
  publicIds = await ids(`where status = 'published' and publish_at <= now()`);
  allIds = await ids('');
}, 60_000);
afterAll(() => app.close());

const get = (url: string, auth = false) =>
  app.inject({ method: 'GET', url, ...(auth ? { headers: { authorization: `Bearer ${token}` } } : {}) });

/** Every page of a paged list, read with the given size until the total is reached. */
async function everyPage(url: string, pageSize: number, auth = false): Promise<PostPage[]> {
  const pages: PostPage[] = [];
  for (let page = 1; page <= 100; page++) {
    const res = await get(`${url}${url.includes('?') ? '&' : '?'}page=${page}&pageSize=${pageSize}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as PostPage;
    pages.push(answer);
    if (page * pageSize >= answer.total) break;
  }
  return pages;
}

describe('the plain lists of the specification at 150 posts of 8 KB', () => {
  it(`GET /api/posts answers the newest ${PLAIN_POST_LIST_MAX} posts whole, under 1 MB`, async () => {
    const res = await get('/api/posts');
    expect(res.statusCode).toBe(200);
    const posts = res.json() as Post[];
    expect(Array.isArray(posts)).toBe(true);
    expect(posts.map((p) => p.id)).toEqual(publicIds.slice(0, PLAIN_POST_LIST_MAX));
    expect(posts[0]!.content.length).toBeGreaterThan(7_000);
    expect(posts[0]!.html).toContain('<strong>signed</strong>');
    expect(res.body.length).toBeLessThan(1_000_000);
  });

  it(`GET /api/posts/search/{name} answers the ${PLAIN_POST_LIST_MAX} best matches whole, under 1 MB`, async () => {
    const res = await get('/api/posts/search/signed');
    expect(res.statusCode).toBe(200);
    const hits = res.json() as PostSearchResult[];
    expect(hits).toHaveLength(PLAIN_POST_LIST_MAX);
    expect(hits.every((p) => publicIds.includes(p.id) && p.content.length > 7_000)).toBe(true);
    expect(res.body.length).toBeLessThan(1_000_000);
  });
});

describe('the paged lists carry summaries', () => {
  it('every public page together lists every public post once, newest first, without contents', async () => {
    const pages = await everyPage('/api/posts', 100);
    expect(pages[0]!.total).toBe(PUBLIC);
    const items = pages.flatMap((p) => p.items);
    expect(items.map((p) => p.id)).toEqual(publicIds);
    for (const item of items) {
      expect(item).not.toHaveProperty('content');
      expect(item).not.toHaveProperty('html');
      expect(item).not.toHaveProperty('text');
    }
    // A page of 100 summaries is far smaller than one of whole posts.
    const res = await get('/api/posts?page=1&pageSize=100');
    expect(res.body.length).toBeLessThan(150_000);
  });

  it("a summary's preview is the whole post's text cut at 600 characters, as the cards showed it", async () => {
    const [item] = ((await get('/api/posts?page=1&pageSize=1')).json() as PostPage).items;
    const post = (await get(`/api/posts/${item!.id}`)).json() as Post;
    expect(item!.preview).toBe(truncate(post.text));
    expect(item!.preview).toMatch(/^Post \d+ opens here\.\n\nA signed document keeps its proof of origin/);
    expect(item!.preview.endsWith('...')).toBe(true);
  });

  it('the public list keeps its page of 10 and the tag pages their order', async () => {
    const first = (await get('/api/posts?page=1')).json() as PostPage;
    expect(first.pageSize).toBe(10);
    expect(first.items.map((p) => p.id)).toEqual(publicIds.slice(0, 10));
    const tagged = (await get('/api/posts?tag=Bounded&page=2')).json() as PostPage;
    expect(tagged.items.map((p) => p.id)).toEqual(publicIds.slice(10, 20));
  });

  it('a search page carries highlights and previews, not contents', async () => {
    const page = (await get('/api/posts?q=signed&pageSize=5')).json() as PostPage;
    expect(page.total).toBe(PUBLIC);
    expect(page.items).toHaveLength(5);
    for (const item of page.items) {
      expect(item).not.toHaveProperty('content');
      expect(item.highlight).toContainEqual({ text: 'signed', match: true });
      expect(item.preview.length).toBeLessThanOrEqual(603);
    }
  });

  it(`the staff list pages every post, drafts too, ${DEFAULT_PAGE_SIZE} by default`, async () => {
    const first = (await get('/api/posts/staff', true)).json() as PostPage;
    expect(first.pageSize).toBe(DEFAULT_PAGE_SIZE);
    expect(first.items).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(first.total).toBe(PUBLIC + DRAFTS);
    const items = (await everyPage('/api/posts/staff', 45, true)).flatMap((p) => p.items);
    expect(items.map((p) => p.id)).toEqual(allIds);
    expect(items.some((p) => 'content' in p)).toBe(false);
    const drafts = (await everyPage('/api/posts/staff?status=draft', 3, true)).flatMap((p) => p.items);
    expect(drafts.map((p) => p.id).sort()).toEqual(allIds.filter((id) => !publicIds.includes(id)).sort());
    const found = (await everyPage('/api/posts/staff?q=draft', 4, true)).flatMap((p) => p.items);
    expect(new Set(found.map((p) => p.id)).size).toBe(DRAFTS);
  });

  it('refuses a page larger than 100', async () => {
    expect((await get('/api/posts?pageSize=101')).statusCode).toBe(400);
    expect((await get('/api/posts/staff?pageSize=101', true)).statusCode).toBe(400);
  });
});
