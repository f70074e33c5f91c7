import { MSG } from '@app/shared/messages';
import { imagePath } from '@app/shared/images';
import {
  postRequest,
  updatePostRequest,
  type Post,
  type PostInput,
  type PostSearchResult,
} from '@app/shared/schemas/posts';
import { conflict, notFound, tooManyRequests } from '../../lib/http-error';
import { invalidField, validationFailed } from '../../lib/field-errors';
import type { CounterStore } from '../../lib/counter-store';
import { processImage, type ProcessedImage } from '../images/process';
import type { PostsRepository, StoredPost } from './repository';
import type { PostSubmission } from './multipart';

/** Likes per address and post in one window: enough for a shared office address, not for stuffing. */
export const LIKE_LIMIT = 5;
export const LIKE_WINDOW_MS = 60 * 60 * 1000;
/** More words than this in one search add nothing but cost. */
const MAX_SEARCH_WORDS = 10;

const toPost = (p: StoredPost): Post => ({
  id: p.id,
  name: p.name,
  postedBy: p.postedBy,
  date: p.date.toISOString(),
  content: p.content,
  tags: p.tags,
  likes: p.likes,
  postImages: p.images.map((i) => ({ imageType: i.contentType, imagePath: imagePath(i.filename), width: i.width, height: i.height })),
  version: p.version,
});

const toSearchResult = (p: StoredPost): PostSearchResult => {
  const post = toPost(p);
  return { ...post, img: post.postImages.map((i) => i.imagePath) };
};

/** Validates the submitted post and keeps only the fields a client may set. */
function parsePost(raw: unknown): PostInput {
  const parsed = postRequest.safeParse(raw);
  if (!parsed.success) throw validationFailed(parsed.error.issues, MSG.postFillRequired);
  const { name, content, postedBy, tags } = parsed.data;
  return { name, content, postedBy, tags };
}

/** The same for an update, with the `version` the editor read (undefined when not sent). */
function parseUpdate(raw: unknown): { input: PostInput; version: number | undefined } {
  const parsed = updatePostRequest.safeParse(raw);
  if (!parsed.success) throw validationFailed(parsed.error.issues, MSG.postFillRequired);
  const { name, content, postedBy, tags, version } = parsed.data;
  return { input: { name, content, postedBy, tags }, version };
}

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

/** One at a time: sharp already uses both cores for one image. */
async function processAll(files: Buffer[]): Promise<ProcessedImage[]> {
  const out: ProcessedImage[] = [];
  for (const file of files) out.push(await processImage(file));
  return out;
}

export function postsService(repo: PostsRepository, counters: CounterStore) {
  async function get(id: number): Promise<Post> {
    const post = await repo.find(id);
    if (!post) throw notFound(MSG.postNotFound);
    return toPost(post);
  }

  return {
    get,
    list: async () => (await repo.list()).map(toPost),

    async search(keyword: string): Promise<PostSearchResult[]> {
      const words = keyword.trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
      if (!words.length) throw invalidField('name', MSG.searchEmpty);
      return (await repo.search(words)).map(toSearchResult);
    },

    // Images are decoded and resized before the transaction, so it stays short and a refused
    // image leaves the stored data untouched.
    async create(sub: PostSubmission): Promise<Post> {
      const input = parsePost(sub.post);
      const added = await processAll(sub.files);
      return get(await repo.create(input, added));
    },

    /**
     * Saves only when `version` is the one stored: otherwise someone saved in between (or the
     * client did not say which version it edited) and 409 tells the editor to reload. The early
     * check spares the image processing; the repository's guarded update is what closes the race.
     */
    async update(id: number, sub: PostSubmission): Promise<Post> {
      const { input, version } = parseUpdate(sub.post);
      const found = await repo.find(id);
      if (!found) throw notFound(MSG.postNotFound);
      if (version === undefined || version !== found.version) throw conflict(MSG.postStale);
      const added = await processAll(sub.files);
      const outcome = await repo.update(id, version, input, keepRule(sub), added);
      if (outcome === 'missing') throw notFound(MSG.postNotFound);
      if (outcome === 'stale') throw conflict(MSG.postStale);
      return get(id);
    },

    async remove(id: number) {
      if (!(await repo.remove(id))) throw notFound(MSG.postNotFound);
    },

    async like(id: number, address: string): Promise<number> {
      const n = await counters.increment(`like:${address}:${id}`, LIKE_WINDOW_MS);
      if (n > LIKE_LIMIT) throw tooManyRequests(MSG.tooManyRequests);
      const likes = await repo.like(id);
      if (likes === undefined) throw notFound(MSG.postNotFound);
      return likes;
    },
  };
}
