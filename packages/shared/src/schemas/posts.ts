import { z } from 'zod';
import { LIMITS, POST_CONTENT_MIN } from '../constants';
import { MSG } from '../messages';
import { multiLineText, singleLineText, withoutControlCharacters } from './text';

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
  name: singleLineText().trim().min(1, MSG.postNameRequired).max(LIMITS.title, MSG.postNameTooLong),
  content: multiLineText()
    .trim()
    .min(1, MSG.postContentRequired)
    .min(POST_CONTENT_MIN, MSG.postContentMin)
    .max(LIMITS.postContent, MSG.postContentTooLong),
  postedBy: singleLineText().trim().min(1, MSG.postedByRequired).max(LIMITS.shortText, MSG.postedByTooLong),
  tags: tagsField.default([]),
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
  postImages: withoutControlCharacters(z.array(z.unknown())).optional(),
  img: withoutControlCharacters(z.array(z.unknown())).optional(),
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
});
export type Post = z.infer<typeof postSchema>;

/** A search hit: the post plus `img`, its images as ready-to-show sources (docs/behaviour/posts.md). */
export const postSearchResultSchema = postSchema.extend({ img: z.array(z.string()) });
export type PostSearchResult = z.infer<typeof postSearchResultSchema>;

export const likeResponse = z.object({ likes: z.number() });
export type LikeResponse = z.infer<typeof likeResponse>;

/** The search box: a keyword blank after trimming is refused with the spec's message. */
export const searchForm = z.object({ keyword: singleLineText().trim().min(1, MSG.searchEmpty).max(LIMITS.title) });
export type SearchForm = z.input<typeof searchForm>;

/**
 * The path parameter of GET /api/posts/search/{name}: one line without control characters, at
 * most as long as the search box allows. (A blank keyword is refused by the service.)
 */
export const searchParams = z.object({ name: singleLineText().max(LIMITS.title) });
