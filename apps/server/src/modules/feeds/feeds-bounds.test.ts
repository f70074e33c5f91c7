import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildTestApp } from '../../../test/helper';
import { SERVER_MSG } from '@app/shared/messages/server';
import { FEED_ITEMS, SITEMAP_POSTS_PER_PART, SITEMAP_URLS } from './feeds';

const SITE = 'https://www.redwall.example';
/** More posts than one sitemap file holds, so the sitemap must become an index of parts. */
const MANY = SITEMAP_URLS + 100;

let app: FastifyInstance;
let publicIds: number[];

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: SITE });
  // One statement: a blog of years, each post a day older than the one before, all tagged 'archive'.
  await app.db.execute(sql`
    insert into posts (name, posted_by, content, date, publish_at, tags, slug)
    select 'Archive post ' || n, 'Staff', 'Text of archive post ' || n,
           now() - make_interval(days => n), now() - make_interval(days => n), array['archive'], 'archive-post-' || n
    from generate_series(1, ${MANY}) as n`);
  const rows = await app.db.execute<{ id: number }>(
    sql`select id from posts where status = 'published' and publish_at <= now() order by publish_at desc, id desc`,
  );
  publicIds = rows.rows.map((r) => Number(r.id));
}, 60_000);
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const itemLinks = (xml: string) =>
  [...xml.matchAll(/<item>\s*<title>[^<]*<\/title>\s*<link>([^<]+)</g)].map((m) => m[1]!);
const postIdOf = (loc: string) => Number(/\/post\/(\d+)\//.exec(loc)?.[1]);

describe('the RSS feeds at thousands of posts', () => {
  it(`carry the newest ${FEED_ITEMS} posts, newest first`, async () => {
    const res = await get('/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(itemLinks(res.body).map(postIdOf)).toEqual(publicIds.slice(0, FEED_ITEMS));
  });

  it(`a tag's feed carries its newest ${FEED_ITEMS} posts`, async () => {
    const res = await get('/rss.xml?tag=archive');
    const ids = itemLinks(res.body).map(postIdOf);
    expect(ids).toHaveLength(FEED_ITEMS);
    expect(res.body).not.toContain('Archive post 21<');
    expect(res.body).toContain('Archive post 1<');
  });
});

describe('the sitemap past one file', () => {
  /** Part 1 holds the pages beside the posts, each later part a window of the posts. */
  const parts = () => 1 + Math.ceil(publicIds.length / SITEMAP_POSTS_PER_PART);

  it('becomes an index of parts, and the parts list every public post exactly once, newest first', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.body).not.toContain('<urlset');
    const listedParts = locs(index.body);
    expect(listedParts).toEqual(Array.from({ length: parts() }, (_, i) => `${SITE}/sitemap.xml?part=${i + 1}`));

    const listed: string[][] = [];
    for (const part of listedParts) {
      const res = await get(part.slice(SITE.length));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      );
      const urls = locs(res.body);
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_URLS);
      listed.push(urls);
    }
    const all = listed.flat();
    expect(new Set(all).size).toBe(all.length);
    // The first part: the static pages and the tags, no post.
    expect(listed[0]).toContain(`${SITE}/post`);
    expect(listed[0]).toContain(`${SITE}/tag/archive`);
    expect(listed[0]!.some((loc) => loc.startsWith(`${SITE}/post/`))).toBe(false);
    // Then each post once in English, newest first, a window each (the demo's are in Dutch and
    // French too, at their own addresses).
    const englishPosts = (urls: string[]) => urls.filter((loc) => loc.startsWith(`${SITE}/post/`)).map(postIdOf);
    expect(listed.slice(1).flatMap(englishPosts)).toEqual(publicIds);
    expect(englishPosts(listed[1]!)).toHaveLength(SITEMAP_POSTS_PER_PART);
  });

  it('answers 404 for a part that does not exist', async () => {
    for (const part of ['0', String(parts() + 1), '01', 'x', '1e3', '-1']) {
      const res = await get(`/sitemap.xml?part=${part}`);
      expect(res.statusCode, part).toBe(404);
      expect(res.json().message, part).toBe(SERVER_MSG.sitemapPartUnknown);
    }
  });
});

describe('a sitemap whose posts fit one file but not with the pages beside them', () => {
  it('is split, and part 1 lists the pages beside the posts from one read of them', async () => {
    const { feeds } = await import('./feeds');
    const at = new Date('2026-01-01T00:00:00Z');
    const posts = 5;
    let tagReads = 0;
    const repo = {
      sitemapSummary: async () => ({ posts, addresses: posts, newest: at }),
      sitemapPosts: async (window: { limit: number; offset: number }) =>
        Array.from({ length: Math.min(window.limit, posts - window.offset) }, (_, i) => ({
          id: 100 + window.offset + i,
          versions: [{ language: 'en', slug: `post-${window.offset + i}`, updatedAt: at }],
        })),
      sitemapTags: async () => {
        tagReads += 1;
        return Array.from({ length: 10 }, (_, i) => ({ tag: `tag-${i}`, languages: ['en'] }));
      },
      vacancies: async () => [],
      vacancyTranslations: async () => [],
      pageTextsChanged: async () => ({ intro: at, masthead: at, settings: at }),
    } as unknown as Parameters<typeof feeds>[0];
    // Room for the five posts, not for them with the static pages and ten tags.
    const sitemap = feeds(repo, SITE, 12);
    expect(await sitemap.sitemap()).toContain('<sitemapindex');
    tagReads = 0;
    const first = locs((await sitemap.sitemap(1))!);
    expect(tagReads).toBe(1);
    expect(first).toContain(`${SITE}/tag/tag-9`);
    expect(first.some((loc) => loc.startsWith(`${SITE}/post/`))).toBe(false);
    // The posts follow in the parts after it (as many a part as fit were each in every language).
    const later = [...locs((await sitemap.sitemap(2))!), ...locs((await sitemap.sitemap(3))!)];
    expect(later.filter((loc) => loc.startsWith(`${SITE}/post/`))).toHaveLength(posts);
  });
});

describe('a sitemap part with every address in every language', () => {
  it('stays under 1 MB with the longest slugs', async () => {
    const { LOCALES } = await import('@app/shared/locales');
    const { feeds } = await import('./feeds');
    const slug = 'a'.repeat(80); // slugify's longest
    const at = new Date('2026-01-01T00:00:00Z');
    const posts = SITEMAP_POSTS_PER_PART * 3;
    const repo = {
      sitemapSummary: async () => ({ posts, addresses: posts * LOCALES.length, newest: at }),
      sitemapPosts: async (window: { limit: number; offset: number }) =>
        Array.from({ length: Math.min(window.limit, posts - window.offset) }, (_, i) => ({
          id: 1_000_000 + window.offset + i,
          versions: LOCALES.map((language) => ({ language, slug, updatedAt: at })),
        })),
      sitemapTags: async () => [],
      vacancies: async () => [],
      vacancyTranslations: async () => [],
      pageTextsChanged: async () => ({ intro: at, masthead: at, settings: at }),
    } as unknown as Parameters<typeof feeds>[0];
    const part = await feeds(repo, SITE).sitemap(2);
    expect(part).toBeDefined();
    expect(locs(part!)).toHaveLength(SITEMAP_POSTS_PER_PART * LOCALES.length);
    expect(Buffer.byteLength(part!)).toBeLessThan(1024 * 1024);
  });
});
