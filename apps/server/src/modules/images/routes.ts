import type { FastifyPluginAsync } from 'fastify';
import { WEBP_SUFFIX } from '@app/shared/images';
import { imagesRepository } from './repository';
import { notFound } from '../../lib/http-error';

/** Stored names are random base64url plus an extension; anything else cannot exist. */
const NAME = /^[A-Za-z0-9_-]{1,64}\.(?:jpg|png|webp)(?:\.webp)?$/;
const NOT_FOUND = 'Image not found.';

/**
 * GET /images/{filename} and its WebP variant /images/{filename}.webp, public and outside /api.
 * A stored image never changes (an edit stores a new one under a new name), so responses are
 * cached for a year and revalidated by an ETag made from the content hash.
 */
export const imagesRoot: FastifyPluginAsync = async (app) => {
  const repo = imagesRepository(app.db);

  app.get<{ Params: { filename: string } }>('/images/:filename', async (req, reply) => {
    const name = req.params.filename;
    if (!NAME.test(name)) throw notFound(NOT_FOUND);
    let image = await repo.findByFilename(name);
    let variant = false;
    if (!image && name.endsWith(WEBP_SUFFIX)) {
      image = await repo.findByFilename(name.slice(0, -WEBP_SUFFIX.length));
      variant = true;
    }
    const body = variant ? image?.webp : image?.data;
    if (!image || !body) throw notFound(NOT_FOUND);

    const etag = `"${image.sha256}${variant ? '-webp' : ''}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline');
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
    return reply.type(variant ? 'image/webp' : image.contentType).send(body);
  });
};
