import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/helper';

// Hits answered before Fastify (ResponseCache.answer, app.ts's serverFactory) must be the very
// answers Fastify's first hook gives: app.inject always takes the hook, a socket takes `answer`.
const webDist = path.resolve(import.meta.dirname, '../../../../web/dist');
if (!fs.existsSync(path.join(webDist, 'server/entry-server.js'))) {
  throw new Error(`No web build in ${webDist}: run \`npm run build\` (or \`npm test\`, which builds when needed).`);
}
const TOKEN = 'metrics-token-for-the-tests-0123';
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildTestApp({ webDist, metricsToken: TOKEN });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app?.close());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
/** Over a socket, the body as sent (not decompressed). */
const overSocket = (method: string, url: string, headers: Record<string, string>) =>
  new Promise<Raw>((resolve, reject) => {
    http
      .request(`${base}${url}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
/** The headers a client can compare: less the per-connection and per-answer ones. */
const comparable = (headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders) => {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!['date', 'connection', 'keep-alive', 'x-request-id', 'transfer-encoding'].includes(name)) out[name] = value;
  }
  return out;
};
/** The entry script's address in a page (imported by the page's starter, decision 0090). */
const ENTRY_SCRIPT = /"(\/assets\/index-[\w-]+\.js)"/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('cache hits answered before Fastify', () => {
  it('are byte for byte and header for header the answers of the first hook', async () => {
    const home = await app.inject({ method: 'GET', url: '/' });
    const asset = ENTRY_SCRIPT.exec(home.body)?.[1];
    expect(asset).toBeDefined();
    const posts = (await app.inject({ method: 'GET', url: '/api/posts' })).json() as { id: number; tags: string[] }[];
    const tag = encodeURIComponent(posts[0]!.tags[0]!);
    const urls = [
      '/about',
      '/post?page=1&utm_source=mail',
      '/api/vacancy',
      `/post/${posts[0]!.id}`,
      '/ABOUT',
      // A feed, and one whose query parameter is its own (keyBeforeRouting must keep it).
      '/sitemap.xml',
      `/rss.xml?utm_source=reader&tag=${tag}`,
      asset!,
    ];
    for (const url of urls) await app.inject({ method: 'GET', url }); // fills the cache
    // A second read is a hit, which recompresses the entry at the best levels off the request
    // path; compared once that is done, both ways must answer the very same bytes.
    for (const url of urls) await app.inject({ method: 'GET', url });
    await app.responseCache.upgradesSettled();
    const answer = vi.spyOn(app.responseCache, 'answer');
    let compared = 0;
    for (const url of urls) {
      const etag = String(
        (await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } })).headers.etag,
      );
      for (const method of ['GET', 'HEAD']) {
        for (const headers of <Record<string, string>[]>[
          { 'accept-encoding': 'gzip, deflate, br' },
          { 'accept-encoding': 'gzip' },
          { 'accept-encoding': 'identity' },
          { 'accept-encoding': 'br;q=0.5, gzip' },
          { 'accept-encoding': 'gzip', 'if-none-match': etag },
        ]) {
          const viaHook = await app.inject({ method: method as 'GET' | 'HEAD', url, headers });
          const direct = await overSocket(method, url, headers);
          const what = `${method} ${url} ${JSON.stringify(headers)}`;
          expect(direct.status, what).toBe(viaHook.statusCode);
          const expected = comparable(viaHook.headers);
          // Fastify's generated HEAD route adds `content-length: 0` to a 304 (which has no body
          // either way); `answer` leaves it out, as for a GET.
          if (method === 'HEAD' && viaHook.statusCode === 304) delete expected['content-length'];
          expect(comparable(direct.headers), what).toEqual(expected);
          // (A HEAD answer over a socket has no body whatever the app sends; app.inject shows what it sent.)
          const sent = method === 'HEAD' ? Buffer.alloc(0) : viaHook.rawPayload;
          expect(direct.body.equals(sent), what).toBe(true);
          expect(String(direct.headers['x-request-id']), what).toMatch(UUID);
          compared += 1;
        }
      }
    }
    expect(compared).toBe(urls.length * 10);
    // Every one of them was answered before Fastify, as a hit or a file.
    expect(answer.mock.results.filter((r) => r.value === true)).toHaveLength(compared);
    answer.mockRestore();
    // The weights are honoured before Fastify too, for a page and a build file alike.
    for (const url of ['/about', asset!]) {
      const weighed = await overSocket('GET', url, { 'accept-encoding': 'br;q=0.5, gzip' });
      expect(weighed.headers['content-encoding'], url).toBe('gzip');
    }
    // The tag's feed, not the full one: the direct path kept `tag` in the key.
    const tagged = await overSocket('GET', `/rss.xml?tag=${tag}`, { 'accept-encoding': 'identity' });
    expect(tagged.headers['x-cache']).toBe('hit');
    expect(tagged.body.toString()).toContain(`Posts tagged ${posts[0]!.tags[0]!}`);
  });

  it('leave everything else to Fastify: misses, other methods, API reads with a query string', async () => {
    const answer = vi.spyOn(app.responseCache, 'answer');
    answer.mockClear();
    const miss = await overSocket('GET', '/vision', {});
    expect(miss.status).toBe(200);
    expect(miss.headers['x-cache']).toBe('miss');
    await overSocket('GET', '/api/posts?page=1', {});
    expect((await overSocket('GET', '/api/posts?page=1', {})).headers['x-cache']).toBe('hit');
    expect((await overSocket('POST', '/about', {})).status).toBe(404);
    const answered = answer.mock.calls.filter((_, i) => answer.mock.results[i]!.value !== false);
    expect(answered.map(([req]) => `${req.method} ${req.url}`)).toEqual([]);
    answer.mockRestore();
  });

  it('count in the metrics as requests of their route and as cache hits', async () => {
    const scrape = async () =>
      (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const figure = (body: string, pattern: string) =>
      Number(new RegExp(`^${pattern} (\\d+)`, 'm').exec(body)?.[1] ?? 0);
    await app.inject({ method: 'GET', url: '/privacy' });
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await overSocket('GET', '/privacy', {})).headers['x-cache']).toBe('hit');
    const after = await scrape();
    expect(figure(after, 'http_cache_hits_total') - figure(before, 'http_cache_hits_total')).toBe(3);
    // Labelled with the page's pattern in the web app's route table.
    const pages = 'http_request_duration_seconds_count\\{method="GET",route="/privacy",status_code="200"\\}';
    expect(figure(after, pages) - figure(before, pages)).toBe(3);
    // A file counts under the same route label either way (through the hook and before Fastify).
    const home = await app.inject({ method: 'GET', url: '/' });
    const asset = ENTRY_SCRIPT.exec(home.body)![1]!;
    const files = `http_request_duration_seconds_count\\{method="GET",route="${asset.replace(/[.]/g, '\\.')}",status_code="200"\\}`;
    const filesBefore = figure(await scrape(), files);
    await app.inject({ method: 'GET', url: asset });
    await overSocket('GET', asset, {});
    expect(figure(await scrape(), files) - filesBefore).toBe(2);
  });

  it('are off while Fastify logs every request (info): hits then take the hook, with their log lines', async () => {
    const other = await buildTestApp({ webDist, logLevel: 'info' }, { logStream: { write: () => {} } });
    expect(other.responseCache.direct).toBe(false);
    await other.close();
    expect(app.responseCache.direct).toBe(true);
  });
});
