import fp from 'fastify-plugin';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { FetchApi, RenderModule } from '@app/shared/render';
import { DEFAULT_RUNTIME_CONFIG, RUNTIME_CONFIG_PATH, type RuntimeConfig } from '@app/shared/runtime-config';
import { errorBody } from './errors';
import { RETRY_AFTER_SECONDS } from '../lib/database-unavailable';

/** /config.json: what the browser app reads before it starts. */
export const runtimeConfig = (config: AppConfig): RuntimeConfig => ({
  ...DEFAULT_RUNTIME_CONFIG,
  backendUrl: config.publicUrl,
  otherSetting: '',
  publicUrl: config.publicUrl,
});

/**
 * Serves the built web app: hashed assets with immutable caching, /config.json, and every page
 * through the server renderer (public pages as HTML, back-office pages as the app shell).
 */
export const webPlugin = fp<{ config: AppConfig }>(async (app, { config }) => {
  app.get(RUNTIME_CONFIG_PATH, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return runtimeConfig(config);
  });

  const dist = config.webDist;
  const templatePath = dist && path.join(dist, 'client/index.html');
  const entryPath = dist && path.join(dist, 'server/entry-server.js');
  if (!templatePath || !entryPath || !fs.existsSync(templatePath) || !fs.existsSync(entryPath)) {
    if (config.env !== 'test') app.log.warn('web app not built: run `npm run build` to serve pages');
    return;
  }
  const template = fs.readFileSync(templatePath, 'utf8');
  const { render } = (await import(pathToFileURL(entryPath).href)) as RenderModule;

  await app.register(fastifyStatic, {
    root: path.join(dist, 'client'),
    wildcard: false,
    index: false,
    // scripts/precompress.ts writes .br/.gz files at build time.
    preCompressed: true,
    maxAge: '1h',
  });
  // Hashed file names never change content: cache them for a year. (Set here rather than in
  // setHeaders, which precompressed files bypass.)
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/assets/') && reply.statusCode === 200) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    }
  });

  /** The loaders' API calls, in-process; notes when one found the database unavailable (503). */
  const fetchApiFor =
    (seen: { unavailable: boolean }): FetchApi =>
    async (url) => {
      const res = await app.inject({ method: 'GET', url: `/api${url}` });
      if (res.statusCode === 503) seen.unavailable = true;
      let body: unknown;
      try {
        body = res.json();
      } catch {
        body = undefined;
      }
      return { status: res.statusCode, body };
    };

  /**
   * Pages are rendered once and cached, but every response needs its own script nonce. The page is
   * rendered with a random marker in the nonce's place and cut into parts at the marker; a response
   * joins the parts with its nonce. The marker is new for every render and never leaves the server,
   * so no content (a post, a page text) can contain it and have the live nonce put into it.
   */
  const renderPage = async (url: string) => {
    const marker = `nonce-${crypto.randomBytes(18).toString('base64url')}`;
    const request = new Request(new URL(url, config.publicUrl), { method: 'GET' });
    const seen = { unavailable: false };
    const result = await render({ request, nonce: marker, config: runtimeConfig(config), fetchApi: fetchApiFor(seen) });
    if (result.kind === 'redirect') return result;
    // A page whose data could not be loaded is an outage, not a page: 503 so that caches and
    // crawlers come back, with the page's own error text for the visitor.
    const status = seen.unavailable ? 503 : result.status;
    const html = template
      .replace('<!--app-head-->', () => result.head)
      .replace('<!--app-html-->', () => (result.kind === 'page' ? result.html : ''))
      .replace(/<script type="module"/g, `<script type="module" nonce="${marker}"`);
    return { kind: 'html' as const, status, parts: html.split(marker) };
  };

  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      return reply.code(404).send(errorBody(404, `No API endpoint ${req.method} ${req.url.split('?')[0]}.`));
    }
    const key = `page:${req.url}`;
    const cached = app.responseCache.get(key);
    const result = cached
      ? { kind: 'html' as const, status: cached.status, parts: cached.body as string[] }
      : await renderPage(req.url);
    if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
    if (!cached && result.status === 200) {
      app.responseCache.set(key, { status: 200, contentType: 'text/html', body: result.parts });
    }
    if (result.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply
      .code(result.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(result.parts.join(reply.scriptNonce));
  };
  app.get('/*', page);
});
