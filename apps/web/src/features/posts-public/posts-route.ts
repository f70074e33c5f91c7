import { data, type LoaderFunctionArgs } from 'react-router';
import type { Post } from '@app/shared/schemas/posts';
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
  posts: Post[];
  /** The list could not be read: the page says 'Something went wrong!!!'. */
  failed: boolean;
}
export interface PostData {
  post: Post;
  settings: PublicSiteSettings;
}

export async function postsLoader({ context }: LoaderFunctionArgs): Promise<PostsData> {
  try {
    return { posts: await loaderGet<Post[]>('/posts', context), failed: false };
  } catch {
    return { posts: [], failed: true };
  }
}

/** An id that is not a number or no post: 404 with 'Invalid Post ID'; anything else a 500. */
export async function postLoader({ params, context }: LoaderFunctionArgs): Promise<PostData> {
  const raw = params['id'];
  if (!raw) throw data(MSG.postIdMissing, { status: 404 });
  const id = parseId(raw);
  if (id === undefined) throw data(MSG.invalidPostId, { status: 404 });
  try {
    const [post, settings] = await Promise.all([loaderGet<Post>(`/posts/${id}`, context), loadSettings(context)]);
    return { post, settings };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400))
      throw data(MSG.invalidPostId, { status: 404 });
    throw data(MSG.postDetailFailed, { status: 500 });
  }
}

const describe = (text: string) => truncate(text.replace(/\s+/g, ' ').trim(), 155);
const imageUrls = (post: Post) => post.postImages.map((i) => absoluteUrl(imageSources(i.imagePath).src));

export const postsHandle: StyledHandle = {
  styles: [postsStyles],
  meta: ({ data: d }) => {
    const posts = (d as PostsData | undefined)?.posts ?? [];
    return {
      title: `Posts: news and insights on security and PKI | ${SITE_NAME}`,
      description: 'Articles from our consultants on digital signatures, PKI, disaster recovery and security scans.',
      path: '/post',
      jsonLd: [
        withContext({
          '@type': 'Blog',
          name: `${SITE_NAME} posts`,
          url: absoluteUrl('/post'),
          blogPost: posts.map((p) => ({
            '@type': 'BlogPosting',
            headline: p.name,
            datePublished: p.date,
            url: absoluteUrl(`/post/${p.id}`),
            author: { '@type': 'Person', name: p.postedBy },
          })),
        }),
      ],
    };
  },
};

export const postHandle: StyledHandle = {
  styles: [postsStyles],
  meta: ({ data: d, params }) => {
    const found = d as PostData | undefined;
    if (!found) return { title: `Post not found | ${SITE_NAME}`, noindex: true, status: 404 };
    const { post, settings } = found;
    const path = `/post/${params['id'] ?? post.id}`;
    const first = post.postImages[0];
    return {
      title: `${post.name} | ${SITE_NAME}`,
      description: describe(post.content),
      path,
      type: 'article',
      ...(first ? { image: imageSources(first.imagePath).src } : {}),
      jsonLd: [
        withContext({
          '@type': 'BlogPosting',
          headline: post.name,
          datePublished: post.date,
          author: { '@type': 'Person', name: post.postedBy },
          image: imageUrls(post),
          keywords: post.tags.join(', '),
          description: describe(post.content),
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
