import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { posts, vacancies } from '../../db/schema';
import { buildTestApp } from '../../../test/helper';
import { escapeXml } from './xml';
import { pathTo, routeEntries } from '@app/shared/routes';

const SITE = 'https://www.redwall.example';
const TRICKY = 'Tom & Jerry <script>alert("x")</script>';

let app: FastifyInstance;
let postIds: number[];
let postSlugs: { id: number; slug: string }[];
let vacancyIds: number[];
let vacancySlugs: { id: number; slug: string }[];
let closedVacancy: { id: number; slug: string };

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: SITE });
  // Directly in the database: the feeds only read, and the title must reach them unescaped.
  await app.db.insert(posts).values({
    name: TRICKY,
    postedBy: 'A & B',
    // U+FFFF and U+FFFE are not XML characters; in the content they reach the CDATA of content:encoded.
    content: `${'é'.repeat(700)} <b>&\uFFFF\uFFFE`,
    date: new Date(Date.now() + 60_000),
  });
  postSlugs = await app.db.select({ id: posts.id, slug: posts.slug }).from(posts);
  postIds = postSlugs.map((p) => p.id);
  vacancySlugs = await app.db.select({ id: vacancies.id, slug: vacancies.slug }).from(vacancies);
  vacancyIds = vacancySlugs.map((v) => v.id);
  // A filled position and an expired one stay out of the sitemap.
  const added = await app.db
    .insert(vacancies)
    .values([
      { title: 'Filled role', offer: 'o', status: 'closed', slug: 'filled-role' },
      { title: 'Expired role', offer: 'o', closingDate: '2020-01-31', slug: 'expired-role' },
    ])
    .returning({ id: vacancies.id, slug: vacancies.slug });
  closedVacancy = added[0]!;
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });

/** Well-formed enough for our flat documents: no stray '<', '>' or '&' outside tags and entities. */
function expectWellFormedXml(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const text = xml
    .replace(/^<\?xml[^>]*\?>/, '')
    .replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '')
    .replace(/<\/?[A-Za-z][\w:.-]*(\s+[\w:.-]+="[^"<>]*")*\s*\/?>/g, '');
  expect(text).not.toMatch(/[<>]/);
  expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  // XML 1.0's Char production, CDATA sections included: one character outside it and a reader refuses the whole feed.
  expect(xml).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
}

describe('sitemap.xml', () => {
  it('lists every public page, post and vacancy with absolute URLs', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expectWellFormedXml(res.body);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${SITE}/`,
        ...['/vision', '/about', '/post', '/vacatures', '/services', '/careers'].map((p) => SITE + p),
        ...postSlugs.map((p) => `${SITE}/post/${p.id}/${p.slug}`),
        // One page per tag of the public posts.
        `${SITE}/tag/Security%20scan`,
        ...vacancySlugs.map((v) => `${SITE}/vacancy/${v.id}/${v.slug}`),
      ]),
    );
    expect(res.body).not.toContain(`/vacancy/${closedVacancy.id}/`);
    expect(res.body).not.toContain('filled-role');
    expect(res.body).not.toContain('expired-role');
    expect(postIds.length).toBeGreaterThanOrEqual(4);
    expect(vacancyIds.length).toBeGreaterThanOrEqual(3);
    expect(res.body).not.toContain(`<loc>${SITE}/admin`);
    expect(res.body).toMatch(
      /<loc>https:\/\/www\.redwall\.example\/post\/\d+\/[a-z0-9-]+<\/loc><lastmod>\d{4}-\d\d-\d\dT/,
    );
  });
});

describe('robots.txt', () => {
  it('allows the site, keeps crawlers out of the back office and the API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /admin',
        'Disallow: /posts',
        `Sitemap: ${SITE}/sitemap.xml`,
      ]),
    );
    // Prefix rules: nothing may hide a public page.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice(10));
    for (const page of [
      '/',
      '/post',
      '/post/1',
      '/vacatures',
      '/vacancy/1',
      '/vision',
      '/about',
      '/services',
      '/careers',
    ])
      expect(disallowed.filter((d) => page.startsWith(d))).toEqual([]);
  });
});

describe('the shared route table', () => {
  it('decides what the sitemap lists and what robots.txt hides', async () => {
    const [sitemap, robots] = await Promise.all([get('/sitemap.xml'), get('/robots.txt')]);
    const disallowed = robots.body
      .split('\n')
      .filter((l) => l.startsWith('Disallow: '))
      .map((l) => l.slice(10));
    const hidden = (path: string) => disallowed.some((d) => path.startsWith(d));
    for (const [name, route] of routeEntries()) {
      const path = pathTo(route, { id: 1, vacancyId: 1, tag: 'security' });
      if (route.sitemap) expect(sitemap.body, name).toContain(`<loc>${SITE}${path}</loc>`);
      expect(hidden(path), name).toBe(route.access !== 'public' || !!route.hidden);
    }
  });
});

describe('rss.xml', () => {
  it('carries every post, newest first, escaped and with 600-character descriptions', async () => {
    const res = await get('/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expectWellFormedXml(res.body);
    expect(res.body).toContain('<rss version="2.0"');
    const items = res.body.split('<item>').slice(1);
    expect(items).toHaveLength(postIds.length);
    const newest = Math.max(...postIds);
    expect(items[0]).toContain(`<title>${escapeXml(TRICKY)}</title>`);
    expect(items[0]).toContain(`<link>${SITE}/post/${newest}/post</link>`);
    expect(items[0]).toContain(`<guid isPermaLink="true">${SITE}/post/${newest}/post</guid>`);
    expect(items[0]).toContain('<dc:creator>A &amp; B</dc:creator>');
    expect(items[0]).toContain(`<description>${'é'.repeat(600)}...</description>`);
    // The HTML rendered from the Markdown, with the raw HTML the author typed shown as text.
    expect(items[0]).toContain(`<content:encoded><![CDATA[<p>${'é'.repeat(700)} &lt;b&gt;&amp;</p>`);
    expect(res.body).not.toContain('<script>');
    const dates = items.map((i) => Date.parse(/<pubDate>([^<]+)<\/pubDate>/.exec(i)![1]!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});

describe('shared answers', () => {
  it('the feeds, the sitemap, robots.txt, security.txt and images hand out no XSRF-TOKEN cookie', async () => {
    const posts = (await app.inject({ method: 'GET', url: '/api/posts' })).json() as {
      postImages: { imagePath: string }[];
    }[];
    const imagePath = posts.flatMap((p) => p.postImages)[0]?.imagePath;
    expect(imagePath, 'the demo content has images').toBeDefined();
    for (const url of [
      '/rss.xml',
      '/rss.xml?tag=PKI',
      '/sitemap.xml',
      '/robots.txt',
      '/.well-known/security.txt',
      imagePath!,
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/^public/);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    // The browser app's own start still gets one.
    expect((await app.inject({ method: 'GET', url: '/config.json' })).headers['set-cookie']).toBeDefined();
  });
});

describe('escapeXml', () => {
  it('escapes markup characters and drops characters XML forbids', () => {
    expect(escapeXml(`a&b<c>d"e'f\u0001g`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;fg');
  });
});
