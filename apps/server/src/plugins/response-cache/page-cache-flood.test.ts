import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { postPath, tagPath, vacancyPath } from '@app/shared/routes';
import { useTestApp } from '../../../test/helper';

// Pages need the built web app; `npm test` builds it before the API tests when it is missing or stale.
const webDist = path.resolve(import.meta.dirname, '../../../../web/dist');
if (!fs.existsSync(path.join(webDist, 'server/entry-server.js'))) {
  throw new Error(`No web build in ${webDist}: run \`npm run build\` (or \`npm test\`, which builds when needed).`);
}
const ctx = useTestApp({ webDist });
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

/** Spellings of a word in upper and lower case other than its own, at most `count` of them. */
function caseVariants(word: string, count: number): string[] {
  const out = new Set<string>();
  for (let mask = 1; mask < 2 ** Math.min(word.length, 16) && out.size < count; mask++) {
    const spelled = [...word].map((c, i) => (mask & (1 << i) ? c.toUpperCase() : c.toLowerCase())).join('');
    if (spelled !== word) out.add(spelled);
  }
  return [...out];
}

interface Post {
  id: number;
  slug: string;
  tags: string[];
}

/**
 * 2,000 addresses anyone can make up, each with the status it answers: made-up slugs, other
 * spellings of the pages' paths (case, trailing slash, zero-padded ids, a tag's case), back-office
 * addresses, search words in an API path, unknown posts, searches and tag feeds.
 */
function floodOf(posts: Post[], tag: string): [string, number][] {
  const [post] = posts;
  const flood: [string, number][] = [];
  for (const word of ['about', 'services', 'careers', 'vision', 'privacy', 'vacatures']) {
    for (const spelled of caseVariants(word, 60)) flood.push([`/${spelled}`, 301], [`/${spelled}/`, 301]);
  }
  for (const p of posts)
    for (let zeros = 1; zeros + String(p.id).length <= 9; zeros++) {
      flood.push([`/post/${'0'.repeat(zeros)}${p.id}/${p.slug}`, 301], [`/api/posts/${'0'.repeat(zeros)}${p.id}`, 200]);
    }
  for (const spelled of caseVariants(tag, 100)) flood.push([tagPath(spelled), 301]);
  for (let i = 0; i < 150; i++) flood.push([`/view-post/${i + 1}`, 200]);
  for (let i = 0; i < 150; i++) flood.push([`/api/posts/search/flood${i}`, 200]);
  for (let i = 0; i < 50; i++) flood.push([`/post/${900_000_000 + i}`, 404]);
  for (let i = 0; i < 50; i++) flood.push([`/post?q=flood${i}`, 200]);
  for (let i = 0; i < 50; i++) flood.push([`/rss.xml?tag=flood${i}`, 200]);
  for (let i = 0; flood.length < 2000; i++) flood.push([`/post/${post!.id}/made-up-${i}`, 301]);
  return flood;
}

describe('the page cache under a flood of made-up addresses', () => {
  it('keeps the real pages: redirects, other spellings and composed addresses evict only each other', async () => {
    const posts = (await get('/api/posts')).json() as Post[];
    const vacancies = (await get('/api/vacancy')).json() as { id: number; slug: string }[];
    const tag = posts.flatMap((p) => p.tags).find((t) => /[a-z]{4}/i.test(t));
    expect(tag, 'the demo posts carry a tag of four letters or more').toBeDefined();
    const real = [
      ...['/', '/about', '/services', '/careers', '/vision', '/privacy', '/post', '/vacatures', '/login'],
      ...posts.map(postPath),
      tagPath(tag!),
      ...vacancies.map(vacancyPath),
      ...['/api/posts', '/api/vacancy', '/api/masthead', '/api/intro', '/api/settings'],
      ...posts.map((p) => `/api/posts/${p.id}`),
      ...['/rss.xml', '/sitemap.xml'],
    ];
    for (const url of real) expect((await get(url)).statusCode, url).toBe(200);
    for (const url of real) expect((await get(url)).headers['x-cache'], url).toBe('hit');
    const pagesRoom = ctx.app.responseCache.rooms.sizeOf('pages');

    const flood = floodOf(posts, tag!);
    expect(new Set(flood.map(([url]) => url)).size).toBe(2000);
    for (const [url, status] of flood) expect((await get(url)).statusCode, url).toBe(status);

    for (const url of real) expect((await get(url)).headers['x-cache'], url).toBe('hit');
    // The flood took one entry there: the back-office shell, the same for all of its addresses.
    expect(ctx.app.responseCache.rooms.sizeOf('pages')).toBe(pagesRoom + 1);
  });

  it('sends another spelling to the one address: the id as the record has it, the tag as its newest post spells it', async () => {
    const posts = (await get('/api/posts')).json() as Post[];
    const post = posts.find((p) => p.tags.some((t) => /[a-z]/.test(t)))!;
    const padded = await get(`/post/00${post.id}/${post.slug}`);
    expect(padded.statusCode).toBe(301);
    expect(padded.headers['location']).toBe(postPath(post));
    const [vacancy] = (await get('/api/vacancy')).json() as { id: number; slug: string }[];
    const paddedVacancy = await get(`/vacancy/0${vacancy!.id}/${vacancy!.slug}`);
    expect(paddedVacancy.statusCode).toBe(301);
    expect(paddedVacancy.headers['location']).toBe(vacancyPath(vacancy!));
    const tag = post.tags.find((t) => /[a-z]/.test(t))!;
    const shouted = await get(tagPath(tag.toUpperCase()));
    const newest = posts.find((p) => p.tags.some((t) => t.toLowerCase() === tag.toLowerCase()))!;
    const spelled = newest.tags.find((t) => t.toLowerCase() === tag.toLowerCase())!;
    expect(shouted.statusCode).toBe(301);
    expect(shouted.headers['location']).toBe(tagPath(spelled));
  });
});
