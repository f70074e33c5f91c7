import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppConfig } from '../../config';
import { feedsRepository } from './repository';
import { feeds } from './feeds';
import { securityTxt } from './security-txt';
import { contentRepository } from '../content/repository';
import { notFound } from '../../lib/http-error';
import { badRequest } from '../../lib/http-error';
import { LIMITS } from '@app/shared/constants';
import { hasControlCharacters } from '@app/shared/schemas/text';

/** Crawlers and feed readers poll; five minutes keeps the load low and the content fresh enough. */
const CACHE = 'public, max-age=300';

/**
 * Shared answers (`public`: a proxy or CDN may hand them to anyone) carry no XSRF-TOKEN cookie: a
 * Set-Cookie on them is at best dropped by the cache, at worst one visitor's token served to all.
 */
const shared = { config: { csrfCookie: false } } as const;

const send = (reply: FastifyReply, type: string, body: string) =>
  reply.header('cache-control', CACHE).type(type).send(body);

/**
 * /sitemap.xml, /robots.txt, /rss.xml and /.well-known/security.txt at the site root, public, with
 * absolute URLs.
 */
export const feedsRoot: FastifyPluginAsync<{ config: AppConfig }> = async (app, opts) => {
  const feed = feeds(feedsRepository(app.db), opts.config.publicUrl);

  app.get('/sitemap.xml', shared, async (_req, reply) =>
    send(reply, 'application/xml; charset=utf-8', await feed.sitemap()),
  );
  app.get('/robots.txt', shared, async (_req, reply) => send(reply, 'text/plain; charset=utf-8', feed.robots()));
  const content = contentRepository(app.db);
  app.get('/.well-known/security.txt', shared, async (_req, reply) => {
    const text = securityTxt((await content.findSettings())?.entities ?? [], opts.config.publicUrl);
    if (!text) throw notFound('No security contact is set.');
    return send(reply, 'text/plain; charset=utf-8', text);
  });
  // ?tag= gives a tag page's own feed.
  app.get<{ Querystring: { tag?: unknown } }>('/rss.xml', shared, async (req, reply) => {
    const tag = req.query.tag;
    if (
      tag !== undefined &&
      (typeof tag !== 'string' || !tag.trim() || tag.length > LIMITS.tag || hasControlCharacters(tag))
    ) {
      throw badRequest('The tag must be one tag of at most 40 characters.');
    }
    return send(reply, 'application/rss+xml; charset=utf-8', await feed.rss(tag?.trim()));
  });
};
