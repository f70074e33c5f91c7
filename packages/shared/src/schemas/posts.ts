import { z } from 'zod';
import { LIMITS, POST_CONTENT_MIN } from '../constants';
import { MARKDOWN_BOUNDS, markdownMarksPerBlock, markdownNesting } from '../markdown-bounds';
import { MSG } from '../messages/index';
import { pageOf, pageQuery } from './paging';
import {
  ignoredLanguageFields,
  languageFields,
  localeField,
  missingTranslationQuery,
  translationStatus,
} from './translations';
export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** The words of one image: alt text for those who cannot see it, an optional caption under it. */
export const imageWords = z.object({
  alt: singleLineText().trim().max(LIMITS.shortText, MSG.imageAltTooLong).default(''),
  caption: singleLineText().trim().max(LIMITS.shortText, MSG.imageCaptionTooLong).default(''),
});
export type ImageWords = z.output<typeof imageWords>;

import { missing, multiLineText, singleLineText, withoutControlCharacters } from './text';

/** Content the Markdown renderer handles in bounded time and stack (markdown-bounds.ts). */
const markdownWithinBounds = [
  z.refine<string>((s) => markdownNesting(s) <= MARKDOWN_BOUNDS.nesting, MSG.postContentTooDeep),
  z.refine<string>((s) => markdownMarksPerBlock(s) <= MARKDOWN_BOUNDS.marksPerBlock, MSG.postContentTooManyMarks),
];

const tag = singleLineText().trim().min(1, MSG.tagEmpty).max(LIMITS.tag, MSG.tagTooLong);

/** Tags as chips: trimmed, no duplicates (ignoring case, as a reader would), a bounded number. */
export const tagsField = z
  .array(tag)
  .max(LIMITS.tags, MSG.tagsTooMany)
  .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, MSG.tagsDuplicate);

/**
 * The create and edit post form (docs/behaviour/posts.md): the same object the API receives in the
 * multipart part 'post'. Messages are the form's own, so a resolver can show them per field.
 */
export const postForm = z.strictObject({
  name: singleLineText(missing(MSG.postNameRequired))
    .trim()
    .min(1, MSG.postNameRequired)
    .max(LIMITS.title, MSG.postNameTooLong),
  content: multiLineText(missing(MSG.postContentRequired))
    .trim()
    .min(1, MSG.postContentRequired)
    .min(POST_CONTENT_MIN, MSG.postContentMin)
    .max(LIMITS.postContent, MSG.postContentTooLong)
    .check(...markdownWithinBounds),
  postedBy: singleLineText(missing(MSG.postedByRequired))
    .trim()
    .min(1, MSG.postedByRequired)
    .max(LIMITS.shortText, MSG.postedByTooLong),
  tags: tagsField.default([]),
  /** Missing (an older client): published. A published post with a future publishAt is scheduled. */
  status: z.enum(POST_STATUSES, MSG.postStatusInvalid).default('published'),
  /** ISO 8601 date-time; missing: now on create, unchanged on update. */
  publishAt: z.iso.datetime({ offset: true, message: MSG.postPublishAtInvalid }).optional(),
  /** Missing or empty: made from the title (packages/shared/src/slug.ts). */
  slug: z
    .string()
    .max(80, MSG.postSlugInvalid)
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, MSG.postSlugInvalid)
    .optional(),
  /** The language the post is written in (its translations are made from it); missing: English on create, unchanged on update. */
  language: localeField.optional(),
});
export type PostForm = z.input<typeof postForm>;
export type PostInput = z.output<typeof postForm>;

/**
 * What POST /api/posts accepts as the post. The spec's edit screen sends "the existing post merged
 * with the form values", so the read-only fields of a post are accepted and ignored; anything else
 * is an unknown field and refused. That includes `version`: a new post starts at 0, and a version
 * sent here means an edited post went to the wrong endpoint (POST /api/vacancy refuses it too).
 */
export const postRequest = postForm.extend({
  id: z.number().optional(),
  date: singleLineText().optional(),
  likes: z.number().optional(),
  /**
   * The images' words in display order (kept images first, then new files in upload order). The
   * edit screen sends the stored images back whole: their other fields are ignored.
   */
  postImages: withoutControlCharacters(z.array(imageWords.loose()).max(LIMITS.imagesPerRequest * 10)).optional(),
  slug: z
    .string()
    .max(80, MSG.postSlugInvalid)
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, MSG.postSlugInvalid)
    .optional(),
  img: withoutControlCharacters(z.array(z.unknown())).optional(),
  // Rendered forms of the content, sent back by an edit screen and ignored.
  html: multiLineText().optional(),
  text: multiLineText().optional(),
  // Staff answers' owner and review mark, sent back by an edit screen and ignored: the server sets them.
  ownerId: z.number().nullable().optional(),
  reviewRequestedAt: singleLineText().nullable().optional(),
  ...ignoredLanguageFields,
});

/**
 * What PUT /api/posts/{id} accepts as the post: the same, plus the `version` that was read. A
 * missing or stale version is refused with 409 (optimistic locking), and nothing is changed.
 */
export const updatePostRequest = postRequest.extend({
  version: z.number().int().nonnegative().optional(),
});
export type UpdatePostRequest = z.output<typeof updatePostRequest>;

export const postImageSchema = z.object({
  imageType: z.string(),
  /** '/images/{filename}': a URL, not base64 data, so pages stay small and images are cached. */
  imagePath: z.string(),
  width: z.number(),
  height: z.number(),
  alt: z.string(),
  caption: z.string(),
  /**
   * `srcset` values of the narrower copies (`<source type="image/webp|avif">`); absent for an
   * image stored before they were made, which is then served at its one size.
   */
  srcSet: z.object({ webp: z.string(), avif: z.string().optional() }).optional(),
});
export type PostImage = z.infer<typeof postImageSchema>;

export const postSchema = z.object({
  id: z.number(),
  name: z.string(),
  postedBy: z.string(),
  /** ISO 8601. */
  date: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  likes: z.number(),
  postImages: z.array(postImageSchema),
  /** Optimistic locking: send it back with an update; each saved update adds one. */
  version: z.number(),
  status: z.enum(POST_STATUSES),
  /** ISO 8601; a published post whose publishAt is in the future is scheduled. */
  publishAt: z.string(),
  slug: z.string(),
  /**
   * Staff answers only: the id of the staff member who created the post (null when unknown, as
   * for posts older than the roles); a contributor edits only their own drafts.
   */
  ownerId: z.number().nullable().optional(),
  /** Staff answers only: when a contributor submitted this draft for review (ISO 8601), else null. */
  reviewRequestedAt: z.string().nullable().optional(),
  /** The content rendered from Markdown to sanitized HTML (the public page shows exactly this). */
  html: z.string(),
  /** The content as plain text, for previews and descriptions. */
  text: z.string(),
  ...languageFields,
});
export type Post = z.infer<typeof postSchema>;

/** A search hit: the post plus `img`, its images as ready-to-show sources (docs/behaviour/posts.md). */
export const postSearchResultSchema = postSchema.extend({ img: z.array(z.string()) });
export type PostSearchResult = z.infer<typeof postSearchResultSchema>;

export const likeResponse = z.object({ likes: z.number() });
export type LikeResponse = z.infer<typeof likeResponse>;

/**
 * GET /api/posts/likes?ids=3,12: the like counts of the public posts among those ids. A cached
 * public page carries no count (a like would otherwise empty it); the browser reads them here.
 */
export const likeCountsQuery = z.object({
  ids: z.string().regex(/^\d{1,9}(,\d{1,9}){0,49}$/, MSG.likeIdsInvalid),
});
export const likeCounts = z.array(z.object({ id: z.number(), likes: z.number() }));
export type LikeCounts = z.infer<typeof likeCounts>;

/** The search box: a keyword blank after trimming is refused with the spec's message. */
export const searchForm = z.object({
  keyword: singleLineText().trim().min(1, MSG.searchEmpty).max(LIMITS.title, MSG.searchTooLong),
});
export type SearchForm = z.input<typeof searchForm>;

/**
 * The path parameter of GET /api/posts/search/{name}: one line without control characters, at
 * most as long as the search box allows. (A blank keyword is refused by the service.)
 */
export const searchParams = z.object({ name: singleLineText().max(LIMITS.title, MSG.searchTooLong) });

/**
 * At most this many posts in the specification's plain lists (`GET /api/posts` without paging,
 * `GET /api/posts/search/{name}`), which carry each post whole: 20 posts of 8 KB Markdown with
 * their HTML and text stay under 1 MB (docs/decisions/0142-post-summaries.md).
 */
export const PLAIN_POST_LIST_MAX = 20;

/** GET /api/posts with page, pageSize, q or tag: one page and the total (the shared paging shape). */
export const postListQuery = pageQuery.extend({
  /** Public full-text search (accents and case ignored). */
  q: singleLineText().max(LIMITS.title, MSG.searchTooLong).optional(),
  tag: singleLineText().max(LIMITS.tag).optional(),
  /**
   * Staff list only: filter by status ('scheduled' is published with a future publishAt, 'review'
   * a draft submitted for review).
   */
  status: z.enum(['draft', 'scheduled', 'published', 'review']).optional(),
  /** Public reads: the language (decision 0155); missing: English. */
  lang: localeField.optional(),
  /** Staff list only: the posts without a published, up-to-date translation in this language. */
  ...missingTranslationQuery.shape,
});
export type PostListQuery = z.output<typeof postListQuery>;

/** A part of a search hit's text: matched words are flagged so clients highlight them as text, never as HTML. */
export const highlightPart = z.object({ text: z.string(), match: z.boolean() });

/**
 * A post in a list or search page: what its card shows, not its content (decision 0142). The
 * detail answers (GET /api/posts/{id}, the staff one) carry the content, HTML and text.
 */
export const postListItem = postSchema.omit({ content: true, html: true, text: true }).extend({
  /** The plain text's first PREVIEW_LENGTH (600) characters, '...' after them when the text goes on. */
  preview: z.string(),
  /** Search hits only: the snippet around the matches. */
  highlight: z.array(highlightPart).optional(),
});
export type PostListItem = z.infer<typeof postListItem>;

/**
 * How many matches a search lists: its newest this many, best first. Past that `total` is this
 * number and `more` is true (docs/decisions/0161-ranked-search-matches-bounded.md).
 */
export const SEARCH_MATCHES_MAX = 1_000;

export const postPage = pageOf(postListItem).extend({
  /** A search with more than SEARCH_MATCHES_MAX matches: `total` is that bound. */
  more: z.literal(true).optional(),
});
export type PostPage = z.infer<typeof postPage>;

/** POST /api/posts/preview: the Markdown to render exactly as the public page will. */
export const previewRequest = z.object({
  content: multiLineText()
    .max(LIMITS.postContent, MSG.postContentTooLong)
    .check(...markdownWithinBounds),
});
export const previewResponse = z.object({ html: z.string() });

/**
 * A post's translation as staff save it (PUT /api/posts/{id}/translations/{language}): its own title,
 * slug and content under the post's rules; saving it never touches the other languages.
 */
export const postTranslationForm = z.strictObject({
  name: postForm.shape.name,
  content: postForm.shape.content,
  slug: postForm.shape.slug,
  status: translationStatus,
});
export type PostTranslationForm = z.input<typeof postTranslationForm>;

/** One stored translation of a post, for the side-by-side editor. */
export const postTranslationSchema = z.object({
  language: localeField,
  name: z.string(),
  slug: z.string(),
  content: z.string(),
  status: z.enum(POST_STATUSES),
  updatedAt: z.string(),
  /** The source's title or content changed after this was saved. */
  outdated: z.boolean(),
});
export type PostTranslation = z.infer<typeof postTranslationSchema>;

/** GET /api/posts/{id}/translations: the source beside every stored translation. */
export const postTranslations = z.object({
  source: z.object({ language: localeField, name: z.string(), slug: z.string(), content: z.string() }),
  translations: z.array(postTranslationSchema),
});
export type PostTranslations = z.infer<typeof postTranslations>;
