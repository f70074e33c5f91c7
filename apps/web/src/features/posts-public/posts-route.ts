import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { Post, PostListItem, PostPage } from '@app/shared/schemas/posts';
import { postPath, tagPath } from '@app/shared/routes';
import type { PublicSiteSettings } from '@app/shared/schemas/content';
import { MSG } from '@app/shared/messages';
import { truncate } from '@app/shared/constants';
import { imageSources } from '@app/shared/images';
import { parseId } from '@app/shared/ids';
import { ApiError, loaderGet } from '../../lib/api-client';
import { SITE_NAME } from '../../lib/meta';
import type { StyledHandle } from '../../lib/styled-handle';
import { loadSettings } from '../../lib/site-settings';
import { absoluteUrl, withContext } from '../../lib/jsonld';
import postsStyles from './posts.module.css';

export interface PostsData {
  posts: PostListItem[];
  /** The list could not be read: the page says 'Something went wrong!!!'. */
  failed: boolean;
  page: number;
  pageSize: number;
  total: number;
  /** The search words (/post?q=) or the tag (/tag/{tag}) this list is narrowed to. */
  q?: string;
  tag?: string;
}
export interface PostData {
  post: Post;
  settings: PublicSiteSettings;
}

/** /post, /post?page=N, /post?q=words and /tag/{tag}: one page of 10 public posts. */
export async function postsLoader({ context, request, params }: LoaderFunctionArgs): Promise<PostsData> {
  const url = new URL(request.url);
  const page = Math.max(1, parseId(url.searchParams.get('page') ?? '1') ?? 1);
  const q = url.searchParams.get('q')?.trim().slice(0, 200) || undefined;
  const tag = params['tag'];
  const query = new URLSearchParams({
    page: String(page),
    pageSize: '10',
    ...(q ? { q } : {}),
    ...(tag ? { tag } : {}),
  });
  try {
    const found = await loaderGet<PostPage>(`/posts?${query}`, context);
    return {
      posts: found.items,
      failed: false,
      page,
      pageSize: found.pageSize,
      total: found.total,
      ...(q ? { q } : {}),
      ...(tag ? { tag } : {}),
    };
  } catch {
    return { posts: [], failed: true, page, pageSize: 10, total: 0, ...(q ? { q } : {}), ...(tag ? { tag } : {}) };
  }
}

/**
 * An id that is not a number or no public post: 404 with 'Invalid Post ID'; anything else a 500.
 * '/post/{id}' and any slug other than the post's answer 301 to its canonical '/post/{id}/{slug}'.
 */
export async function postLoader({ params, context }: LoaderFunctionArgs): Promise<PostData> {
  const raw = params['id'];
  if (!raw) throw data(MSG.postIdMissing, { status: 404 });
  const id = parseId(raw);
  if (id === undefined) throw data(MSG.invalidPostId, { status: 404 });
  let found: PostData;
  try {
    const [post, settings] = await Promise.all([loaderGet<Post>(`/posts/${id}`, context), loadSettings(context)]);
    found = { post, settings };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400))
      throw data(MSG.invalidPostId, { status: 404 });
    throw data(MSG.postDetailFailed, { status: 500 });
  }
  if (params['slug'] !== found.post.slug) throw redirect(postPath(found.post), 301);
  return found;
}

const describe = (text: string) => truncate(text.replace(/\s+/g, ' ').trim(), 155);
const imageUrls = (post: Post) => post.postImages.map((i) => absoluteUrl(imageSources(i.imagePath).src));

export const postsHandle: StyledHandle = {
  styles: [postsStyles],
  meta: ({ data: d }) => {
    const list = d as PostsData | undefined;
    const posts = list?.posts ?? [];
    const page = list?.page ?? 1;
    const tag = list?.tag;
    const base = tag ? tagPath(tag) : '/post';
    return {
      title: tag
        ? `Posts tagged ${tag}${page > 1 ? `, page ${page}` : ''} | ${SITE_NAME}`
        : `Posts: news and insights on security and PKI${page > 1 ? `, page ${page}` : ''} | ${SITE_NAME}`,
      description: tag
        ? `Articles from our consultants tagged ${tag}.`
        : 'Articles from our consultants on digital signatures, PKI, disaster recovery and security scans.',
      path: page > 1 ? `${base}?page=${page}` : base,
      // Search results are shareable but not for search engines.
      ...(list?.q ? { noindex: true } : {}),
      jsonLd: [
        withContext({
          '@type': 'Blog',
          name: `${SITE_NAME} posts`,
          url: absoluteUrl('/post'),
          blogPost: posts.map((p) => ({
            '@type': 'BlogPosting',
            headline: p.name,
            datePublished: p.date,
            url: absoluteUrl(postPath(p)),
            author: { '@type': 'Person', name: p.postedBy },
          })),
        }),
      ],
    };
  },
};

export const postHandle: StyledHandle = {
  styles: [postsStyles],
  meta: ({ data: d }) => {
    const found = d as PostData | undefined;
    if (!found) return { title: `Post not found | ${SITE_NAME}`, noindex: true, status: 404 };
    const { post, settings } = found;
    const path = postPath(post);
    const first = post.postImages[0];
    return {
      title: `${post.name} | ${SITE_NAME}`,
      description: describe(post.text),
      path,
      type: 'article',
      ...(first
        ? { image: imageSources(first.imagePath).src, imageSize: { width: first.width, height: first.height } }
        : {}),
      jsonLd: [
        withContext({
          '@type': 'BlogPosting',
          headline: post.name,
          datePublished: post.date,
          author: { '@type': 'Person', name: post.postedBy },
          image: imageUrls(post),
          keywords: post.tags.join(', '),
          description: describe(post.text),
          mainEntityOfPage: absoluteUrl(path),
          url: absoluteUrl(path),
          publisher: {
            '@type': 'Organization',
            name: settings.companyName,
            logo: { '@type': 'ImageObject', url: absoluteUrl('/logo.png') },
          },
        }),
      ],
    };
  },
};
