import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../test/helper';

// Pages need the built web app; `npm test` builds it before the API tests when it is missing or stale.
const webDist = path.resolve(import.meta.dirname, '../../../web/dist');
if (!fs.existsSync(path.join(webDist, 'server/entry-server.js'))) {
  throw new Error(`No web build in ${webDist}: run \`npm run build\` (or \`npm test\`, which builds when needed).`);
}
const ctx = useTestApp({ webDist });

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

describe('rendered pages', () => {
  it('give each response its own script nonce, also from the cache', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/about' });
    const second = await ctx.app.inject({ method: 'GET', url: '/about' });
    const [a, b] = [nonceOf(String(first.headers['content-security-policy'])), nonceOf(String(second.headers['content-security-policy']))];
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();
    expect(a).not.toBe(b);
    expect(first.body).toContain(`nonce="${a}"`);
    expect(second.body).toContain(`nonce="${b}"`);
    expect(second.body).not.toContain(a);
  });

  it('never put the nonce into content, whatever the content says', async () => {
    const title = 'csp-nonce-placeholder and nonce-placeholder';
    const saved = await call(ctx.app, {
      method: 'PUT',
      url: '/api/masthead',
      token: ctx.adminToken,
      payload: { mastheadTitle: title, mastheadBody: 'The title above must show as written.' },
    });
    expect(saved.statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const page = await ctx.app.inject({ method: 'GET', url: '/' });
      const nonce = nonceOf(String(page.headers['content-security-policy']))!;
      expect(page.body).toContain(title);
      // The nonce appears only in nonce attributes.
      expect(page.body.split(nonce).length - 1).toBe(page.body.split(`nonce="${nonce}"`).length - 1);
    }
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
