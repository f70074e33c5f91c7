import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppConfig } from '../../config';
import { feedsRepository } from './repository';
import { feeds } from './feeds';
import { securityTxt } from './security-txt';
import { contentRepository } from '../content';
import { badRequest, notFound } from '../../lib/http-error';
import { LIMITS } from '@app/shared/constants';
import { hasControlCharacters } from '@app/shared/schemas/text';
import { SERVER_MSG } from '@app/shared/messages/server';
import { LOCALES, localizedPath } from '@app/shared/locales';

/** Crawlers and feed readers poll; five minutes keeps the load low and the content fresh enough. */
const CACHE = 'public, max-age=300';

/**
 * Shared answers (`public`: a proxy or CDN may hand them to anyone) carry no XSRF-TOKEN cookie: a
 * Set-Cookie on them is at best dropped by the cache, at worst one visitor's token served to all.
 * Each is built once and kept in the page cache until a change to what it shows (its tags, the
 * names change routes invalidate; plugins/response-cache/), like the pages: the RSS feed renders
 * every post's Markdown (docs/decisions/0122-feeds-in-the-page-cache.md).
 */
const shared = (cacheTags: readonly string[], cacheQuery: readonly string[] = []) =>
  ({ config: { csrfCookie: false, cache: true, cacheTags, cacheQuery } }) as const;
/** What the sitemap lists: the posts, tags and open vacancies, dated by the home and About texts too. */
const SITEMAP_TAGS = ['posts', 'vacancy', 'intro', 'masthead', 'settings'];

const send = (reply: FastifyReply, type: string, body: string) =>
  reply.header('cache-control', CACHE).type(type).send(body);

/**
 * /sitemap.xml, /robots.txt, /rss.xml and /.well-known/security.txt at the site root, public, with
 * absolute URLs.
 */
export const feedsRoot: FastifyPluginAsync<{ config: AppConfig }> = async (app, opts) => {
  const feed = feeds(feedsRepository(app.db), opts.config.publicUrl);

  // ?part= gives one part of a sitemap split into an index (feeds.ts, SITEMAP_URLS).
  app.get<{ Querystring: { part?: unknown } }>('/sitemap.xml', shared(SITEMAP_TAGS, ['part']), async (req, reply) => {
    const part = req.query.part;
    if (part !== undefined && (typeof part !== 'string' || !/^[1-9]\d{0,4}$/.test(part))) {
      throw notFound(SERVER_MSG.sitemapPartUnknown);
    }
    const body = await feed.sitemap(part === undefined ? undefined : Number(part));
    if (body === undefined) throw notFound(SERVER_MSG.sitemapPartUnknown);
    return send(reply, 'application/xml; charset=utf-8', body);
  });
  app.get('/robots.txt', shared([]), async (_req, reply) => send(reply, 'text/plain; charset=utf-8', feed.robots()));
  const content = contentRepository(app.db);
  app.get('/.well-known/security.txt', shared(['settings']), async (_req, reply) => {
    const text = securityTxt((await content.findSettings())?.entities ?? [], opts.config.publicUrl);
    if (!text) throw notFound(SERVER_MSG.noSecurityContact);
    return send(reply, 'text/plain; charset=utf-8', text);
  });
  // ?tag= gives a tag page's own feed.
  // The feed's title is the company name of the site settings.
  // One feed per language: /rss.xml (English, as before), /nl/rss.xml, /fr/rss.xml (decision 0155).
  for (const lang of LOCALES) {
    app.get<{ Querystring: { tag?: unknown } }>(
      localizedPath(lang, '/rss.xml'),
      shared(['posts', 'settings'], ['tag']),
      async (req, reply) => {
        const tag = req.query.tag;
        if (
          tag !== undefined &&
          (typeof tag !== 'string' || !tag.trim() || tag.length > LIMITS.tag || hasControlCharacters(tag))
        ) {
          throw badRequest(SERVER_MSG.feedTagInvalid);
        }
        return send(reply, 'application/rss+xml; charset=utf-8', await feed.rss(tag?.trim(), lang));
      },
    );
  }
};
