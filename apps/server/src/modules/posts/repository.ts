import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  lte,
  min,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { postImages, posts, postTagVersions, postTranslations } from '../../db/schema';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@app/shared/locales';
import type { TranslationLink, TranslationState } from '@app/shared/schemas/translations';
import { SEARCH_MATCHES_MAX, type ImageWords, type PostStatus } from '@app/shared/schemas/posts';
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
  /** The language the post is written in. */
  language: Locale;
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
  /**
   * Public reads: the language whose posts are listed (those written or published in it), with
   * their texts in it; searched with its stemming. Staff reads list the posts' own texts.
   */
  lang?: Locale;
  /** Staff: only the posts without a published, up-to-date translation in this language. */
  missing?: Locale;
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
  /** The language of the texts above (name, slug, content). */
  language: Locale;
  /** Every language the post is published in, with its slug there: its own language first. */
  translations: TranslationLink[];
  /** Staff reads: each language's state. */
  translationStates?: { language: Locale; state: TranslationState }[];
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

/**
 * A read's texts: for the public, the published translation in the language asked for when there
 * is one (left-joined as `post_translations`), else the post's own; staff read the post's own texts
 * and join nothing.
 */
const textColumnsFor = (audience: Audience) =>
  audience === 'public'
    ? {
        name: sql<string>`coalesce(${postTranslations.name}, ${posts.name})`,
        slug: sql<string>`coalesce(${postTranslations.slug}, ${posts.slug})`,
        language: sql<string>`coalesce(${postTranslations.language}, ${posts.language})`,
      }
    : { name: sql<string>`${posts.name}`, slug: sql<string>`${posts.slug}`, language: sql<string>`${posts.language}` };
const contentFor = (audience: Audience) =>
  audience === 'public'
    ? sql<string>`coalesce(${postTranslations.content}, ${posts.content})`
    : sql<string>`${posts.content}`;

const summaryColumns = (audience: Audience) => ({
  id: posts.id,
  ...textColumnsFor(audience),
  postedBy: posts.postedBy,
  date: posts.date,
  tags: posts.tags,
  likes: posts.likes,
  version: posts.version,
  status: posts.status,
  publishAt: posts.publishAt,
  ownerId: posts.ownerId,
  reviewRequestedAt: posts.reviewRequestedAt,
});
const postColumns = (audience: Audience) => ({ ...summaryColumns(audience), content: contentFor(audience) });

/**
 * What a translation was made from: the source's title and content, digested by the database as
 * the post is written (migration 0019). A translation whose stored digest differs was saved before
 * the source last changed: it is outdated (decision 0155).
 */
export const sourceDigest = posts.sourceDigest;

/** A language as an SQL literal: validated, so the partial per-language indexes can match it. */
const langLiteral = (lang: Locale) => {
  if (!isLocale(lang)) throw new Error(`not a site language: ${String(lang)}`);
  return sql.raw(`'${lang}'`);
};

/** The published translation of each post in the language (nothing joined for staff reads). */
const translationIn = (lang: Locale) =>
  and(
    eq(postTranslations.postId, posts.id),
    sql`${postTranslations.language} = ${langLiteral(lang)}`,
    eq(postTranslations.status, 'published'),
  );

/** Published and due: the only posts anything public shows. */
const isPublic = and(eq(posts.status, 'published'), lte(posts.publishAt, sql`now()`));
/** A post's translation the sitemap lists: published, in a language of the site other than the post's own. */
const translationListed = and(
  eq(postTranslations.status, 'published'),
  inArray(postTranslations.language, [...LOCALES]),
  sql`${postTranslations.language} <> ${posts.language}`,
);

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
const searchConfig = (lang: Locale) => sql`content_search_config(${langLiteral(lang)})`;
const searchQuery = (q: string, lang: Locale) => sql`plainto_tsquery(${searchConfig(lang)}, ${q})`;
/** How much of a post's content a search hit's snippet is chosen from, and how much of it comes before the first match. */
const SNIPPET_WINDOW = 800;
const SNIPPET_LEAD = 200;

/**
 * A search hit's snippet: ts_headline's best passage, matches between \u0001 and \u0002, from the
 * title and a window of the content. ts_headline parses and stems every word it is given: over
 * whole contents of 6 KB a page of ten hits spent 7 ms on it (10,000 posts, PostgreSQL), over the
 * windows 2–3 ms. The window starts a little before the first place where a word of the search
 * appears, as typed or as its stem (stop words left out), so a match deep in a long post is still
 * shown; with none found as such (another inflection whose stem is not a prefix) it is the
 * content's start, as the list's preview is.
 */
const snippetOf = (config: SQL, name: SQLWrapper, content: SQLWrapper, query: string) => {
  const words = sql`tsvector_to_array(to_tsvector(${config}, ${query})) || array(
    select w from unnest(regexp_split_to_array(lower(${query}), '[^[:alnum:]]+')) as w
    where to_tsvector(${config}, w) <> ''::tsvector)`;
  // offset 0 keeps the lowered content one value, not one lower() per word.
  const firstMatch = sql`select min(nullif(strpos(lowered, w), 0)) as at
    from (select lower(${content}) as lowered offset 0) as l, unnest(${words}) as w`;
  const window = sql`case when at is null or at <= ${SNIPPET_LEAD + 1} then left(${content}, ${SNIPPET_WINDOW})
    else regexp_replace(substr(${content}, at - ${SNIPPET_LEAD}, ${SNIPPET_WINDOW}), '^\\S*\\s+', '') end`;
  return sql<string>`(select ts_headline(${config}, ${name} || ' — ' || ${window}, plainto_tsquery(${config}, ${query}),
    'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=35, MinWords=15') from (${firstMatch}) as found)`;
};

type PostRow = { id: number; status: string; language: string };

/**
 * Where each post is published (its own language and slug first, then its published translations
 * in the table's order) and, for staff, how each language stands.
 */
async function languagesOf(db: Queryable, ids: number[], staff: boolean) {
  const links = new Map<number, TranslationLink[]>();
  const states = new Map<number, { language: Locale; state: TranslationState }[]>();
  if (!ids.length) return { links, states };
  const [sources, stored] = await Promise.all([
    db
      .select({ id: posts.id, language: posts.language, slug: posts.slug, digest: sourceDigest })
      .from(posts)
      .where(inArray(posts.id, ids)),
    db
      .select({
        id: postTranslations.postId,
        language: postTranslations.language,
        slug: postTranslations.slug,
        status: postTranslations.status,
        digest: postTranslations.sourceDigest,
      })
      .from(postTranslations)
      .where(inArray(postTranslations.postId, ids)),
  ]);
  for (const source of sources) {
    const own = isLocale(source.language) ? source.language : DEFAULT_LOCALE;
    const mine = stored.filter((t) => t.id === source.id);
    const list: TranslationLink[] = [{ language: own, slug: source.slug }];
    const perLanguage: { language: Locale; state: TranslationState }[] = [];
    for (const language of LOCALES) {
      const t = mine.find((m) => m.language === language);
      if (language === own) perLanguage.push({ language, state: 'source' });
      else if (!t) perLanguage.push({ language, state: 'missing' });
      else {
        if (t.status === 'published') list.push({ language, slug: t.slug });
        const state = t.digest !== source.digest ? 'outdated' : t.status === 'published' ? 'published' : 'draft';
        perLanguage.push({ language, state });
      }
    }
    links.set(source.id, list);
    if (staff) states.set(source.id, perLanguage);
  }
  return { links, states };
}

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
  staff = false,
): Promise<
  (Omit<R, 'status' | 'language'> & {
    status: PostStatus;
    language: Locale;
    images: StoredImage[];
    translations: TranslationLink[];
    translationStates?: { language: Locale; state: TranslationState }[];
  })[]
> {
  const ids = rows.map((r) => r.id);
  const [byPost, { links, states }] = await Promise.all([imagesOf(db, ids), languagesOf(db, ids, staff)]);
  return rows.map((r) => ({
    ...r,
    status: r.status === 'draft' ? 'draft' : 'published',
    language: isLocale(r.language) ? r.language : DEFAULT_LOCALE,
    images: byPost.get(r.id) ?? [],
    translations: links.get(r.id) ?? [],
    ...(staff ? { translationStates: states.get(r.id) ?? [] } : {}),
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

/** The language a read lists: the one asked for on public reads; staff search their posts' own languages as English. */
const readLanguage = (options: ListOptions): Locale => options.lang ?? DEFAULT_LOCALE;

/** Written in the language, or published in it: what a language's lists, search and feeds show. */
const inLanguage = (lang: Locale) =>
  or(sql`${posts.language} = ${langLiteral(lang)}`, isNotNull(postTranslations.postId));

/** Without a published translation in the language whose source is the post as it is now. */
const missingIn = (lang: Locale) =>
  and(
    sql`${posts.language} <> ${langLiteral(lang)}`,
    sql`not exists (select 1 from ${postTranslations} where ${postTranslations.postId} = ${posts.id} and ${postTranslations.language} = ${langLiteral(lang)} and ${postTranslations.status} = 'published' and ${postTranslations.sourceDigest} = ${sourceDigest})`,
  );

/** Staff search: each post in its own language, by its own vector. */
const ownLanguageMatch = (q: string) =>
  or(
    ...LOCALES.map(
      (lang) => sql`(${posts.language} = ${langLiteral(lang)} and ${posts}.search @@ ${searchQuery(q, lang)})`,
    ),
  );

/** What a list's options narrow it to, beside its audience's rule, its language and a search. */
const filtersOf = (options: ListOptions) => [
  options.status ? statusCondition[options.status] : undefined,
  options.tag ? tagCondition(options.tag) : undefined,
  options.ownerId !== undefined ? eq(posts.ownerId, options.ownerId) : undefined,
  options.missing ? missingIn(options.missing) : undefined,
];

/** The rows of a list, its search aside (a search's come from matchesOf). */
const listCondition = (options: ListOptions) =>
  and(
    options.audience === 'public' ? isPublic : undefined,
    options.audience === 'public' ? inLanguage(readLanguage(options)) : undefined,
    ...filtersOf(options),
  );
/**
 * How many of a search's matches are listed: the newest this many, best match first. Ranking reads
 * each match's stored vector, and counting every match reads them all too: a word most posts hold
 * made every search rank and count the whole blog (105 and 50 ms at 10,000 posts on PostgreSQL).
 * Bounded, a search costs the same at any size. Decision 0161.
 */
export const RANKED_MATCHES = SEARCH_MATCHES_MAX;

/**
 * The newest RANKED_MATCHES + 1 public matches of a search, each with the vector it matched by: a
 * post written in the language by its own (posts_search_idx), any other by its published
 * translation in it (post_translations_search_{lang}_idx). Two reads, each with its own order and
 * bound, so the planner picks an index for each by how common the words are: a common word walks
 * the newest posts and stops at the bound, a rare one reads its few matches from the GIN index. As
 * one condition (an `or` across the translation join) no index could serve the words, and a rare
 * word read every post's vector (35 against 1–3 ms at 10,000 posts on PostgreSQL). Decision 0164.
 */
function publicMatches(db: Queryable, options: ListOptions, query: string) {
  const lang = readLanguage(options);
  const words = searchQuery(query, lang);
  const shared = and(isPublic, ...filtersOf(options));
  const own = db
    .select({ id: posts.id, publishAt: posts.publishAt, vector: sql<unknown>`${posts}.search`.as('vector') })
    .from(posts)
    .where(and(shared, sql`${posts.language} = ${langLiteral(lang)}`, sql`${posts}.search @@ ${words}`))
    .orderBy(...newestFirst)
    .limit(RANKED_MATCHES + 1);
  const translated = db
    .select({ id: posts.id, publishAt: posts.publishAt, vector: sql<unknown>`${postTranslations}.search`.as('vector') })
    .from(postTranslations)
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
    .where(
      and(
        shared,
        sql`${posts.language} <> ${langLiteral(lang)}`,
        sql`${postTranslations.language} = ${langLiteral(lang)}`,
        eq(postTranslations.status, 'published'),
        sql`${postTranslations}.search @@ ${words}`,
      ),
    )
    .orderBy(...newestFirst)
    .limit(RANKED_MATCHES + 1);
  const found = own
    .unionAll(translated)
    .orderBy(...newestFirst)
    .limit(RANKED_MATCHES + 1)
    .as('found');
  // Ranked once bounded: ts_rank reads each vector whole.
  return db
    .select({
      id: found.id,
      publishAt: found.publishAt,
      rank: sql<number>`ts_rank(${found.vector}, ${words})`.as('rank'),
    })
    .from(found);
}

/**
 * The newest RANKED_MATCHES + 1 matches of a search with their rank: staff search their posts' own
 * texts. Exported for search-ranked-matches.test.ts, which reads its plan.
 */
export function matchesOf(db: Queryable, options: ListOptions, query: string) {
  if (options.audience === 'public') return publicMatches(db, options, query).as('newest_matches');
  return db
    .select({
      id: posts.id,
      publishAt: posts.publishAt,
      rank: sql<number>`ts_rank(${posts}.search, plainto_tsquery(content_search_config(${posts.language}), ${query}))`.as(
        'rank',
      ),
    })
    .from(posts)
    .where(and(listCondition(options), ownLanguageMatch(query)))
    .orderBy(...newestFirst)
    .limit(RANKED_MATCHES + 1)
    .as('newest_matches');
}

/**
 * A read of posts: the public one joins the published translation in its language; a staff read
 * joins nothing (it reads the posts' own texts).
 */
function fromPosts<T extends SelectedFields>(
  db: Queryable,
  columns: T,
  options: Pick<ListOptions, 'audience' | 'lang'>,
) {
  const query = db.select(columns).from(posts).$dynamic();
  return options.audience === 'public' ? query.leftJoin(postTranslations, translationIn(readLanguage(options))) : query;
}

/**
 * The ids of `limit` posts of a list that is not a search from `offset`, newest first (a search's
 * come from rankedPage). Ids first, the columns of those rows after: PostgreSQL computes a select
 * list for every row an OFFSET skips, and reading 10,000 contents for their excerpts made the last
 * page of 10,000 posts take over a second; the ids alone come from the index.
 */
async function pageIds(db: Queryable, options: ListOptions, limit: number, offset: number): Promise<number[]> {
  const rows = await fromPosts(db, { id: posts.id }, options)
    .where(listCondition(options))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

/**
 * How many posts the list holds; for a search, counted up to one past RANKED_MATCHES (`more`: there
 * are more than that), so that a common word does not count the whole blog.
 */
async function countOf(db: Queryable, options: ListOptions): Promise<{ total: number; more: boolean }> {
  if (!options.query) {
    const [counted] = await fromPosts(db, { n: count() }, options).where(listCondition(options));
    return { total: counted?.n ?? 0, more: false };
  }
  const [counted] = await db.select({ n: count() }).from(matchesOf(db, options, options.query));
  const n = counted?.n ?? 0;
  return { total: Math.min(n, RANKED_MATCHES), more: n > RANKED_MATCHES };
}

/**
 * A search's page of ids and its count in one query: the newest RANKED_MATCHES + 1 matches are
 * read once, with their rank, then counted and ordered best first. Ranked and counted apart, each
 * read the matches' stored vectors on its own (44 against 23 ms at 10,000 posts on PostgreSQL).
 */
async function rankedPage(
  db: Queryable,
  options: ListOptions,
  query: string,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number; more: boolean }> {
  if (offset >= RANKED_MATCHES) return { ids: [], ...(await countOf(db, options)) };
  const matches = matchesOf(db, options, query);
  const numbered = db
    .select({
      id: matches.id,
      publishAt: matches.publishAt,
      rank: matches.rank,
      found: sql<number>`(count(*) over ())::int`.as('found'),
      newest: sql<number>`row_number() over (order by ${matches.publishAt} desc, ${matches.id} desc)`.as('newest'),
    })
    .from(matches)
    .as('numbered');
  const rows = await db
    .select({ id: numbered.id, found: numbered.found })
    .from(numbered)
    // The one past the bound only tells that there are more: it is not listed.
    .where(lte(numbered.newest, RANKED_MATCHES))
    .orderBy(desc(numbered.rank), desc(numbered.publishAt), desc(numbered.id))
    .limit(Math.min(limit, RANKED_MATCHES - offset))
    .offset(offset);
  // Past the last match (or none at all) no row carries the count: it is counted on its own.
  if (!rows.length) return { ids: [], ...(offset ? await countOf(db, options) : { total: 0, more: false }) };
  const found = Number(rows[0]!.found);
  return { ids: rows.map((r) => r.id), total: Math.min(found, RANKED_MATCHES), more: found > RANKED_MATCHES };
}

/** The rows in the order of `ids` (a read by id answers in any order). */
const inOrderOf = <T extends { id: number }>(ids: number[], rows: T[]): T[] => {
  const at = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
};

/** The only code that writes posts and post_images. */
export const postsRepository = (db: Db) => ({
  /**
   * The newest `limit` public posts of a language (of one tag when given) with what the RSS feeds
   * need, and nothing else: a feed shows no images and links no other language, so it costs one
   * query, not three (each a turn of the embedded database's thread).
   */
  feedEntries: (limit: number, tag?: string, lang: Locale = DEFAULT_LOCALE) => {
    const { name, slug } = textColumnsFor('public');
    return db
      .select({
        id: posts.id,
        name,
        slug,
        postedBy: posts.postedBy,
        date: posts.date,
        content: contentFor('public'),
        updatedAt:
          sql<Date>`greatest(${posts.updatedAt}, coalesce(${postTranslations.updatedAt}, ${posts.updatedAt}))`.mapWith(
            posts.updatedAt,
          ),
      })
      .from(posts)
      .leftJoin(postTranslations, translationIn(lang))
      .where(and(isPublic, inLanguage(lang), tag ? tagCondition(tag) : undefined))
      .orderBy(...newestFirst)
      .limit(limit);
  },

  /**
   * What the sitemap says of the public posts without listing them: how many there are, how many
   * addresses they have in every language, and when the newest of those last changed.
   */
  sitemapSummary: async (): Promise<{ posts: number; addresses: number; newest: Date | undefined }> => {
    const [own] = await db
      .select({ n: count(), newest: sql<Date | null>`max(${posts.updatedAt})`.mapWith(posts.updatedAt) })
      .from(posts)
      .where(isPublic);
    const [translated] = await db
      .select({ n: count(), newest: sql<Date | null>`max(${postTranslations.updatedAt})`.mapWith(posts.updatedAt) })
      .from(postTranslations)
      .innerJoin(posts, eq(posts.id, postTranslations.postId))
      .where(and(isPublic, translationListed));
    const newest = [own?.newest, translated?.newest].filter((d): d is Date => d instanceof Date);
    return {
      posts: own?.n ?? 0,
      addresses: (own?.n ?? 0) + (translated?.n ?? 0),
      newest: newest.length ? new Date(Math.max(...newest.map((d) => d.getTime()))) : undefined,
    };
  },

  /**
   * The public posts the sitemap lists, newest first, each with its language versions (its own
   * language first): all of them, or the window of a sitemap part.
   */
  sitemapEntries: async (window?: { limit: number; offset: number }) => {
    const query = db
      .select({ id: posts.id, slug: posts.slug, language: posts.language, updatedAt: posts.updatedAt })
      .from(posts)
      .where(isPublic)
      .orderBy(desc(posts.publishAt), desc(posts.id));
    const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
    const versions = rows.length
      ? await db
          .select({
            id: postTranslations.postId,
            language: postTranslations.language,
            slug: postTranslations.slug,
            updatedAt: postTranslations.updatedAt,
          })
          .from(postTranslations)
          .innerJoin(posts, eq(posts.id, postTranslations.postId))
          .where(
            and(
              translationListed,
              inArray(
                postTranslations.postId,
                rows.map((r) => r.id),
              ),
            ),
          )
      : [];
    const byPost = new Map<number, typeof versions>();
    for (const v of versions) {
      const list = byPost.get(v.id);
      if (list) list.push(v);
      else byPost.set(v.id, [v]);
    }
    return rows.map((r) => {
      const own = byPost.get(r.id) ?? [];
      return {
        id: r.id,
        versions: [
          { language: isLocale(r.language) ? r.language : DEFAULT_LOCALE, slug: r.slug, updatedAt: r.updatedAt },
          ...LOCALES.flatMap((language) =>
            own.filter((v) => v.language === language).map((v) => ({ language, slug: v.slug, updatedAt: v.updatedAt })),
          ),
        ],
      };
    });
  },

  /**
   * Every tag of the public posts once, ignoring case (the newest post's spelling), with the
   * languages its posts are published in, the most recently used first. Read from post_tag_versions
   * (migration 0022, decision 0167): one step through its index per tag and language, each step the
   * newest version already public, so the cost follows the number of tags, not of posts.
   */
  sitemapTags: async (): Promise<{ tag: string; languages: string[] }[]> => {
    const v = sql`${postTagVersions}`;
    const listed = sql`v.publish_at <= now() and v.language in (${sql.join(
      LOCALES.map((l) => sql`${l}`),
      sql`, `,
    )})`;
    const found = await db.execute<{ tag: string; languages: string[] }>(sql`
      with recursive newest as (
        (select lower(v.tag) as key, v.language, v.tag, v.publish_at from ${v} v
          where ${listed} order by lower(v.tag), v.language, v.publish_at desc limit 1)
        union all
        select n.* from newest, lateral (
          select lower(v.tag) as key, v.language, v.tag, v.publish_at from ${v} v
          where (lower(v.tag), v.language) > (newest.key, newest.language) and ${listed}
          order by lower(v.tag), v.language, v.publish_at desc limit 1
        ) n
      )
      select (array_agg(tag order by publish_at desc))[1] as tag, array_agg(language) as languages
      from newest
      group by key
      order by max(publish_at) desc, key`);
    return found.rows;
  },

  /**
   * One page of post summaries and how many match in all (for a search, at most RANKED_MATCHES and
   * `more` past that): the database filters, sorts and cuts.
   */
  async list(
    options: ListOptions & { limit: number; offset?: number },
  ): Promise<{ rows: StoredSummary[]; total: number; more: boolean }> {
    const lang = readLanguage(options);
    const config = options.audience === 'public' ? searchConfig(lang) : sql`content_search_config(${posts.language})`;
    const texts = textColumnsFor(options.audience);
    const content = contentFor(options.audience);
    const headline = options.query ? snippetOf(config, texts.name, content, options.query) : sql<null>`null`;
    const excerpt = sql<string>`left(${content}, ${PREVIEW_SOURCE_LENGTH})`;
    const { ids, total, more } = options.query
      ? await rankedPage(db, options, options.query, options.limit, options.offset ?? 0)
      : await Promise.all([pageIds(db, options, options.limit, options.offset ?? 0), countOf(db, options)]).then(
          ([ids, counted]) => ({ ids, ...counted }),
        );
    const rows = ids.length
      ? inOrderOf(
          ids,
          await fromPosts(db, { ...summaryColumns(options.audience), excerpt, headline }, options).where(
            inArray(posts.id, ids),
          ),
        )
      : [];
    const withHeadline = rows.map(({ headline: h, ...r }) => ({ ...r, ...(h ? { headline: h } : {}) }));
    return { rows: await withImages(db, withHeadline, options.audience === 'staff'), total, more };
  },

  /** The first `limit` posts whole, in the list's order: the specification's plain lists (bounded). */
  whole: async (options: ListOptions & { limit: number }): Promise<StoredPost[]> => {
    const ids = options.query
      ? (await rankedPage(db, options, options.query, options.limit, 0)).ids
      : await pageIds(db, options, options.limit, 0);
    if (!ids.length) return [];
    return withImages(
      db,
      inOrderOf(ids, await fromPosts(db, postColumns(options.audience), options).where(inArray(posts.id, ids))),
    );
  },

  /**
   * One post: for the public in the language asked for when it is published in it, else in its
   * own language (`language` says which: decision 0155); staff read its own texts.
   */
  find: async (id: number, audience: Audience, lang: Locale = DEFAULT_LOCALE): Promise<StoredPost | undefined> =>
    (
      await withImages(
        db,
        await fromPosts(db, postColumns(audience), { audience, lang }).where(
          and(eq(posts.id, id), audience === 'public' ? isPublic : undefined),
        ),
      )
    )[0],

  /** A post's own texts beside every stored translation of it, for the side-by-side editor. */
  async translations(id: number) {
    const [source] = await db
      .select({
        language: posts.language,
        name: posts.name,
        slug: posts.slug,
        content: posts.content,
        digest: sourceDigest,
      })
      .from(posts)
      .where(eq(posts.id, id));
    if (!source) return undefined;
    const stored = await db.select().from(postTranslations).where(eq(postTranslations.postId, id));
    const order = (l: string) => LOCALES.indexOf(l as Locale);
    return {
      source: { ...source, language: isLocale(source.language) ? source.language : DEFAULT_LOCALE },
      translations: stored
        .filter((t) => isLocale(t.language))
        .sort((a, b) => order(a.language) - order(b.language))
        .map((t) => ({
          language: t.language as Locale,
          name: t.name,
          slug: t.slug,
          content: t.content,
          status: t.status === 'published' ? ('published' as const) : ('draft' as const),
          updatedAt: t.updatedAt,
          outdated: t.sourceDigest !== source.digest,
        })),
    };
  },

  /**
   * Saves one language's translation; the post and its other languages stay as they are. The
   * source's digest is taken as it is now: the translation is up to date until the source changes.
   * Answers false when the post does not exist.
   */
  async saveTranslation(
    id: number,
    language: Locale,
    value: { name: string; slug: string; content: string; status: 'draft' | 'published' },
  ): Promise<boolean> {
    const [source] = await db.select({ digest: sourceDigest }).from(posts).where(eq(posts.id, id));
    if (!source) return false;
    const row = { ...value, sourceDigest: source.digest, updatedAt: new Date() };
    await db
      .insert(postTranslations)
      .values({ postId: id, language, ...row })
      .onConflictDoUpdate({ target: [postTranslations.postId, postTranslations.language], set: row });
    return true;
  },

  /** Deletes one language's translation; false when there was none. */
  removeTranslation: async (id: number, language: Locale): Promise<boolean> =>
    (
      await db
        .delete(postTranslations)
        .where(and(eq(postTranslations.postId, id), eq(postTranslations.language, language)))
        .returning({ id: postTranslations.postId })
    ).length > 0,

  /** How many posts wait for a translation per language (the dashboard): missing or outdated. */
  waitingForTranslation: async (): Promise<Record<Locale, number>> => {
    // Posts in other languages less their current published translations (one per post and
    // language at most): two grouped counts. Asking each post whether it has one took a lookup per
    // post and language (22 ms at 10,000 posts on the embedded database, 5 ms this way).
    const [written, current] = await Promise.all([
      db
        .select({ language: posts.language, n: sql<number>`count(*)::int` })
        .from(posts)
        .groupBy(posts.language),
      db
        .select({ language: postTranslations.language, n: sql<number>`count(*)::int` })
        .from(postTranslations)
        .innerJoin(posts, eq(posts.id, postTranslations.postId))
        .where(
          and(
            eq(postTranslations.status, 'published'),
            eq(postTranslations.sourceDigest, posts.sourceDigest),
            sql`${postTranslations.language} <> ${posts.language}`,
          ),
        )
        .groupBy(postTranslations.language),
    ]);
    const all = written.reduce((n, r) => n + r.n, 0);
    const of = (rows: { language: string; n: number }[], lang: Locale) => rows.find((r) => r.language === lang)?.n ?? 0;
    return Object.fromEntries(LOCALES.map((lang) => [lang, all - of(written, lang) - of(current, lang)])) as Record<
      Locale,
      number
    >;
  },

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
