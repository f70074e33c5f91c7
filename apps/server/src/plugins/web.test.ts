import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../test/helper';
import { postJson } from '../../test/post-fixtures';

// Pages need the built web app; `npm test` builds it before the API tests when it is missing or stale.
const webDist = path.resolve(import.meta.dirname, '../../../web/dist');
if (!fs.existsSync(path.join(webDist, 'server/entry-server.js'))) {
  throw new Error(`No web build in ${webDist}: run \`npm run build\` (or \`npm test\`, which builds when needed).`);
}
const ctx = useTestApp({ webDist });

const INLINE = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
/** The hashes of the page's inline scripts, as the browser computes them. */
const inlineHashes = (html: string) =>
  [...html.matchAll(INLINE)].filter((m) => !/\ssrc=/.test(m[1]!)).map((m) => sha256(m[2]!));
const scriptSources = (csp: string) => /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('rendered pages', () => {
  it('are the same bytes for everyone, their inline scripts allowed by hash and by nothing else', async () => {
    const first = await get('/about');
    const second = await get('/about');
    expect(first.statusCode).toBe(200);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(first.body).not.toContain('nonce');
    const sources = scriptSources(String(first.headers['content-security-policy']));
    const hashes = inlineHashes(first.body);
    // The router's hydration data is inline: hydration needs its hash in the policy.
    expect(hashes.length).toBeGreaterThan(0);
    expect(sources.sort()).toEqual(["'self'", ...new Set(hashes)].sort());
    expect(sources.join(' ')).not.toMatch(/nonce|unsafe/);
  });

  it('carry the entry stylesheet inline, so the first paint waits on no other request', async () => {
    const page = await get('/about');
    const entryCss = fs.readdirSync(path.join(webDist, 'client/assets')).find((f) => /^index-[\w-]+\.css$/.test(f));
    expect(entryCss).toBeDefined();
    const css = fs.readFileSync(path.join(webDist, 'client/assets', entryCss!), 'utf8');
    expect(page.body).toContain(`<style>${css}</style>`);
    expect(page.body).not.toMatch(/<link[^>]+rel="stylesheet"/);
    // Inline styles are allowed by the policy (decision 0005), or the page would show unstyled.
    expect(String(page.headers['content-security-policy'])).toMatch(/style-src [^;]*'unsafe-inline'/);
  });

  it('start the browser app after the first paint, by an inline script the policy allows', async () => {
    const page = await get('/about');
    const entry = /import\("(\/assets\/index-[\w-]+\.js)"\)/.exec(page.body)?.[1];
    expect(entry).toBeDefined();
    // No script element loads the entry at once: hydration would run before the first paint.
    expect(page.body).not.toMatch(/<script[^>]+src=/);
    expect((await get(entry!)).statusCode).toBe(200);
    const starter = [...page.body.matchAll(INLINE)].find((m) => m[2]!.includes(entry!));
    expect(starter?.[2]).toContain('addEventListener("load"');
    expect(scriptSources(String(page.headers['content-security-policy']))).toContain(sha256(starter![2]!));
  });

  it('preload the chunks the entry imports only when the app starts, not beside the page', async () => {
    const page = await get('/about');
    // A module preload in the head fetched the framework chunk (93 KB gzip) beside the page and
    // held up its largest paint on a slow network.
    expect(page.body).not.toMatch(/<link[^>]+rel="modulepreload"/);
    const manifest = JSON.parse(fs.readFileSync(path.join(webDist, 'client/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean; imports?: string[] }
    >;
    const entry = Object.values(manifest).find((c) => c.isEntry)!;
    const imported = (entry.imports ?? []).map((key) => `/${manifest[key]!.file}`);
    expect(imported.length).toBeGreaterThan(0);
    const starter = [...page.body.matchAll(INLINE)].find((m) => m[2]!.includes(`/${entry.file}`))![2]!;
    for (const chunk of imported) expect(starter).toContain(JSON.stringify(chunk).slice(1, -1));
    expect(starter).toContain('l.rel="modulepreload"');
  });

  it('never allow a script that content brings along', async () => {
    const title = '<script>alert("masthead")</script> and a nonce-placeholder';
    const saved = await call(ctx.app, {
      method: 'PUT',
      url: '/api/masthead',
      token: ctx.adminToken,
      payload: { mastheadTitle: title, mastheadBody: 'The title above must show as written.' },
    });
    expect(saved.statusCode).toBe(200);
    const page = await get('/');
    expect(page.body).not.toContain(title);
    expect(page.body).toContain('&lt;script&gt;alert(&quot;masthead&quot;)&lt;/script&gt;');
    const sources = scriptSources(String(page.headers['content-security-policy']));
    expect(sources).not.toContain(sha256('alert("masthead")'));
    expect(sources.length - 1).toBe(new Set(inlineHashes(page.body)).size);
  });

  it('are stored compressed once, with a strong ETag per encoding, 304 and Vary', async () => {
    // The miss and the first hit; the hit has the page recompressed at the best levels, once.
    await get('/services');
    await get('/services');
    await ctx.app.responseCache.upgradesSettled();
    const plain = await get('/services');
    const br = await get('/services', { 'accept-encoding': 'gzip, br' });
    const gz = await get('/services', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
    const brAgain = await get('/services', { 'accept-encoding': 'br' });
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(brAgain.headers['etag']).toBe(br.headers['etag']);
    expect(new Set([plain, br, gz].map((r) => r.headers['etag'])).size).toBe(3);
    const revalidated = await get('/services', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers['etag']),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('keep one entry per page whatever unknown query parameters say; the page number is its own', async () => {
    // A second page of 10 to cache: a page past the last one is a 404, which is not kept.
    const { total } = (await get('/api/posts?page=1')).json() as { total: number };
    for (let i = total; i <= 10; i++) {
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/posts',
        token: ctx.adminToken,
        payload: JSON.parse(postJson({ name: `Second page ${i}` })),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await get('/post');
    const size = ctx.app.responseCache.size;
    for (const query of ['utm_source=mail', 'fbclid=1', 'x=%3Cscript%3E']) {
      const page = await get(`/post?${query}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-cache'], query).toBe('hit');
      expect(page.body).not.toContain('%3Cscript');
    }
    expect(ctx.app.responseCache.size).toBe(size);
    expect((await get('/post?page=2&utm_source=mail')).headers['x-cache']).not.toBe('hit');
    expect((await get('/post?utm_source=other&page=2')).headers['x-cache']).toBe('hit');
  });

  it('keep a vacancy page when a post changes, and show the changed post at once', async () => {
    const vacancy = await get('/vacatures');
    expect(vacancy.statusCode).toBe(200);
    const list = await get('/post');
    expect((await get('/vacatures')).headers['x-cache']).toBe('hit');
    const first = (await ctx.app.inject({ method: 'GET', url: '/api/posts' })).json()[0] as {
      id: number;
      version: number;
      name: string;
    };
    const staff = (
      await call(ctx.app, { method: 'GET', url: `/api/posts/staff/${first.id}`, token: ctx.adminToken })
    ).json();
    const renamed = `Renamed for the cache ${crypto.randomUUID()}`;
    const { id, version, content, postedBy, tags, status, publishAt, slug } = staff;
    const saved = await call(ctx.app, {
      method: 'PUT',
      url: `/api/posts/${id}`,
      token: ctx.adminToken,
      payload: { version, name: renamed, content, postedBy, tags, status, publishAt, slug },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await get('/post');
    expect(after.body).toContain(renamed);
    expect(after.body).not.toBe(list.body);
    expect((await get('/vacatures')).headers['x-cache']).toBe('hit');
  });
});

describe('the built files', () => {
  it('are answered from memory with their precompressed copies, immutable, with the security headers', async () => {
    const name = fs
      .readdirSync(path.join(webDist, 'client/assets'))
      .find((f) => f.endsWith('.js') && fs.existsSync(path.join(webDist, 'client/assets', `${f}.br`)))!;
    const onDisk = fs.readFileSync(path.join(webDist, 'client/assets', name));
    const br = await get(`/assets/${name}`, { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(webDist, 'client/assets', `${name}.br`)))).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers['content-security-policy'])).toContain("default-src 'self'");
    const plain = await get(`/assets/${name}`);
    expect(plain.rawPayload.equals(onDisk)).toBe(true);
    expect(plain.headers['content-type']).toContain('javascript');
    expect((await get(`/assets/${name}`, { 'if-none-match': String(plain.headers['etag']) })).statusCode).toBe(304);
  });
});

describe('addresses no route has', () => {
  it('get the one not-found page, rendered once for all of them and kept under one key', async () => {
    const first = await get('/no/such/page-a');
    const second = await get('/really/nothing-here?x=1');
    expect(first.statusCode).toBe(404);
    expect(first.body).toContain('Page not found');
    // The page does not depend on the address, so any address may be answered with it.
    expect(first.body).not.toContain('page-a');
    expect(second.statusCode).toBe(404);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('no-cache');
    const hashes = inlineHashes(second.body);
    expect(scriptSources(String(second.headers['content-security-policy'])).sort()).toEqual(
      ["'self'", ...new Set(hashes)].sort(),
    );
    // A scanner's junk addresses do not fill the cache (and so cannot evict the real pages).
    const size = ctx.app.responseCache.size;
    for (let i = 0; i < 20; i++) expect((await get(`/junk-${i}/wp-login.php`)).statusCode).toBe(404);
    expect(ctx.app.responseCache.size).toBe(size);
  });

  it("show the site's bar and footer, and a settings change drops the kept page", async () => {
    const first = await get('/no/such/page-b');
    expect(first.statusCode).toBe(404);
    expect(first.body).toMatch(/<nav[^>]*aria-label="Main"/);
    expect(first.body).toMatch(/<footer/);
    const admin = { token: ctx.adminToken };
    const settings = (await call(ctx.app, { method: 'GET', url: '/api/settings/admin', ...admin })).json() as {
      companyName: string;
    };
    const renamed = `Renamed ${crypto.randomBytes(4).toString('hex')}`;
    const put = (companyName: string) =>
      call(ctx.app, { method: 'PUT', url: '/api/settings', ...admin, payload: { ...settings, companyName } });
    expect((await put(renamed)).statusCode).toBe(200);
    try {
      const after = await get('/no/such/page-c');
      expect(after.statusCode).toBe(404);
      expect(after.headers['x-cache']).toBe('miss');
      expect(after.body).toContain(renamed);
    } finally {
      expect((await put(settings.companyName)).statusCode).toBe(200);
    }
  });

  it('do not include the pages themselves, whatever the case or a trailing slash: those answer 301 to them', async () => {
    for (const [url, canonical] of [
      ['/About/', '/about'],
      ['/PRIVACY', '/privacy'],
      ['/post/', '/post'],
      ['/Vacatures?page=2', '/vacatures?page=2'],
      ['/%61bout', '/about'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers['location'], url).toBe(canonical);
      const page = await get(canonical);
      expect(page.statusCode, canonical).toBe(200);
      // The title: every page's data carries its language's texts, the not-found page's among them.
      expect(page.body, canonical).not.toContain('<title>Page not found');
    }
  });

  it('do not include a post that is missing: its page says so, and is not kept', async () => {
    const missing = await get('/post/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Invalid Post ID');
    expect(missing.headers['x-cache']).toBeUndefined();
    const again = await get('/post/99999999');
    expect(again.headers['x-cache']).toBeUndefined();
  });
});

describe('a page whose data failed to load', () => {
  it('answers 500, noindex and uncached, not a 200 kept for everyone', async () => {
    ctx.app.responseCache.invalidate();
    // A fault the API answers with 500 (here: a table it cannot find).
    await ctx.app.db.execute(sql`alter table vacancies rename to vacancies_away`);
    try {
      for (let i = 0; i < 2; i++) {
        const page = await ctx.app.inject({ method: 'GET', url: '/vacatures' });
        expect(page.statusCode).toBe(500);
        expect(page.headers['x-robots-tag']).toBe('noindex');
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.headers['x-cache']).toBeUndefined();
      }
    } finally {
      await ctx.app.db.execute(sql`alter table vacancies_away rename to vacancies`);
    }
    const back = await ctx.app.inject({ method: 'GET', url: '/vacatures' });
    expect(back.statusCode).toBe(200);
  });
});

describe('a page while the database is gone', () => {
  it('answers 503 with Retry-After, not an empty 200', async () => {
    // Earlier pages may have cached the API answers this page reads: the outage must be met.
    ctx.app.responseCache.invalidate();
    await ctx.app.database.close();
    const page = await ctx.app.inject({ method: 'GET', url: '/vacatures' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('10');
    expect(page.headers['content-type']).toContain('text/html');
  });
});
