import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postImages, posts } from '../../db/schema';
import type { ImageWords, PostStatus } from '@app/shared/schemas/posts';
import { imagesRepository, type ProcessedImage, type Queryable } from '../images';

export interface StoredImage {
  imageId: number;
  filename: string;
  contentType: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
  /** The narrower copies made at upload (none for an image stored before they existed). */
  variants: { width: number; format: string }[];
}

/** What the service stores for a post: the form's fields, resolved (slug made, time chosen). */
export interface PostValues {
  name: string;
  content: string;
  postedBy: string;
  tags: string[];
  status: PostStatus;
  publishAt: Date;
  slug: string;
  /** Publishing clears a contributor's "Submit for review" (null); a draft's save keeps it (absent). */
  reviewRequestedAt?: null;
}

/** Which posts a read may see: the public only published posts whose time has come. */
export type Audience = 'public' | 'staff';

/**
 * A staff filter: a draft, a published post still waiting for its time, one that is live, or a
 * draft submitted for review.
 */
export type StatusFilter = 'draft' | 'scheduled' | 'published' | 'review';

export interface ListOptions {
  audience: Audience;
  status?: StatusFilter;
  tag?: string;
  /** Full-text words; hits come with a highlighted snippet. */
  query?: string;
  /** Only the posts this user owns (a contributor's list). */
  ownerId?: number;
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
  status: PostStatus;
  publishAt: Date;
  slug: string;
  /** Who created it (migration 0013); null when unknown. */
  ownerId: number | null;
  reviewRequestedAt: Date | null;
  images: StoredImage[];
}

/**
 * A post as a list or search page shows it (decision 0142): the start of its Markdown, enough for
 * the 600-character preview, instead of the whole content.
 */
export interface StoredSummary extends Omit<StoredPost, 'content'> {
  /** The first PREVIEW_SOURCE_LENGTH characters of the content. */
  excerpt: string;
  /** Search hits only: the snippet with matches between \u0001 and \u0002 (ts_headline). */
  headline?: string;
}

/**
 * How much of a post's Markdown a list reads for its preview: over three times the 600 characters
 * shown, so that links, emphasis and headings do not shorten the preview's plain text.
 */
export const PREVIEW_SOURCE_LENGTH = 2000;

const summaryColumns = {
  id: posts.id,
  name: posts.name,
  postedBy: posts.postedBy,
  date: posts.date,
  tags: posts.tags,
  likes: posts.likes,
  version: posts.version,
  status: posts.status,
  publishAt: posts.publishAt,
  slug: posts.slug,
  ownerId: posts.ownerId,
  reviewRequestedAt: posts.reviewRequestedAt,
};
const postColumns = { ...summaryColumns, content: posts.content };

/** Published and due: the only posts anything public shows. */
const isPublic = and(eq(posts.status, 'published'), lte(posts.publishAt, sql`now()`));

const statusCondition: Record<StatusFilter, SQL | undefined> = {
  draft: eq(posts.status, 'draft'),
  scheduled: and(eq(posts.status, 'published'), gt(posts.publishAt, sql`now()`)),
  published: isPublic,
  review: and(eq(posts.status, 'draft'), isNotNull(posts.reviewRequestedAt)),
};

/**
 * The stored, GIN-indexed text-search vector of title, content and tags (migration 0010, with the
 * configuration post_search of migration 0003). Not in the Drizzle schema: nothing reads it back.
 */
const searchVector = sql`${posts}.search`;
const searchQuery = (q: string) => sql`plainto_tsquery('post_search', ${q})`;

type PostRow = { id: number; status: string };

/** The images of the given posts, in carousel order. */
async function imagesOf(db: Queryable, postIds: number[]): Promise<Map<number, StoredImage[]>> {
  const byPost = new Map<number, StoredImage[]>();
  if (!postIds.length) return byPost;
  const links = await db
    .select({
      postId: postImages.postId,
      imageId: postImages.imageId,
      alt: postImages.alt,
      caption: postImages.caption,
    })
    .from(postImages)
    .where(inArray(postImages.postId, postIds))
    .orderBy(asc(postImages.postId), asc(postImages.position), asc(postImages.id));
  const ids = [...new Set(links.map((l) => l.imageId))];
  const [found, copies] = await Promise.all([imagesRepository(db).findMany(ids), imagesRepository(db).variantsOf(ids)]);
  const byId = new Map(found.map(({ id, ...image }) => [id, image]));
  for (const { postId, imageId, alt, caption } of links) {
    const image = byId.get(imageId);
    if (!image) continue;
    const list = byPost.get(postId) ?? [];
    const variants = copies.filter((c) => c.imageId === imageId).map(({ width, format }) => ({ width, format }));
    list.push({ imageId, ...image, alt, caption, variants });
    byPost.set(postId, list);
  }
  return byPost;
}

/** Tags are matched as a reader would: ignoring case. */
const tagCondition = (tag: string) =>
  sql`exists (select 1 from unnest(${posts.tags}) as t(tag) where lower(t.tag) = lower(${tag}))`;

/** Deletes those of the given images that no post links to any more (an image belongs to one post). */
async function deleteUnusedImages(tx: Queryable, ids: number[]) {
  if (!ids.length) return;
  const used = await tx.select({ id: postImages.imageId }).from(postImages).where(inArray(postImages.imageId, ids));
  const stillUsed = new Set(used.map((u) => u.id));
  await imagesRepository(tx).remove(ids.filter((id) => !stillUsed.has(id)));
}

async function withImages<R extends PostRow>(
  db: Queryable,
  rows: R[],
): Promise<(Omit<R, 'status'> & { status: PostStatus; images: StoredImage[] })[]> {
  const byPost = await imagesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    status: r.status === 'draft' ? 'draft' : 'published',
    images: byPost.get(r.id) ?? [],
  }));
}

/** Stores the new images and links them to the post after `from` existing ones. */
async function linkNewImages(
  tx: Queryable,
  postId: number,
  added: ProcessedImage[],
  from: number,
  words: ImageWords[],
) {
  const repo = imagesRepository(tx);
  for (const [i, img] of added.entries()) {
    const stored = await repo.insert(img);
    await tx.insert(postImages).values({ postId, imageId: stored.id, position: from + i, ...wordsAt(words, from + i) });
  }
}

const wordsAt = (words: ImageWords[], i: number): Partial<ImageWords> => {
  const w = words[i];
  return w ? { alt: w.alt, caption: w.caption } : {};
};

/** By publication time: a scheduled post that goes live comes first, as a new one would. */
const newestFirst = [desc(posts.publishAt), desc(posts.id)];
/** Best match first; equally good matches newest first. */
const bestMatchFirst = (q: string) => [sql`ts_rank(${searchVector}, ${searchQuery(q)}) desc`, ...newestFirst];

const listCondition = (options: ListOptions) =>
  and(
    options.audience === 'public' ? isPublic : undefined,
    options.status ? statusCondition[options.status] : undefined,
    options.tag ? tagCondition(options.tag) : undefined,
    options.query ? sql`${searchVector} @@ ${searchQuery(options.query)}` : undefined,
    options.ownerId !== undefined ? eq(posts.ownerId, options.ownerId) : undefined,
  );
const listOrder = (options: ListOptions) => (options.query ? bestMatchFirst(options.query) : newestFirst);

/** The only code that writes posts and post_images. */
export const postsRepository = (db: Db) => ({
  /** The newest `limit` public posts (of one tag when given) with what the RSS feeds need. */
  feedEntries: async (limit: number, tag?: string) =>
    withImages(
      db,
      await db
        .select({ ...postColumns, updatedAt: posts.updatedAt })
        .from(posts)
        .where(and(isPublic, tag ? tagCondition(tag) : undefined))
        .orderBy(...newestFirst)
        .limit(limit),
    ),

  /** Every public post newest first, with only what the sitemap lists: no content or images. */
  sitemapEntries: () =>
    db
      .select({ id: posts.id, slug: posts.slug, tags: posts.tags, updatedAt: posts.updatedAt })
      .from(posts)
      .where(isPublic)
      .orderBy(...newestFirst),

  /** One page of post summaries and how many match in all: the database filters, sorts and cuts. */
  async list(
    options: ListOptions & { limit: number; offset?: number },
  ): Promise<{ rows: StoredSummary[]; total: number }> {
    const where = listCondition(options);
    const headline = options.query
      ? sql<string>`ts_headline('post_search', ${posts.name} || ' — ' || ${posts.content}, ${searchQuery(options.query)}, 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=35, MinWords=15')`
      : sql<null>`null`;
    const excerpt = sql<string>`left(${posts.content}, ${PREVIEW_SOURCE_LENGTH})`;
    // The page's ids first, the columns of those rows only: PostgreSQL computes a select list for
    // every row an OFFSET skips, and reading 10,000 contents for their excerpts made the last page
    // of 10,000 posts take over a second; the ids alone come from the index.
    const window = db
      .select({ id: posts.id })
      .from(posts)
      .where(where)
      .orderBy(...listOrder(options))
      .limit(options.limit)
      .offset(options.offset ?? 0);
    const query = db
      .select({ ...summaryColumns, excerpt, headline })
      .from(posts)
      .where(inArray(posts.id, window))
      .orderBy(...listOrder(options));
    const [rows, [counted]] = await Promise.all([query, db.select({ n: count() }).from(posts).where(where)]);
    const withHeadline = rows.map(({ headline: h, ...r }) => ({ ...r, ...(h ? { headline: h } : {}) }));
    return { rows: await withImages(db, withHeadline), total: counted?.n ?? 0 };
  },

  /** The first `limit` posts whole, in the list's order: the specification's plain lists (bounded). */
  whole: async (options: ListOptions & { limit: number }): Promise<StoredPost[]> =>
    withImages(
      db,
      await db
        .select(postColumns)
        .from(posts)
        .where(listCondition(options))
        .orderBy(...listOrder(options))
        .limit(options.limit),
    ),

  find: async (id: number, audience: Audience): Promise<StoredPost | undefined> =>
    (
      await withImages(
        db,
        await db
          .select(postColumns)
          .from(posts)
          .where(and(eq(posts.id, id), audience === 'public' ? isPublic : undefined)),
      )
    )[0],

  /** The earliest publication time still to come, for the timer that makes scheduled posts public. */
  nextDue: async (): Promise<Date | undefined> =>
    (
      await db
        .select({ at: min(posts.publishAt) })
        .from(posts)
        .where(and(eq(posts.status, 'published'), gt(posts.publishAt, sql`now()`)))
    )[0]?.at ?? undefined,

  /**
   * A new post with its images; `date` defaults to now (the seed dates its demo posts), `ownerId`
   * is the staff member who creates it (none for the seed's).
   */
  create: (input: PostValues, added: ProcessedImage[], words: ImageWords[] = [], date?: Date, ownerId?: number) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(posts)
        .values({ ...input, ...(date ? { date } : {}), ...(ownerId !== undefined ? { ownerId } : {}) })
        .returning({ id: posts.id });
      await linkNewImages(tx, row!.id, added, 0, words);
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
    input: PostValues,
    keep: (current: string[]) => string[],
    added: ProcessedImage[],
    words: ImageWords[] | undefined,
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
        // Words sent for a kept image replace its stored ones; an older client sends none and keeps them.
        await tx.insert(postImages).values(
          kept.map((img, position) => ({
            postId: id,
            imageId: img.imageId,
            position,
            alt: img.alt,
            caption: img.caption,
            ...(words ? wordsAt(words, position) : {}),
          })),
        );
      }
      await linkNewImages(tx, id, added, kept.length, words ?? []);
      await deleteUnusedImages(
        tx,
        current.map((i) => i.imageId),
      );
      return 'updated';
    }),

  /**
   * "Submit for review": marks a draft as waiting for an editor. Answers false when the post is
   * not a draft (or does not exist). The version stays: the text did not change.
   */
  requestReview: async (id: number): Promise<boolean> =>
    (
      await db
        .update(posts)
        .set({ reviewRequestedAt: sql`coalesce(${posts.reviewRequestedAt}, now())` })
        .where(and(eq(posts.id, id), eq(posts.status, 'draft')))
        .returning({ id: posts.id })
    ).length > 0,

  /** Deletes the post and the images only it used. Returns false when it does not exist. */
  remove: (id: number) =>
    db.transaction(async (tx) => {
      const current = (await imagesOf(tx, [id])).get(id) ?? [];
      const [row] = await tx.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
      if (!row) return false;
      await deleteUnusedImages(
        tx,
        current.map((i) => i.imageId),
      );
      return true;
    }),

  /** Adds one like and answers the new count, or undefined when the post does not exist. */
  like: async (id: number): Promise<number | undefined> =>
    (
      await db
        .update(posts)
        .set({ likes: sql`${posts.likes} + 1` })
        // Only a public post can be liked: a draft's id answers 404 as its page does.
        .where(and(eq(posts.id, id), isPublic))
        .returning({ likes: posts.likes })
    )[0]?.likes,

  /** The like counts of the public posts among the ids, in id order. */
  likeCounts: (ids: number[]): Promise<{ id: number; likes: number }[]> =>
    db
      .select({ id: posts.id, likes: posts.likes })
      .from(posts)
      .where(and(inArray(posts.id, ids), isPublic))
      .orderBy(asc(posts.id)),
});

export type PostsRepository = ReturnType<typeof postsRepository>;
