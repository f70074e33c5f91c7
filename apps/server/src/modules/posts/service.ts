import { MSG, imageRefused } from '@app/shared/messages';
import { imagePath, imageSources, variantPath } from '@app/shared/images';
import { slugify } from '@app/shared/slug';
import { truncate } from '@app/shared/constants';
import {
  PLAIN_POST_LIST_MAX,
  postRequest,
  updatePostRequest,
  type ImageWords,
  type Post,
  type PostListItem,
  type PostListQuery,
  type PostPage,
  type PostSearchResult,
} from '@app/shared/schemas/posts';
import { pageWindow } from '@app/shared/schemas/paging';
import { ROLES_MSG } from '@app/shared/messages/roles';
import { DEFAULT_LOCALE, type Locale } from '@app/shared/locales';
import { postTranslationForm, type PostTranslations } from '@app/shared/schemas/posts';
import { conflict, forbidden, HttpError, notFound, tooManyRequests } from '../../lib/http-error';
import { invalidField, validationFailed } from '../../lib/field-errors';
import type { CounterStore } from '../../lib/counter-store';
import { processImage, type ProcessedImage } from '../images';
import type { Audience, PostsRepository, PostValues, StoredImage, StoredPost, StoredSummary } from './repository';
import type { PostSubmission } from './multipart';
import { plainText, renderMarkdown } from './markdown';

/** Likes per address and post in one window: enough for a shared office address, not for stuffing. */
export const LIKE_LIMIT = 5;
export const LIKE_WINDOW_MS = 60 * 60 * 1000;
/** More words than this in one search add nothing but cost. */
const MAX_SEARCH_WORDS = 10;
/** The public list's page size (docs/behaviour/posts.md). */
export const DEFAULT_PAGE_SIZE = 10;

/**
 * `srcset` values from the image's narrower copies, widest last: WebP ends with the full-size
 * `.webp`, AVIF with its full-width copy. Nothing for an image without copies.
 */
function srcSetOf(i: StoredImage): Pick<Post['postImages'][number], 'srcSet'> {
  if (!i.variants.length) return {};
  const list = (format: string) =>
    i.variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => `${variantPath(i.filename, v.width, format === 'avif' ? 'avif' : 'webp')} ${v.width}w`);
  const webp = [...list('webp'), `${imageSources(i.filename).webp} ${i.width}w`].join(', ');
  const avif = list('avif');
  return { srcSet: avif.length ? { webp, avif: avif.join(', ') } : { webp } };
}

const toImages = (images: StoredImage[]): Post['postImages'] =>
  images.map((i) => ({
    imageType: i.contentType,
    imagePath: imagePath(i.filename),
    width: i.width,
    height: i.height,
    alt: i.alt,
    caption: i.caption,
    ...srcSetOf(i),
  }));

/**
 * Who changes or reads staff's posts: a contributor (`mayPublish` false) sees, edits and deletes
 * only the drafts they own; an editor or administrator every post (decision 0145).
 */
export interface PostActor {
  userId: number;
  mayPublish: boolean;
}

/** Staff answers say who owns a post and whether it waits for review; public ones do not. */
const staffFields = (p: Omit<StoredPost, 'content'>) => ({
  ownerId: p.ownerId,
  reviewRequestedAt: p.reviewRequestedAt ? p.reviewRequestedAt.toISOString() : null,
});

/** What a post and a list's card of it both carry. */
const cardFields = (p: Omit<StoredPost, 'content'>, audience: Audience) => ({
  id: p.id,
  name: p.name,
  postedBy: p.postedBy,
  date: p.date.toISOString(),
  tags: p.tags,
  likes: p.likes,
  postImages: toImages(p.images),
  version: p.version,
  status: p.status,
  publishAt: p.publishAt.toISOString(),
  slug: p.slug,
  language: p.language,
  translations: p.translations,
  ...(p.translationStates ? { translationStates: p.translationStates } : {}),
  ...(audience === 'staff' ? staffFields(p) : {}),
});

export const toPost = (p: StoredPost, audience: Audience = 'public'): Post => ({
  ...cardFields(p, audience),
  content: p.content,
  html: renderMarkdown(p.content),
  text: plainText(p.content),
});

/** ts_headline's snippet (matches between \u0001 and \u0002) as parts a client shows as text. */
export function highlightParts(headline: string): { text: string; match: boolean }[] {
  return (
    headline
      // eslint-disable-next-line no-control-regex -- ts_headline marks matches with \u0001 and \u0002 on purpose
      .split(/(\u0001[^\u0002]*\u0002)/)
      .filter(Boolean)
      .map((part) =>
        part.startsWith('\u0001') ? { text: part.slice(1, -1), match: true } : { text: part, match: false },
      )
  );
}

/** A list's card: the preview from the start of the Markdown the list read (decision 0142). */
const toListItem = (p: StoredSummary, audience: Audience): PostListItem => ({
  ...cardFields(p, audience),
  preview: truncate(plainText(p.excerpt)),
  ...(p.headline ? { highlight: highlightParts(p.headline) } : {}),
});

const toSearchResult = (p: StoredPost): PostSearchResult => {
  const post = toPost(p);
  return { ...post, img: post.postImages.map((i) => i.imagePath) };
};

interface ParsedPost {
  name: string;
  content: string;
  postedBy: string;
  tags: string[];
  status: 'draft' | 'published';
  publishAt: Date | undefined;
  slug: string | undefined;
  language: Locale | undefined;
  words: ImageWords[] | undefined;
}

/** Validates the submitted post and keeps only the fields a client may set. */
function parsePost(
  raw: unknown,
  schema: typeof postRequest | typeof updatePostRequest,
): ParsedPost & { version?: number } {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationFailed(parsed.error.issues, MSG.postFillRequired);
  const { name, content, postedBy, tags, status, publishAt, slug, postImages, language } = parsed.data;
  const version = 'version' in parsed.data ? (parsed.data.version as number | undefined) : undefined;
  return {
    name,
    content,
    postedBy,
    tags,
    status,
    publishAt: publishAt ? new Date(publishAt) : undefined,
    slug: slug || undefined,
    language,
    words: postImages?.map((w) => ({ alt: w.alt, caption: w.caption })),
    version,
  };
}

/** What is stored: a slug from the title when none was given, the publication time now when none was. */
const resolve = (p: ParsedPost, current?: StoredPost): PostValues => ({
  ...(p.status === 'published' ? { reviewRequestedAt: null } : {}),
  name: p.name,
  content: p.content,
  postedBy: p.postedBy,
  tags: p.tags,
  status: p.status,
  publishAt: p.publishAt ?? current?.publishAt ?? new Date(),
  slug: p.slug ?? (current && current.name === p.name ? current.slug : slugify(p.name)),
  language: p.language ?? current?.language ?? DEFAULT_LOCALE,
});

/** '/images/abc.jpg', an absolute URL of it, or 'abc.jpg' → 'abc.jpg'. */
const filenameOf = (path: string) => {
  const clean = path.split(/[?#]/)[0]!;
  return clean.slice(clean.lastIndexOf('/') + 1);
};

/**
 * Which existing images an update keeps (docs/decisions/0009-posts-and-images.md):
 * - 'imagePaths' sent: exactly those, in that order (each must belong to the post);
 * - none sent and 'areImagesSelected' true: none (the new uploads replace them);
 * - otherwise (a JSON body, or the flag false): all of them.
 */
function keepRule(sub: PostSubmission): (current: string[]) => string[] {
  if (sub.imagePaths.length) {
    const wanted = [...new Set(sub.imagePaths.map(filenameOf))];
    return (current) => {
      if (wanted.some((f) => !current.includes(f))) throw invalidField('imagePaths', MSG.imageUnknown);
      return wanted;
    };
  }
  if (sub.areImagesSelected === true) return () => [];
  return (current) => current;
}

/**
 * One at a time: sharp already uses both cores for one image. A refused image (415, 413) is named
 * in the answer, so the editor knows which of several files to take out.
 */
async function processAll({
  files,
  fileNames,
}: Pick<PostSubmission, 'files' | 'fileNames'>): Promise<ProcessedImage[]> {
  const out: ProcessedImage[] = [];
  for (const [i, file] of files.entries()) {
    try {
      out.push(await processImage(file));
    } catch (err) {
      if (err instanceof HttpError)
        throw new HttpError(err.statusCode, imageRefused(fileNames[i] ?? `image ${i + 1}`, err.message), err.errors);
      throw err;
    }
  }
  return out;
}

/**
 * `onChange` runs after every saved change: the publication timer re-arms on it
 * (modules/posts/publication-timer.ts).
 */
export function postsService(repo: PostsRepository, counters: CounterStore, onChange: () => void = () => {}) {
  /** Another's post is "not found" to a contributor: its existence is none of their business. */
  const visible = (post: StoredPost | undefined, actor?: PostActor): post is StoredPost =>
    !!post && (!actor || actor.mayPublish || post.ownerId === actor.userId);

  /** The post a contributor may change: their own, still a draft. */
  async function changeable(id: number, actor: PostActor): Promise<StoredPost> {
    const found = await repo.find(id, 'staff');
    if (!visible(found, actor)) throw notFound(MSG.postNotFound);
    if (!actor.mayPublish && found.status !== 'draft') throw forbidden(ROLES_MSG.postNoLongerDraft);
    return found;
  }

  async function get(
    id: number,
    audience: Audience = 'public',
    lang: Locale = DEFAULT_LOCALE,
    actor?: PostActor,
  ): Promise<Post> {
    const post = await repo.find(id, audience, lang);
    if (!visible(post, actor)) throw notFound(MSG.postNotFound);
    return toPost(post, audience);
  }

  /** The post's own texts beside each stored translation (the side-by-side editor). */
  async function translations(id: number): Promise<PostTranslations> {
    const found = await repo.translations(id);
    if (!found) throw notFound(MSG.postNotFound);
    const { digest: _digest, ...source } = found.source;
    return {
      source,
      translations: found.translations.map((t) => ({ ...t, updatedAt: t.updatedAt.toISOString() })),
    };
  }

  return {
    get,
    /** The spec's plain list: the newest PLAIN_POST_LIST_MAX public posts of a language, whole. */
    list: async (lang: Locale = DEFAULT_LOCALE) =>
      (await repo.whole({ audience: 'public', lang, limit: PLAIN_POST_LIST_MAX })).map((p) => toPost(p)),

    /** One page of summaries with the total; `q` searches, `tag` filters; staff may filter by status. */
    async page(
      query: PostListQuery,
      audience: Audience,
      defaultSize = DEFAULT_PAGE_SIZE,
      actor?: PostActor,
    ): Promise<PostPage> {
      const { page, pageSize, limit, offset } = pageWindow(query, defaultSize);
      const q = query.q?.trim();
      const { rows, total, more } = await repo.list({
        audience,
        ...(audience === 'staff' && query.status ? { status: query.status } : {}),
        ...(audience === 'staff' && query.missing ? { missing: query.missing } : {}),
        ...(audience === 'public' && query.lang ? { lang: query.lang } : {}),
        ...(query.tag?.trim() ? { tag: query.tag.trim() } : {}),
        ...(q ? { query: q.split(/\s+/).slice(0, MAX_SEARCH_WORDS).join(' ') } : {}),
        ...(actor && !actor.mayPublish ? { ownerId: actor.userId } : {}),
        limit,
        offset,
      });
      return { items: rows.map((r) => toListItem(r, audience)), total, page, pageSize, ...(more ? { more } : {}) };
    },

    /** The spec's plain search: the PLAIN_POST_LIST_MAX best matches, whole, with their image addresses. */
    async search(keyword: string, lang: Locale = DEFAULT_LOCALE): Promise<PostSearchResult[]> {
      const words = keyword.trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
      if (!words.length) throw invalidField('name', MSG.searchEmpty);
      const found = await repo.whole({
        audience: 'public',
        lang,
        query: words.join(' '),
        limit: PLAIN_POST_LIST_MAX,
      });
      return found.map(toSearchResult);
    },

    preview: (content: string) => ({ html: renderMarkdown(content) }),

    // Images are decoded and resized before the transaction, so it stays short and a refused
    // image leaves the stored data untouched.
    async create(sub: PostSubmission, actor: PostActor): Promise<Post> {
      const parsed = parsePost(sub.post, postRequest);
      if (!actor.mayPublish && parsed.status !== 'draft') throw forbidden(ROLES_MSG.postPublishNotAllowed);
      const added = await processAll(sub);
      const id = await repo.create(resolve(parsed), added, parsed.words ?? [], undefined, actor.userId);
      onChange();
      return get(id, 'staff');
    },

    /**
     * Saves only when `version` is the one stored: otherwise someone saved in between (or the
     * client did not say which version it edited) and 409 tells the editor to reload. The early
     * check spares the image processing; the repository's guarded update is what closes the race.
     */
    async update(id: number, sub: PostSubmission, actor: PostActor): Promise<Post> {
      const { version, ...parsed } = parsePost(sub.post, updatePostRequest);
      const found = await changeable(id, actor);
      if (!actor.mayPublish && parsed.status !== 'draft') throw forbidden(ROLES_MSG.postPublishNotAllowed);
      if (version === undefined || version !== found.version) throw conflict(MSG.postStale);
      const added = await processAll(sub);
      const outcome = await repo.update(id, version, resolve(parsed, found), keepRule(sub), added, parsed.words);
      if (outcome === 'missing') throw notFound(MSG.postNotFound);
      if (outcome === 'stale') throw conflict(MSG.postStale);
      onChange();
      return get(id, 'staff');
    },

    translations,

    /**
     * Saves one language's translation (a slug from its title when none is given; two languages
     * may share a slug): the post and its other languages are left as they are.
     */
    async saveTranslation(id: number, language: Locale, raw: unknown): Promise<PostTranslations> {
      const parsed = postTranslationForm.safeParse(raw);
      if (!parsed.success) throw validationFailed(parsed.error.issues, MSG.postFillRequired);
      const found = await repo.find(id, 'staff');
      if (!found) throw notFound(MSG.postNotFound);
      if (found.language === language) throw invalidField('language', MSG.translationIsSource);
      const { name, content, slug, status } = parsed.data;
      await repo.saveTranslation(id, language, { name, content, status, slug: slug || slugify(name) });
      return translations(id);
    },

    async removeTranslation(id: number, language: Locale) {
      if (!(await repo.removeTranslation(id, language))) throw notFound(MSG.translationNotFound);
    },

    async remove(id: number, actor: PostActor) {
      await changeable(id, actor);
      if (!(await repo.remove(id))) throw notFound(MSG.postNotFound);
      onChange();
    },

    /** "Submit for review": a draft (a contributor's own) waits for an editor to publish it. */
    async requestReview(id: number, actor: PostActor): Promise<Post> {
      await changeable(id, actor);
      if (!(await repo.requestReview(id))) throw conflict(ROLES_MSG.postReviewOnlyDrafts);
      return get(id, 'staff');
    },

    /** `ids`: comma-separated, as the query string carries them (likeCountsQuery). */
    likeCounts: (ids: string) => repo.likeCounts([...new Set(ids.split(',').map(Number))]),

    async like(id: number, address: string): Promise<number> {
      const key = `like:${address}:${id}`;
      const n = await counters.increment(key, LIKE_WINDOW_MS);
      if (n > LIKE_LIMIT) throw tooManyRequests(MSG.tooManyRequests, await counters.expiresIn(key));
      const likes = await repo.like(id);
      if (likes === undefined) throw notFound(MSG.postNotFound);
      return likes;
    },
  };
}
