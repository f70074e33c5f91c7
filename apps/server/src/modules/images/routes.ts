import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { WEBP_SUFFIX, type VariantFormat } from '@app/shared/images';
import { imagesRepository } from './repository';
import { notFound } from '../../lib/http-error';
import { SERVER_MSG } from '@app/shared/messages/server';

/** Stored names are random base64url plus an extension; anything else cannot exist. */
const NAME = /^[A-Za-z0-9_-]{1,64}\.(?:jpg|png|webp)(?:\.webp)?$/;
/** A narrower copy: '{stored name}.{width}w.{webp|avif}'. */
const VARIANT = /^([A-Za-z0-9_-]{1,64}\.(?:jpg|png|webp))\.([1-9]\d{1,3})w\.(webp|avif)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_FOUND = SERVER_MSG.imageNotFound;

/**
 * GET /images/{filename} and its WebP variant /images/{filename}.webp, public and outside /api.
 * A stored image never changes (an edit stores a new one under a new name), so responses are
 * cached for a year and revalidated by an ETag made from the content hash.
 */
export const imagesRoot: FastifyPluginAsync = async (app) => {
  const repo = imagesRepository(app.db);

  // Cached publicly for a year: no XSRF-TOKEN cookie on it (plugins/csrf.ts).
  app.get<{ Params: { filename: string } }>(
    '/images/:filename',
    { config: { csrfCookie: false } },
    async (req, reply) => {
      const name = req.params.filename;
      const copy = VARIANT.exec(name);
      if (copy) {
        const width = Number(copy[2]);
        const format = copy[3] as VariantFormat;
        const found = await repo.findVariant(copy[1]!, width, format);
        if (!found) throw notFound(NOT_FOUND);
        return sendImage(req, reply, `"${found.sha256}-${width}-${format}"`, `image/${format}`, found.data);
      }
      if (!NAME.test(name)) throw notFound(NOT_FOUND);
      let image = await repo.findByFilename(name);
      let variant = false;
      if (!image && name.endsWith(WEBP_SUFFIX)) {
        image = await repo.findByFilename(name.slice(0, -WEBP_SUFFIX.length));
        variant = true;
      }
      const body = variant ? image?.webp : image?.data;
      if (!image || !body) throw notFound(NOT_FOUND);

      return sendImage(
        req,
        reply,
        `"${image.sha256}${variant ? '-webp' : ''}"`,
        variant ? 'image/webp' : image.contentType,
        body,
      );
    },
  );
};

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  Boolean(ifNoneMatch?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));

/** An image's bytes, cached for good by browsers and CDNs (its name changes with its content). */
function sendImage(req: FastifyRequest, reply: FastifyReply, etag: string, type: string, body: Buffer | Uint8Array) {
  reply
    .header('cache-control', IMMUTABLE)
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline');
  if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(type).send(body);
}
