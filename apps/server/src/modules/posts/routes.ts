import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PLAIN_POST_LIST_MAX,
  likeCounts,
  likeCountsQuery,
  likeResponse,
  postListQuery,
  postPage,
  postRequest,
  postSchema,
  postSearchResultSchema,
  previewRequest,
  previewResponse,
  postTranslationForm,
  postTranslations,
  searchParams,
} from '@app/shared/schemas/posts';
import { langQuery, translationParams } from '@app/shared/schemas/translations';
import { errorBody, idParam, messageBody } from '@app/shared/schemas/common';
import { LIMITS } from '@app/shared/constants';
import { DEFAULT_PAGE_SIZE as STAFF_DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@app/shared/schemas/paging';
import { MSG } from '@app/shared/messages';
import { postsRepository } from './repository';
import { DEFAULT_PAGE_SIZE, postsService, type PostActor } from './service';
import { readPostSubmission } from './multipart';
import { publicationTimer } from './publication-timer';
import type { Db } from '../../db/client';
import { can } from '../auth';
import type { FastifyRequest } from 'fastify';
import { API } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';

/** A post as the audit trail compares it: its fields, and its images by file name and text. */
const auditedPost = async (db: Db, id: number) => {
  const post = await postsRepository(db).find(id, 'staff');
  if (!post) return undefined;
  const { images, likes: _likes, ...fields } = post;
  return { ...fields, images: images.map((i) => `${i.filename} ${i.alt}`.trim()) };
};

/** The signed-in staff member as the posts service sees them (routes with 'posts:own' have one). */
const actorOf = (req: FastifyRequest): PostActor => ({
  userId: req.principal!.userId,
  mayPublish: can(req.principal, 'posts:publish'),
});

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody, 415: errorBody };
const updateErrors = { ...errors, 409: errorBody };
/** Drafts and scheduled posts (the full-page preview reads them here): no browser or proxy keeps a copy. */
const STAFF_ONLY = 'private, no-store';

/** The parts of a post's create and update, for the API documentation (readPostSubmission reads them). */
const postParts = (update: boolean) =>
  z.object({
    post: z
      .string()
      .describe(`JSON of the post (${Object.keys(postRequest.shape).join(', ')}); a string or a JSON Blob.`),
    imageFiles: z
      .array(z.file())
      .max(LIMITS.imagesPerRequest)
      .optional()
      .describe(`New images, at most ${LIMITS.imagesPerRequest} of ${LIMITS.imageBytes / 1024 / 1024} MB each.`),
    ...(update
      ? {
          areImagesSelected: z
            .enum(['true', 'false'])
            .optional()
            .describe(
              'true without imagePaths: the new images replace the stored ones; otherwise the stored ones stay.',
            ),
          imagePaths: z
            .array(z.string())
            .optional()
            .describe("'/images/{filename}' of the stored images to keep, in this order (the others go)."),
        }
      : {}),
  });
const postBodies = (update: boolean) => ({ 'multipart/form-data': postParts(update), 'application/json': postRequest });

/** Shown in the API documentation; the body is read by readPostSubmission, not by the validator. */
const multipartDoc = {
  consumes: ['multipart/form-data', 'application/json'],
  description:
    "Multipart: part 'post' (JSON: " +
    Object.keys(postRequest.shape).slice(0, 4).join(', ') +
    "), repeated 'imageFiles'; on update also 'areImagesSelected' (JSON boolean) and repeated 'imagePaths' " +
    "('/images/{filename}' of the images to keep, in order). Or a JSON body holding the post alone (images kept).",
};
const updateDoc = {
  ...multipartDoc,
  description:
    multipartDoc.description +
    " The post must carry the 'version' that was read: a missing or stale version answers 409 and changes nothing.",
};

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = postsRepository(app.db);
  const timer = publicationTimer(app, repo);
  const posts = postsService(repo, app.counters, timer.rearm);
  app.addHook('onReady', async () => timer.start());
  app.addHook('onClose', async () => timer.stop());
  const open = { access: 'public' } as const;
  // Public reads are cached until a change to what they show (plugins/response-cache/).
  // An API read's cache key holds the parameters of its querystring schema, `lang` among them (decision 0155).
  const cachedRead = (cacheTag: string) => ({ access: 'public', cache: true, cacheTag }) as const;
  // Contributors too: the service keeps them to their own drafts (decision 0145).
  const admin = { access: 'posts:own' } as const;
  // A translation is published content of any post: editors and administrators, not contributors.
  const translator = { access: 'posts:publish' } as const;
  const tags = ['posts'];

  // Without page, pageSize, q or tag: the spec's plain array, bounded; with any of them one page of
  // summaries and the total (decisions 0025, 0141 and 0142). Only published posts whose time has come.
  app.get(
    API.posts,
    {
      config: cachedRead('posts'),
      schema: {
        tags,
        operationId: 'listPosts',
        summary: `Published posts: the newest ${PLAIN_POST_LIST_MAX} whole, or one page of summaries with search and tag filters`,
        description:
          `Without page, pageSize, q or tag: an array of at most ${PLAIN_POST_LIST_MAX} posts, newest first, each whole ` +
          '(content, html, text); ask with page and pageSize for the others. With any of them: one page ' +
          `(pageSize 1 to ${MAX_PAGE_SIZE}, ${DEFAULT_PAGE_SIZE} by default) of summaries, each with its ` +
          '600-character plain-text preview instead of the content, and the total.',
        querystring: postListQuery.omit({ status: true, missing: true }),
        response: { 200: z.union([z.array(postSchema), postPage]), ...errors },
      },
    },
    (req) => {
      const { page, pageSize, q, tag, lang } = req.query;
      if (page === undefined && pageSize === undefined && q === undefined && tag === undefined) return posts.list(lang);
      return posts.page(req.query, 'public');
    },
  );

  // Staff see every post (drafts and scheduled ones too); never cached, so the public never sees them.
  app.get(
    STAFF_API.postsStaff,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'listAllPosts',
        summary: 'One page of every post, drafts and scheduled ones too',
        description:
          `Summaries (the 600-character preview instead of the content), newest first or best match first ` +
          `with q; pageSize 1 to ${MAX_PAGE_SIZE}, ${STAFF_DEFAULT_PAGE_SIZE} by default.`,
        querystring: postListQuery,
        response: { 200: postPage, ...errors },
      },
    },
    (req, reply) => {
      reply.header('cache-control', STAFF_ONLY);
      return posts.page(req.query, 'staff', STAFF_DEFAULT_PAGE_SIZE, actorOf(req));
    },
  );

  app.get(
    STAFF_API.postStaff,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'getAnyPost',
        summary: 'One post, a draft or scheduled one too',
        params: idParam,
        response: { 200: postSchema, ...errors },
      },
    },
    (req, reply) => {
      reply.header('cache-control', STAFF_ONLY);
      return posts.get(req.params.id, 'staff', undefined, actorOf(req));
    },
  );

  app.post(
    STAFF_API.postPreview,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'previewPost',
        summary: "Render a post's Markdown to HTML exactly as its public page will",
        body: previewRequest,
        response: { 200: previewResponse, ...errors },
      },
    },
    (req) => posts.preview(req.body.content),
  );

  app.get(
    API.post,
    {
      config: cachedRead('posts'),
      schema: {
        tags,
        operationId: 'getPost',
        summary: 'One published post, in the language asked for when it is published in it, else in its own',
        description:
          '`language` says which language the texts are in; `translations` lists every language it is published in, with the slug there.',
        params: idParam,
        querystring: langQuery,
        response: { 200: postSchema, ...errors },
      },
    },
    (req) => posts.get(req.params.id, 'public', req.query.lang),
  );

  app.get(
    API.postSearch,
    {
      config: cachedRead('posts'),
      schema: {
        tags,
        operationId: 'searchPosts',
        summary: `At most ${PLAIN_POST_LIST_MAX} published posts matching the search words, best first, each with its image addresses`,
        description: `An array of at most ${PLAIN_POST_LIST_MAX} posts, best match first, each whole (content, html, text); GET /api/posts with q pages through every match.`,
        params: searchParams,
        querystring: langQuery,
        response: { 200: z.array(postSearchResultSchema), ...errors },
      },
    },
    (req) => posts.search(req.params.name, req.query.lang),
  );

  // The counts that cached pages leave out (plugins/response-cache/tags.ts); a like drops this read, not the pages.
  app.get(
    API.postLikes,
    {
      config: cachedRead('posts'),
      schema: {
        tags,
        operationId: 'getLikeCounts',
        summary: 'The like counts of the given public posts',
        querystring: likeCountsQuery,
        response: { 200: likeCounts, ...errors },
      },
    },
    (req) => posts.likeCounts(req.query.ids),
  );

  app.put(
    API.postLike,
    // Likes are limited per address (429). It changes the count only: what shows it (`likes:{id}`,
    // the API reads), not the pages, which show no count (docs/decisions/0121-like-counts-beside-cached-pages.md).
    {
      config: { ...open, invalidates: ['likes:{id}'] },
      schema: {
        tags,
        operationId: 'likePost',
        summary: 'Like a post; answers its number of likes',
        params: idParam,
        response: { 200: likeResponse, ...errors, 429: errorBody },
      },
    },
    async (req) => ({ likes: await posts.like(req.params.id, req.ip) }),
  );

  app.post(
    API.posts,
    {
      config: {
        ...admin,
        audit: { area: 'posts', action: 'create', load: auditedPost },
        invalidates: ['posts'],
        requestBody: postBodies(false),
      },
      schema: {
        tags,
        operationId: 'createPost',
        summary: 'Create a post, with its images',
        ...multipartDoc,
        response: { 201: postSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await posts.create(await readPostSubmission(req), actorOf(req))),
  );

  app.put(
    API.post,
    {
      config: {
        ...admin,
        audit: { area: 'posts', action: 'update', load: auditedPost },
        invalidates: ['posts'],
        requestBody: postBodies(true),
      },
      schema: {
        tags,
        operationId: 'updatePost',
        summary: 'Change a post and its images',
        ...updateDoc,
        params: idParam,
        response: { 200: postSchema, ...updateErrors },
      },
    },
    async (req) => posts.update(req.params.id, await readPostSubmission(req), actorOf(req)),
  );

  app.get(
    STAFF_API.postTranslations,
    {
      config: translator,
      schema: {
        tags,
        operationId: 'getPostTranslations',
        summary: "A post's own texts beside each of its translations, each saying whether the source changed since",
        params: idParam,
        response: { 200: postTranslations, ...errors },
      },
    },
    (req, reply) => {
      reply.header('cache-control', STAFF_ONLY);
      return posts.translations(req.params.id);
    },
  );

  app.put(
    STAFF_API.postTranslation,
    {
      config: {
        ...translator,
        audit: { area: 'posts', action: 'translate', load: (db, id) => postsRepository(db).translations(id) },
        invalidates: ['posts'],
      },
      schema: {
        tags,
        operationId: 'savePostTranslation',
        summary: "Save a post's translation into one language; the post and its other languages stay as they are",
        params: translationParams,
        body: postTranslationForm,
        response: { 200: postTranslations, ...errors },
      },
    },
    (req) => posts.saveTranslation(req.params.id, req.params.language, req.body),
  );

  app.delete(
    STAFF_API.postTranslation,
    {
      config: {
        ...translator,
        audit: { area: 'posts', action: 'delete-translation', load: (db, id) => postsRepository(db).translations(id) },
        invalidates: ['posts'],
      },
      schema: {
        tags,
        operationId: 'deletePostTranslation',
        summary: "Delete a post's translation into one language",
        params: translationParams,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await posts.removeTranslation(req.params.id, req.params.language);
      return { message: MSG.translationDeleted };
    },
  );

  app.delete(
    API.post,
    {
      config: { ...admin, audit: { area: 'posts', action: 'delete', load: auditedPost }, invalidates: ['posts'] },
      schema: {
        tags,
        operationId: 'deletePost',
        summary: 'Delete a post and its images',
        params: idParam,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await posts.remove(req.params.id, actorOf(req));
      return { message: MSG.postDeleted };
    },
  );

  app.post(
    STAFF_API.postReviewRequest,
    {
      config: { ...admin, audit: { area: 'posts', action: 'submit-for-review', load: auditedPost } },
      schema: {
        tags,
        operationId: 'submitPostForReview',
        summary: 'Submit a draft for review: editors see it on the dashboard and can filter the post list by it',
        description:
          'A contributor submits their own drafts; publishing the post clears the mark. A post that is not a draft answers 409.',
        params: idParam,
        response: { 200: postSchema, ...updateErrors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', STAFF_ONLY);
      return posts.requestReview(req.params.id, actorOf(req));
    },
  );
};
