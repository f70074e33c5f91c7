import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { posts, postTranslations } from '../../db/schema';
import { buildTestApp } from '../../../test/helper';
import { postsRepository } from './repository';

/**
 * The tags sitemap part 1 lists come from post_tag_versions, which the database keeps on every
 * write of a post or a translation (migration 0022): each kind of write must show in the next read,
 * whoever made it. Written here straight to the tables, as any write path ends there.
 */
let app: FastifyInstance;
let tagsNow: () => Promise<{ tag: string; languages: string[] }[]>;

const day = 24 * 3600 * 1000;
const post = async (values: Partial<typeof posts.$inferInsert> & { tags: string[] }) => {
  const [row] = await app.db
    .insert(posts)
    .values({ name: 'Tagged post', postedBy: 'Staff', content: 'Text', slug: 'tagged-post', ...values })
    .returning({ id: posts.id });
  return row!.id;
};
const translate = (postId: number, language: string, status: 'draft' | 'published') =>
  app.db
    .insert(postTranslations)
    .values({ postId, language, name: 'Vertaald', slug: 'vertaald', content: 'Tekst', status, sourceDigest: 'x' });
/** The entry of a tag (any spelling), or undefined when the sitemap would not list it. */
const entryOf = async (tag: string) => (await tagsNow()).find((t) => t.tag.toLowerCase() === tag.toLowerCase());

beforeAll(async () => {
  app = await buildTestApp();
  tagsNow = () => postsRepository(app.db).sitemapTags();
});
afterAll(() => app.close());

describe('the tags of the public posts, as the sitemap reads them', () => {
  it('lists a published post’s tags in its language, and not a draft’s until it is published', async () => {
    await post({ tags: ['Listed tag'] });
    const draft = await post({ tags: ['Drafted tag'], status: 'draft' });
    expect(await entryOf('Listed tag')).toEqual({ tag: 'Listed tag', languages: ['en'] });
    expect(await entryOf('Drafted tag')).toBeUndefined();
    await app.db.update(posts).set({ status: 'published' }).where(eq(posts.id, draft));
    expect(await entryOf('Drafted tag')).toEqual({ tag: 'Drafted tag', languages: ['en'] });
  });

  it('lists a scheduled post’s tags once its time has come, with no write in between', async () => {
    await post({ tags: ['Upcoming tag'], publishAt: sql`now() + interval '1 second'` as unknown as Date });
    expect(await entryOf('Upcoming tag')).toBeUndefined();
    await expect.poll(() => entryOf('Upcoming tag'), { timeout: 10_000, interval: 200 }).toBeDefined();
  });

  it('lists a tag once whatever its case, in the newest post’s spelling, the most recently used first', async () => {
    await post({ tags: ['kubernetes'], publishAt: new Date(Date.now() - 3 * day) });
    await post({ tags: ['KUBERNETES'], publishAt: new Date(Date.now() - 2 * day) });
    await post({ tags: ['Old tag'], publishAt: new Date(Date.now() - 5 * day) });
    const all = await tagsNow();
    expect(all.filter((t) => t.tag.toLowerCase() === 'kubernetes')).toEqual([{ tag: 'KUBERNETES', languages: ['en'] }]);
    const order = all.map((t) => t.tag);
    expect(order.indexOf('KUBERNETES')).toBeLessThan(order.indexOf('Old tag'));
    expect(order.indexOf('Listed tag')).toBeLessThan(order.indexOf('KUBERNETES'));
  });

  it('adds a language with a published translation and takes it away when it is unpublished or deleted', async () => {
    const id = await post({ tags: ['Translated tag'] });
    await translate(id, 'nl', 'published');
    await translate(id, 'fr', 'draft');
    expect((await entryOf('Translated tag'))?.languages.sort()).toEqual(['en', 'nl']);
    await app.db
      .update(postTranslations)
      .set({ status: 'published' })
      .where(sql`${postTranslations.postId} = ${id} and ${postTranslations.language} = 'fr'`);
    await app.db
      .update(postTranslations)
      .set({ status: 'draft' })
      .where(sql`${postTranslations.postId} = ${id} and ${postTranslations.language} = 'nl'`);
    expect((await entryOf('Translated tag'))?.languages.sort()).toEqual(['en', 'fr']);
    await app.db.delete(postTranslations).where(eq(postTranslations.postId, id));
    expect((await entryOf('Translated tag'))?.languages).toEqual(['en']);
  });

  it('lists a tag only in the languages of published versions: a post written in Dutch, a draft post’s translation', async () => {
    const dutch = await post({ tags: ['Dutch tag'], language: 'nl' });
    await translate(dutch, 'en', 'published');
    const draft = await post({ tags: ['Hidden tag'], status: 'draft' });
    await translate(draft, 'nl', 'published');
    expect((await entryOf('Dutch tag'))?.languages.sort()).toEqual(['en', 'nl']);
    expect(await entryOf('Hidden tag')).toBeUndefined();
  });

  it('follows a post’s tags as they are edited, and forgets a deleted post’s', async () => {
    const id = await post({ tags: ['Kept tag', 'Dropped tag'] });
    await translate(id, 'nl', 'published');
    await app.db
      .update(posts)
      .set({ tags: ['Kept tag'] })
      .where(eq(posts.id, id));
    expect(await entryOf('Dropped tag')).toBeUndefined();
    expect((await entryOf('Kept tag'))?.languages.sort()).toEqual(['en', 'nl']);
    await app.db.delete(posts).where(eq(posts.id, id));
    expect(await entryOf('Kept tag')).toBeUndefined();
  });

  it('takes a post’s tags away when it goes back to draft or is moved to a later time', async () => {
    const id = await post({ tags: ['Withdrawn tag'] });
    expect(await entryOf('Withdrawn tag')).toBeDefined();
    await app.db
      .update(posts)
      .set({ publishAt: new Date(Date.now() + day) })
      .where(eq(posts.id, id));
    expect(await entryOf('Withdrawn tag')).toBeUndefined();
    await app.db
      .update(posts)
      .set({ publishAt: new Date(Date.now() - day), status: 'draft' })
      .where(eq(posts.id, id));
    expect(await entryOf('Withdrawn tag')).toBeUndefined();
  });
});
