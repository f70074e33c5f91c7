import { and, asc, desc, eq, inArray, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postImages, posts } from '../../db/schema';
import type { PostInput } from '@app/shared/schemas/posts';
import { imagesRepository, type Queryable } from '../images/repository';
import type { ProcessedImage } from '../images/process';

export interface StoredImage {
  imageId: number;
  filename: string;
  contentType: string;
  width: number;
  height: number;
}

export interface StoredPost {
  id: number;
  name: string;
  postedBy: string;
  date: Date;
  content: string;
  tags: string[];
  likes: number;
  /** Optimistic locking: each saved update adds one. */
  version: number;
  images: StoredImage[];
}

/**
 * Accent folding that works the same on PostgreSQL and PGlite without the unaccent extension.
 * Upper-case accented letters are listed too: lower() under the C locale only folds ASCII.
 */
const FOLDS: Record<string, string> = {
  a: 'àáâãäåāăą',
  c: 'çćč',
  d: 'ďđ',
  e: 'èéêëēėęě',
  i: 'ìíîïīį',
  l: 'ł',
  n: 'ñńň',
  o: 'òóôõöøōő',
  r: 'ř',
  s: 'śšş',
  t: 'ţť',
  u: 'ùúûüūůűų',
  y: 'ýÿ',
  z: 'žźż',
};
const pairs = Object.entries(FOLDS).flatMap(([plain, accented]) =>
  [...accented].flatMap((ch) => [[ch, plain], [ch.toUpperCase(), plain]]),
);
const FOLD_FROM = pairs.map(([from]) => from).join('');
const FOLD_TO = pairs.map(([, to]) => to).join('');

const fold = (value: AnyColumn | SQL) => sql`translate(lower(${value}), ${FOLD_FROM}, ${FOLD_TO})`;
const escapeLike = (word: string) => word.replace(/[\\%_]/g, '\\$&');

const postColumns = {
  id: posts.id,
  name: posts.name,
  postedBy: posts.postedBy,
  date: posts.date,
  content: posts.content,
  tags: posts.tags,
  likes: posts.likes,
  version: posts.version,
};

type PostRow = Omit<StoredPost, 'images'>;

/** The images of the given posts, in carousel order. */
async function imagesOf(db: Queryable, postIds: number[]): Promise<Map<number, StoredImage[]>> {
  const byPost = new Map<number, StoredImage[]>();
  if (!postIds.length) return byPost;
  const links = await db
    .select({ postId: postImages.postId, imageId: postImages.imageId })
    .from(postImages)
    .where(inArray(postImages.postId, postIds))
    .orderBy(asc(postImages.postId), asc(postImages.position), asc(postImages.id));
  const found = await imagesRepository(db).findMany([...new Set(links.map((l) => l.imageId))]);
  const byId = new Map(found.map(({ id, ...image }) => [id, image]));
  for (const { postId, imageId } of links) {
    const image = byId.get(imageId);
    if (!image) continue;
    const list = byPost.get(postId) ?? [];
    list.push({ imageId, ...image });
    byPost.set(postId, list);
  }
  return byPost;
}

/** Deletes those of the given images that no post links to any more (an image belongs to one post). */
async function deleteUnusedImages(tx: Queryable, ids: number[]) {
  if (!ids.length) return;
  const used = await tx.select({ id: postImages.imageId }).from(postImages).where(inArray(postImages.imageId, ids));
  const stillUsed = new Set(used.map((u) => u.id));
  await imagesRepository(tx).remove(ids.filter((id) => !stillUsed.has(id)));
}

async function withImages(db: Queryable, rows: PostRow[]): Promise<StoredPost[]> {
  const byPost = await imagesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, images: byPost.get(r.id) ?? [] }));
}

/** Stores the new images and links them to the post after `from` existing ones. */
async function linkNewImages(tx: Queryable, postId: number, added: ProcessedImage[], from: number) {
  const repo = imagesRepository(tx);
  for (const [i, img] of added.entries()) {
    const stored = await repo.insert(img);
    await tx.insert(postImages).values({ postId, imageId: stored.id, position: from + i });
  }
}

const newestFirst = [desc(posts.date), desc(posts.id)];

/** The only code that writes posts and post_images. */
export const postsRepository = (db: Db) => ({
  /** Posts newest first with what the sitemap and RSS feed need (no images). */
  feedEntries: () =>
    db
      .select({
        id: posts.id,
        name: posts.name,
        postedBy: posts.postedBy,
        content: posts.content,
        date: posts.date,
        updatedAt: posts.updatedAt,
      })
      .from(posts)
      .orderBy(desc(posts.date), desc(posts.id)),

  list: async () => withImages(db, await db.select(postColumns).from(posts).orderBy(...newestFirst)),

  find: async (id: number): Promise<StoredPost | undefined> =>
    (await withImages(db, await db.select(postColumns).from(posts).where(eq(posts.id, id))))[0],

  /** Posts whose title or content holds every word, ignoring case and accents. */
  async search(words: string[]): Promise<StoredPost[]> {
    const conditions = words.map((word) => {
      const pattern = sql`'%' || ${fold(sql`${escapeLike(word)}::text`)} || '%'`;
      return sql`(${fold(posts.name)} like ${pattern} or ${fold(posts.content)} like ${pattern})`;
    });
    return withImages(db, await db.select(postColumns).from(posts).where(and(...conditions)).orderBy(...newestFirst));
  },

  /** A new post with its images; `date` defaults to now (the seed dates its demo posts). */
  create: (input: PostInput, added: ProcessedImage[], date?: Date) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(posts)
        .values({ ...input, ...(date ? { date } : {}) })
        .returning({ id: posts.id });
      await linkNewImages(tx, row!.id, added, 0);
      return row!.id;
    }),

  /**
   * Updates the post and its images in one transaction, only if the post still has the `version`
   * the editor read (optimistic locking): the guarded UPDATE comes first, so a stale or concurrent
   * save changes neither the post nor its images, and the version goes up by one. `keep` receives
   * the filenames of the post's current images and answers those to keep, in order (it may throw
   * to refuse the change, which undoes the whole transaction); the added images come after them.
   */
  update: (
    id: number,
    version: number,
    input: PostInput,
    keep: (current: string[]) => string[],
    added: ProcessedImage[],
  ): Promise<'updated' | 'missing' | 'stale'> =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(posts)
        .set({ ...input, updatedAt: new Date(), version: sql`${posts.version} + 1` })
        .where(and(eq(posts.id, id), eq(posts.version, version)))
        .returning({ id: posts.id });
      if (!row) {
        const [exists] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, id));
        return exists ? 'stale' : 'missing';
      }
      const current = (await imagesOf(tx, [id])).get(id) ?? [];
      const kept = keep(current.map((i) => i.filename)).map((f) => current.find((i) => i.filename === f)!);
      await tx.delete(postImages).where(eq(postImages.postId, id));
      if (kept.length) {
        await tx.insert(postImages).values(kept.map((img, position) => ({ postId: id, imageId: img.imageId, position })));
      }
      await linkNewImages(tx, id, added, kept.length);
      await deleteUnusedImages(tx, current.map((i) => i.imageId));
      return 'updated';
    }),

  /** Deletes the post and the images only it used. Returns false when it does not exist. */
  remove: (id: number) =>
    db.transaction(async (tx) => {
      const current = (await imagesOf(tx, [id])).get(id) ?? [];
      const [row] = await tx.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
      if (!row) return false;
      await deleteUnusedImages(tx, current.map((i) => i.imageId));
      return true;
    }),

  /** Adds one like and answers the new count, or undefined when the post does not exist. */
  like: async (id: number): Promise<number | undefined> =>
    (
      await db
        .update(posts)
        .set({ likes: sql`${posts.likes} + 1` })
        .where(eq(posts.id, id))
        .returning({ likes: posts.likes })
    )[0]?.likes,
});

export type PostsRepository = ReturnType<typeof postsRepository>;
