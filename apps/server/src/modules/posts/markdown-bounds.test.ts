import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MARKDOWN_BOUNDS } from '@app/shared/markdown-bounds';
import { MSG } from '@app/shared/messages';
import type { Post } from '@app/shared/schemas/posts';
import { posts } from '../../db/schema';
import { call, useTestApp } from '../../../test/helper';
import { postJson } from '../../../test/post-fixtures';

/**
 * Content that would overflow the renderer's stack or take it seconds (deep quotes and lists, runs
 * of emphasis marks) is refused with the form's message and stores nothing; a post stored past the
 * bounds anyway (before they existed) shows as plain paragraphs and never breaks a list, feed or page.
 */
// Pages need the built web app, as in plugins/web.test.ts (`npm test` builds it when stale).
const ctx = useTestApp({ webDist: path.resolve(import.meta.dirname, '../../../../web/dist') });

const HOSTILE: [string, string, string][] = [
  ['2,110 nested quotes', `${'>'.repeat(2110)} deep`, MSG.postContentTooDeep],
  ['1,719 nested numbered lists', `${'1. '.repeat(1719)}deep`, MSG.postContentTooDeep],
  ['1,706 nested task lists', `${'- [ ] '.repeat(1706)}deep`, MSG.postContentTooDeep],
  ['a quote in a list in a quote, 40 deep', `${'> - '.repeat(20)}deep`, MSG.postContentTooDeep],
  ['6,600 emphasis marks in one paragraph', '*a '.repeat(6600), MSG.postContentTooManyMarks],
  ['9,000 asterisks around a word', `${'*'.repeat(4500)}x${'*'.repeat(4500)}`, MSG.postContentTooManyMarks],
  ['10,000 intraword underscores', 'a_'.repeat(10000), MSG.postContentTooManyMarks],
];

const staffTotal = async () =>
  ((await call(ctx.app, { method: 'GET', url: '/api/posts/staff', token: ctx.adminToken })).json() as { total: number })
    .total;

const previewOf = (content: string) =>
  call(ctx.app, { method: 'POST', url: '/api/posts/preview', token: ctx.adminToken, payload: { content } });

describe('Markdown the renderer cannot take', () => {
  it.each(HOSTILE)(
    '%s: preview and create answer 400 with the message, nothing stored',
    async (_, content, message) => {
      const before = await staffTotal();
      const preview = await previewOf(content);
      expect(preview.statusCode).toBe(400);
      expect(preview.json().message).toContain(message);
      const created = await call(ctx.app, {
        method: 'POST',
        url: '/api/posts',
        token: ctx.adminToken,
        headers: { 'content-type': 'application/json' },
        payload: postJson({ content }),
      });
      expect(created.statusCode).toBe(400);
      expect(created.json().message).toContain(message);
      expect(await staffTotal()).toBe(before);
    },
  );

  it('content at the bounds renders: 32 nested quotes, 500 marks in a paragraph, deep code in a fence', async () => {
    const content = [
      `${'> '.repeat(MARKDOWN_BOUNDS.nesting)}deepest`,
      '',
      '*a* '.repeat(MARKDOWN_BOUNDS.marksPerBlock / 2),
      '',
      '```',
      '> '.repeat(200),
      '```',
    ].join('\n');
    const res = await previewOf(content);
    expect(res.statusCode).toBe(200);
    const { html } = res.json() as { html: string };
    expect(html.match(/<blockquote>/g)).toHaveLength(MARKDOWN_BOUNDS.nesting);
    expect(html.match(/<em>a<\/em>/g)).toHaveLength(MARKDOWN_BOUNDS.marksPerBlock / 2);
    expect(html).toContain(`<pre><code>${'&gt; '.repeat(200)}`);
  });
});

describe('a post stored past the bounds (by an older release)', () => {
  it('shows as escaped paragraphs; lists, feeds, its page and its edit screen keep working', async () => {
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/posts',
      token: ctx.adminToken,
      headers: { 'content-type': 'application/json' },
      payload: postJson({ name: 'Stored before the bounds', content: 'Harmless for now.' }),
    });
    expect(created.statusCode).toBe(201);
    const { id, slug } = created.json() as Post;
    const content = `${'>'.repeat(2110)} <b>deep</b>\n${'*a '.repeat(6600)}`;
    await ctx.app.db.update(posts).set({ content }).where(eq(posts.id, id));
    // Nothing above read a public list or page, so no cached answer holds the old content.

    const list = await call(ctx.app, { method: 'GET', url: '/api/posts' });
    expect(list.statusCode).toBe(200);
    const stored = (list.json() as Post[]).find((p) => p.id === id)!;
    expect(stored.html.startsWith(`<p>${'&gt;'.repeat(2110)} &lt;b&gt;deep&lt;/b&gt;<br>*a *a `)).toBe(true);
    expect(stored.html).not.toContain('<b>');

    for (const url of ['/rss.xml', '/sitemap.xml', `/post/${id}/${slug}`, '/post', '/']) {
      const res = await call(ctx.app, { method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
    }
    const rss = await call(ctx.app, { method: 'GET', url: '/rss.xml' });
    expect(rss.body).toContain('Stored before the bounds');
    const page = await call(ctx.app, { method: 'GET', url: `/post/${id}/${slug}`, headers: { accept: 'text/html' } });
    expect(page.body).toContain('&lt;b&gt;deep&lt;/b&gt;');
    for (const url of ['/api/posts/staff', `/api/posts/staff/${id}`]) {
      const res = await call(ctx.app, { method: 'GET', url, token: ctx.adminToken });
      expect(res.statusCode, url).toBe(200);
    }
  });
});
