import type { Post, PostListItem } from '@app/shared/schemas/posts';
import { postPath, tagPath, ROUTES } from '@app/shared/routes';
import type { PublicSiteSettings } from '@app/shared/schemas/content';
import { truncate } from '@app/shared/constants';
import { imageSources } from '@app/shared/images';
import { SITE_NAME } from '../../lib/meta';
import type { StyledHandle } from '../../lib/styled-handle';
import { absoluteUrl, withContext } from '../../lib/jsonld';
import { itemLanguages, type ContentLanguages } from '../../lib/content-languages';
import postsStyles from './posts.module.css';

/**
 * A post as a public page's loader has it: without its like count when the server rendered the
 * page (the page is cached for everyone; like-counts.ts reads the count), with it after a
 * navigation in the browser.
 */
export type PagePost<P extends { likes: number }> = Omit<P, 'likes'> & { likes?: number | undefined };

export interface PostsData {
  posts: PagePost<PostListItem>[];
  /** The list could not be read: the page says 'Something went wrong!!!'. */
  failed: boolean;
  page: number;
  pageSize: number;
  total: number;
  /** A search with more matches than it lists (`total` is then the bound). */
  more?: true;
  /** The search words (/post?q=) or the tag (/tag/{tag}) this list is narrowed to. */
  q?: string;
  tag?: string;
}
export interface PostData {
  post: PagePost<Post>;
  settings: PublicSiteSettings;
}

const describe = (text: string) => truncate(text.replace(/\s+/g, ' ').trim(), 155);
const imageUrls = (post: PagePost<Post>) => post.postImages.map((i) => absoluteUrl(imageSources(i.imagePath).src));

export const postsHandle: StyledHandle = {
  styles: [postsStyles],
  meta: ({ loaderData: d, t }) => {
    const list = d as PostsData | undefined;
    const posts = list?.posts ?? [];
    const page = list?.page ?? 1;
    const tag = list?.tag;
    const base = tag ? tagPath(tag) : ROUTES.posts.path;
    return {
      title: `${tag ? t('postsTaggedTitle', { tag }) : t('postsTitle')}${page > 1 ? t('pageNumberSuffix', { page }) : ''} | ${SITE_NAME}`,
      description: tag ? t('postsTaggedDescription', { tag }) : t('postsDescription'),
      path: page > 1 ? `${base}?page=${page}` : base,
      // Search results are shareable but not for search engines.
      ...(list?.q ? { noindex: true } : {}),
      // A page past the last one, or a tag no published post carries, is not a page: 404 (its text
      // says so and links on). A failed load is not that, nor is the list of a site without posts.
      // The status and robots tag matter in the server's answer only: kept out of the browser's code.
      ...(import.meta.env.SSR && list && !list.failed && !list.q && !posts.length && (list.total || tag)
        ? { noindex: true, status: 404 }
        : {}),
      // Server-rendered <head> only (PageMeta.jsonLd).
      ...(import.meta.env.SSR
        ? {
            jsonLd: [
              withContext({
                '@type': 'Blog',
                name: `${SITE_NAME} posts`,
                url: absoluteUrl(ROUTES.posts.path),
                blogPost: posts.map((p) => ({
                  '@type': 'BlogPosting',
                  headline: p.name,
                  datePublished: p.date,
                  url: absoluteUrl(postPath(p)),
                  author: { '@type': 'Person', name: p.postedBy },
                })),
              }),
            ],
          }
        : {}),
    };
  },
};

export const postHandle: StyledHandle = {
  styles: [postsStyles],
  meta: ({ loaderData: d, t }) => {
    const found = d as PostData | undefined;
    if (!found) return { title: `${t('postNotFoundTitle')} | ${SITE_NAME}`, noindex: true, status: 404 };
    const { post, settings } = found;
    const path = postPath(post);
    const first = post.postImages[0];
    return {
      title: `${post.name} | ${SITE_NAME}`,
      description: describe(post.text),
      path,
      ...itemLanguages(
        post as ContentLanguages & typeof post,
        (slug) => postPath({ ...post, slug }),
        ROUTES.posts.path,
      ),
      type: 'article',
      // Server-rendered <head> only (PageMeta.jsonLd): the browser keeps the title and the
      // description in sync, so the image helpers stay out of every public page's first load.
      ...(import.meta.env.SSR
        ? {
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
          }
        : {}),
    };
  },
};
