import { describe, expect, it } from 'vitest';
import { MSG } from '@app/shared/messages';
import { PLAIN_POST_LIST_MAX, type Post, type PostPage } from '@app/shared/schemas/posts';
import { call, useTestApp } from '../../../test/helper';
import { file, multipart, type Part } from '../../../test/multipart';
import { png, postJson } from '../../../test/post-fixtures';

const ctx = useTestApp();

async function create(over: Record<string, unknown>, files: Part[] = []): Promise<Post> {
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/posts',
    token: ctx.adminToken,
    ...(await multipart([['post', postJson(over)], ...files])),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const get = (url: string, token?: string) => call(ctx.app, { method: 'GET', url, ...(token ? { token } : {}) });
/** Every public post's id, newest first (one page of up to 100: more than these tests create). */
const publicIds = async () => ((await get('/api/posts?pageSize=100')).json() as PostPage).items.map((p) => p.id);

describe('Markdown content', () => {
  it('renders CommonMark, tables and autolinks to sanitized HTML with plain text beside it', async () => {
    const post = await create({
      name: 'Markdown post',
      content:
        '**bold** and <script>alert(1)</script> <img src=x onerror=alert(1)>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nsee https://example.com and [x](javascript:alert(1))',
    });
    expect(post.html).toContain('<strong>bold</strong>');
    expect(post.html).toContain('<table>');
    expect(post.html).toContain('<a href="https://example.com" rel="noopener nofollow">https://example.com</a>');
    expect(post.html).not.toMatch(/<script|<img|onerror=|javascript:/);
    expect(post.text.startsWith('bold and')).toBe(true);
    expect(post.text).not.toContain('**');
  });

  it('keeps the line breaks of a plain-text post', async () => {
    const post = await create({ content: 'First line\nsecond line' });
    expect(post.html).toBe('<p>First line<br />second line</p>\n');
  });

  it('previews Markdown for staff only, with the same renderer', async () => {
    const body = { content: '# Title\n\n*em*' };
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/posts/preview',
      token: ctx.adminToken,
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ html: '<h1>Title</h1>\n<p><em>em</em></p>\n' });
    expect((await call(ctx.app, { method: 'POST', url: '/api/posts/preview', payload: body })).statusCode).toBe(401);
  });
});

describe('drafts and scheduled posts', () => {
  it('defaults to published now; an older client keeps that default', async () => {
    const post = await create({ name: 'Default status' });
    expect(post.status).toBe('published');
    expect(Date.parse(post.publishAt)).toBeLessThanOrEqual(Date.now());
    expect(await publicIds()).toContain(post.id);
  });

  it('keeps a draft out of everything public, and shows it to staff', async () => {
    const draft = await create({ name: 'Secret draft zyxwv', status: 'draft', tags: ['drafttag'] });
    expect((await get(`/api/posts/${draft.id}`)).statusCode).toBe(404);
    expect(await publicIds()).not.toContain(draft.id);
    expect(((await get('/api/posts?q=zyxwv')).json() as PostPage).total).toBe(0);
    expect(((await get('/api/posts?tag=drafttag')).json() as PostPage).total).toBe(0);
    expect((await get('/api/posts/search/zyxwv')).json()).toEqual([]);
    expect((await get('/sitemap.xml')).body).not.toContain(`/post/${draft.id}/`);
    expect((await get('/rss.xml')).body).not.toContain('Secret draft');
    expect((await call(ctx.app, { method: 'PUT', url: `/api/posts/${draft.id}/like` })).statusCode).toBe(404);

    const staff = await get(`/api/posts/staff/${draft.id}`, ctx.adminToken);
    expect(staff.statusCode).toBe(200);
    expect((staff.json() as Post).status).toBe('draft');
    // The full-page preview reads drafts here: never kept by a browser or proxy.
    expect(staff.headers['cache-control']).toBe('private, no-store');
    const drafts = (await get('/api/posts/staff?status=draft', ctx.adminToken)).json() as PostPage;
    expect(drafts.items.map((p) => p.id)).toContain(draft.id);
    expect(drafts.items.every((p) => p.status === 'draft')).toBe(true);
    expect((await get('/api/posts/staff')).statusCode).toBe(401);
  });

  it('publishes a scheduled post at its time without a restart', async () => {
    const at = new Date(Date.now() + 1500).toISOString();
    const post = await create({ name: 'Scheduled', publishAt: at });
    expect((await get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    const scheduled = (await get('/api/posts/staff?status=scheduled', ctx.adminToken)).json() as PostPage;
    expect(scheduled.items.map((p) => p.id)).toContain(post.id);
    // The public list was read (and cached) before; the timer must tell the cache.
    expect(await publicIds()).not.toContain(post.id);
    await expect.poll(() => publicIds(), { timeout: 6_000, interval: 200 }).toContain(post.id);
  });

  it('refuses a bad status, publication time or slug with 400', async () => {
    for (const over of [{ status: 'live' }, { publishAt: 'tomorrow' }, { slug: 'Not a slug!' }]) {
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/posts',
        token: ctx.adminToken,
        ...(await multipart([['post', postJson(over)]])),
      });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
    }
  });
});

describe('slugs, pages, search and tags', () => {
  it('makes the slug from the title and accepts an edited one', async () => {
    expect((await create({ name: 'Sécurité & Réseau: 2026!' })).slug).toBe('securite-reseau-2026');
    expect((await create({ name: 'Own slug', slug: 'my-own-slug' })).slug).toBe('my-own-slug');
  });

  it('answers pages of 10 with the total, and keeps the plain list an array', async () => {
    for (let i = 0; i < 11; i++) await create({ name: `Paged ${i}` });
    const all = await publicIds();
    const first = (await get('/api/posts?page=1')).json() as PostPage;
    expect(first.pageSize).toBe(10);
    expect(first.total).toBe(all.length);
    expect(first.items.map((p) => p.id)).toEqual(all.slice(0, 10));
    const second = (await get('/api/posts?page=2&pageSize=10')).json() as PostPage;
    expect(second.items.map((p) => p.id)).toEqual(all.slice(10, 20));
    const plain = (await get('/api/posts')).json() as Post[];
    expect(Array.isArray(plain)).toBe(true);
    expect(plain.map((p) => p.id)).toEqual(all.slice(0, PLAIN_POST_LIST_MAX));
    expect((await get('/api/posts?page=0')).statusCode).toBe(400);
    expect((await get('/api/posts?pageSize=abc')).statusCode).toBe(400);
    for (const q of ['pageSize=abc', 'pageSize=1000', 'pageSize=0']) {
      const res = await get(`/api/posts?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors, q).toContainEqual({ field: 'pageSize', message: MSG.postPageSizeInvalid });
    }
  });

  it('searches title, content and tags ignoring case and accents, with highlighted parts', async () => {
    const post = await create({
      name: 'Kwetsbaarheden',
      content: 'Een Élégante oplossing voor het netwerk.',
      tags: ['Pentest'],
    });
    for (const q of ['elegante', 'ÉLÉGANTE', 'pentest', 'kwetsbaarheden']) {
      const page = (await get(`/api/posts?q=${encodeURIComponent(q)}`)).json() as PostPage;
      expect(
        page.items.map((p) => p.id),
        q,
      ).toContain(post.id);
    }
    const hit = ((await get('/api/posts?q=elegante')).json() as PostPage).items.find((p) => p.id === post.id)!;
    expect(hit.highlight).toContainEqual({ text: 'Élégante', match: true });
    expect(((await get('/api/posts?q=nothingmatchesthis')).json() as PostPage).total).toBe(0);
  });

  it('shows the snippet around a match deep in a long post, found by the word as typed or by its stem', async () => {
    const filler = 'A sentence about nothing in particular. ';
    const post = await create({
      name: 'Long read',
      content: `${filler.repeat(150)}Here the firewall rules were securing the perimeter. ${filler.repeat(20)}`,
    });
    const highlight = async (q: string) =>
      ((await get(`/api/posts?q=${q}`)).json() as PostPage).items.find((p) => p.id === post.id)?.highlight;
    expect(await highlight('firewall')).toContainEqual({ text: 'firewall', match: true });
    // "secured" is not in the text; its stem is, at the start of "securing".
    expect(await highlight('secured')).toContainEqual({ text: 'securing', match: true });
  });

  it('lists a tag ignoring case and gives it its own feed', async () => {
    const post = await create({ name: 'Tagged post', tags: ['Zero Trust'] });
    const page = (await get('/api/posts?tag=zero%20trust')).json() as PostPage;
    expect(page.items.map((p) => p.id)).toEqual([post.id]);
    const feed = await get('/rss.xml?tag=Zero%20Trust');
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('Posts tagged Zero Trust');
    expect(feed.body.split('<item>')).toHaveLength(2);
    expect((await get('/rss.xml?tag=')).statusCode).toBe(400);
  });
});

describe('image alt text and captions', () => {
  it('stores them at upload in display order and changes them on edit', async () => {
    const post = await create(
      { name: 'Pictures', postImages: [{ alt: 'A red square', caption: 'The first' }, { alt: 'Another' }] },
      [
        ['imageFiles', file(await png(40, 30)), 'a.png'],
        ['imageFiles', file(await png(41, 30)), 'b.png'],
      ],
    );
    expect(post.postImages.map((i) => [i.alt, i.caption])).toEqual([
      ['A red square', 'The first'],
      ['Another', ''],
    ]);
    const edited = await call(ctx.app, {
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      token: ctx.adminToken,
      payload: {
        ...post,
        postImages: [post.postImages[0], { ...post.postImages[1], alt: 'Renamed', caption: 'Now captioned' }],
      },
    });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as Post).postImages.map((i) => [i.alt, i.caption])).toEqual([
      ['A red square', 'The first'],
      ['Renamed', 'Now captioned'],
    ]);
    const tooLong = await call(ctx.app, {
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      token: ctx.adminToken,
      payload: { ...post, version: post.version + 1, postImages: [{ alt: 'x'.repeat(201) }] },
    });
    expect(tooLong.statusCode).toBe(400);
  });
});
