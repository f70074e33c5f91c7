import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageWords, Post, PostForm, PostPage } from '@app/shared/schemas/posts';
import type { Profile } from '@app/shared/schemas/profile';
import { apiFetch } from '../../../lib/api-client';
import { API, apiPath } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';
import { DEFAULT_PAGE_SIZE } from '@app/shared/schemas/paging';
import type { Locale } from '@app/shared/locales';

/** What the status filter of the posts list can ask for ('review': submitted for review); undefined is every post. */
export type StaffPostFilter = 'draft' | 'scheduled' | 'published' | 'review' | undefined;

/** What the staff list and search show per page unless the editor picks another size. */
export const STAFF_POSTS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

const pageParams = (page: number, pageSize: number) => `page=${page}&pageSize=${pageSize}`;

/**
 * Staff see every post, drafts and scheduled ones included (never from the public, cached list),
 * or those of one status ('scheduled': published with a future time), a page at a time.
 */
export const postsQuery = (
  status: StaffPostFilter,
  page = 1,
  pageSize = STAFF_POSTS_PAGE_SIZE,
  // Only the posts without an up-to-date published translation in this language (decision 0155).
  missing?: Locale,
) =>
  queryOptions({
    queryKey: ['posts', 'list', status ?? 'all', page, pageSize, missing ?? 'any'],
    queryFn: () =>
      apiFetch<PostPage>(
        `${STAFF_API.postsStaff}?${pageParams(page, pageSize)}${status ? `&status=${status}` : ''}${missing ? `&missing=${missing}` : ''}`,
      ),
  });
export const postQuery = (id: number) =>
  queryOptions({ queryKey: ['posts', id], queryFn: () => apiFetch<Post>(apiPath(STAFF_API.postStaff, { id })) });

/** The signed-in staff member's profile: its display name is a new post's default "Posted By". */
export const profileQuery = queryOptions({
  queryKey: ['account', 'profile'],
  queryFn: () => apiFetch<Profile>(STAFF_API.accountProfile),
});

/** "Submit for review": a contributor's draft waits for an editor (decision 0145). */
export function useRequestReview(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<Post>(apiPath(STAFF_API.postReviewRequest, { id }), { method: 'POST' }),
    onSuccess: (post) => {
      qc.setQueryData(postQuery(id).queryKey, post);
      return qc.invalidateQueries({ queryKey: ['posts', 'list'] });
    },
  });
}

/** The public HTML of some Markdown, from the same renderer as the public page. */
export const renderPreview = (content: string) =>
  apiFetch<{ html: string }>(STAFF_API.postPreview, { method: 'POST', body: { content } });
/**
 * Staff search every post, drafts and scheduled ones too (the staff list's endpoint with `q`: the
 * same word rules as the public search, never cached); the public search finds published ones only.
 */
export const searchQuery = (keyword: string, page = 1, pageSize = STAFF_POSTS_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['posts', 'search', keyword, page, pageSize],
    queryFn: () =>
      apiFetch<PostPage>(`${STAFF_API.postsStaff}?${pageParams(page, pageSize)}&q=${encodeURIComponent(keyword)}`),
  });

/** A new upload with the alt text and caption it is published with. */
export interface Upload extends ImageWords {
  file: File;
}

/**
 * The multipart body: the post as JSON in 'post', the uploads as 'imageFiles'. An update names in
 * 'post' the version it edited; a create sends none (the server refuses one there). `postImages`
 * holds the images' words in display order: the kept images', then the uploads'.
 */
function postFormData(post: PostForm, uploads: Upload[], keptWords: ImageWords[], version?: number): FormData {
  const words = [...keptWords, ...uploads].map(({ alt, caption }) => ({ alt, caption }));
  const form = new FormData();
  form.append(
    'post',
    JSON.stringify({
      name: post.name,
      content: post.content,
      postedBy: post.postedBy,
      tags: post.tags ?? [],
      status: post.status ?? 'published',
      ...(post.publishAt ? { publishAt: post.publishAt } : {}),
      ...(post.slug ? { slug: post.slug } : {}),
      ...(post.language ? { language: post.language } : {}),
      postImages: words,
      ...(version === undefined ? {} : { version }),
    }),
  );
  for (const { file } of uploads) form.append('imageFiles', file, file.name);
  return form;
}

export function useCreatePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ post, uploads }: { post: PostForm; uploads: Upload[] }) =>
      apiFetch<Post>(API.posts, { method: 'POST', body: postFormData(post, uploads, []) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['posts'] }),
  });
}

export interface PostUpdate {
  post: PostForm;
  /** The version of the post the form was filled from: a stale one is refused with 409. */
  version: number;
  /** New uploads, appended after the kept images. */
  uploads: Upload[];
  /** The existing images to keep, in order, with their (possibly edited) words. */
  keep: (ImageWords & { imagePath: string })[];
  /** True when the image selection changed (an image removed or files chosen). */
  imagesChanged: boolean;
}

export function useUpdatePost(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ post, version, uploads, keep, imagesChanged }: PostUpdate) => {
      const form = postFormData(post, uploads, keep, version);
      // With imagePaths the server keeps exactly those; with none and the flag true it keeps none,
      // so together they always state the wanted set of existing images.
      form.append('areImagesSelected', JSON.stringify(imagesChanged));
      for (const { imagePath } of keep) form.append('imagePaths', imagePath);
      return apiFetch<Post>(apiPath(API.post, { id }), { method: 'PUT', body: form });
    },
    onSuccess: (post) => {
      qc.setQueryData(postQuery(id).queryKey, post);
      return qc.invalidateQueries({ queryKey: ['posts'] });
    },
  });
}

export function useDeletePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<{ message: string }>(apiPath(API.post, { id }), { method: 'DELETE' }),
    onSuccess: (_res, id) => {
      // The card goes away in place (the page is one shorter until it is next read); searches are
      // refetched when next shown.
      qc.setQueriesData<PostPage>({ queryKey: ['posts', 'list'] }, (list) =>
        list ? { ...list, items: list.items.filter((p) => p.id !== id), total: list.total - 1 } : list,
      );
      qc.removeQueries({ queryKey: postQuery(id).queryKey, exact: true });
      return qc.invalidateQueries({ queryKey: ['posts', 'search'] });
    },
  });
}
