import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { Post, PostPage } from '@app/shared/schemas/posts';
import { postPath, tagPath } from '@app/shared/routes';
import { CORE_MSG } from '@app/shared/messages/core';
import { parseId } from '@app/shared/ids';
import { ApiError } from '../../lib/api-error';
import { loaderGet } from '../../lib/loader-get';
import { loadSettings } from '../../lib/site-settings';
import type { PostData, PostsData } from './posts-route';
import { API, apiPath } from '@app/shared/api-paths';
import { localizeHref, localeOf } from '../../lib/language';

// Loaded with the route's page (app/public-routes.tsx), not with the entry: each public page's
// first load carries its own loader only (the first-load budget, decision 0080).

/** /post, /post?page=N, /post?q=words and /tag/{tag}: one page of 10 public posts. */
export async function postsLoader({ context, request, params }: LoaderFunctionArgs): Promise<PostsData> {
  const url = new URL(request.url);
  const page = Math.max(1, parseId(url.searchParams.get('page') ?? '1') ?? 1);
  // A control character (a pasted tab or line break, a crafted %00) separates words, as a space
  // does: the API refuses it, which showed the list's failure message for a search.
  const q =
    url.searchParams
      .get('q')
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      ?.replace(/[\0-\x1f\x7f]/g, ' ')
      .trim()
      .slice(0, 200) || undefined;
  const tag = params['tag'];
  const query = new URLSearchParams({
    page: String(page),
    pageSize: '10',
    ...(q ? { q } : {}),
    ...(tag ? { tag } : {}),
  });
  let found: PostPage;
  try {
    found = await loaderGet<PostPage>(`${API.posts}?${query}`, context);
  } catch {
    return { posts: [], failed: true, page, pageSize: 10, total: 0, ...(q ? { q } : {}), ...(tag ? { tag } : {}) };
  }
  // Tags match ignoring case: /tag/PKI and /tag/pki show the same posts. The page's address is
  // the tag as its newest post spells it (as the sitemap lists it); any other spelling answers 301.
  const spelled = tag && found.items[0]?.tags.find((t) => t.toLowerCase() === tag.toLowerCase());
  if (spelled && spelled !== tag)
    throw redirect(localizeHref(localeOf(url), `${tagPath(spelled)}${page > 1 ? `?page=${page}` : ''}`), 301);
  return {
    posts: found.items,
    failed: false,
    page,
    pageSize: found.pageSize,
    total: found.total,
    ...(found.more ? { more: true as const } : {}),
    ...(q ? { q } : {}),
    ...(tag ? { tag } : {}),
  };
}

/**
 * An id that is not a number or no public post: 404 with 'Invalid Post ID'; anything else a 500.
 * '/post/{id}' and any slug other than the post's answer 301 to its canonical '/post/{id}/{slug}'.
 */
export async function postLoader({ params, context, request }: LoaderFunctionArgs): Promise<PostData> {
  const raw = params['id'];
  if (!raw) throw data(CORE_MSG.postIdMissing, { status: 404 });
  const id = parseId(raw);
  if (id === undefined) throw data(CORE_MSG.invalidPostId, { status: 404 });
  let found: PostData;
  try {
    const [post, settings] = await Promise.all([
      loaderGet<Post>(apiPath(API.post, { id }), context),
      loadSettings(context),
    ]);
    found = { post, settings };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400))
      throw data(CORE_MSG.invalidPostId, { status: 404 });
    throw data(CORE_MSG.postDetailFailed, { status: 500 });
  }
  // The id as written elsewhere (/post/012/…) too: one address per post, for search engines and the page cache.
  if (params['slug'] !== found.post.slug || raw !== String(id))
    throw redirect(localizeHref(localeOf(request.url), postPath(found.post)), 301);
  return found;
}
