import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper';

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
];

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  for (const name of SECURITY_HEADERS) expect(headers, name).toHaveProperty(name);
  expect(String(headers['content-security-policy'])).toContain("default-src 'self'");
  expect(String(headers['content-security-policy'])).not.toContain('unsafe-eval');
};

describe('security headers', () => {
  const ctx = useTestApp({ seedDemo: false });

  it('are on router errors for malformed addresses too, with the API error shape', async () => {
    for (const url of ['/images/%zz', '/api/%E0%A4%A', '/%zz', '/api/posts/%']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expectSecurityHeaders(res.headers);
      expect(res.json()).toMatchObject({ statusCode: 400, message: 'The address of the request is not valid.' });
    }
  });

  it('answer a browser asking for a malformed page address with a page that leads home', async () => {
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const url of ['/tag/%E0%A4%A', '/post/%']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept } });
      expect(res.statusCode, url).toBe(400);
      expectSecurityHeaders(res.headers);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<h1>This address is not valid</h1>');
      expect(res.body).toContain('<a href="/"');
    }
    // An API address stays JSON whatever the client accepts.
    const api = await ctx.app.inject({ method: 'GET', url: '/api/%E0%A4%A', headers: { accept } });
    expect(api.json()).toMatchObject({ statusCode: 400, message: 'The address of the request is not valid.' });
  });

  it('are on API answers, 404s and the API documentation, which has no CSP of its own', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/api/docs/', '/api/docs/json']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expectSecurityHeaders(res.headers);
      // No inline script anywhere but in a rendered page, which lists its scripts' hashes (web.test.ts).
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self';");
    }
  });

  it('allow workers from this site only: the captcha worker is a file, not a blob', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(res.headers['content-security-policy'])).toContain("worker-src 'self';");
  });

  it('are the same on an answer from the cache, which leaves before the per-request hooks', async () => {
    const miss = await ctx.app.inject({ method: 'GET', url: '/api/masthead' });
    const hit = await ctx.app.inject({ method: 'GET', url: '/api/masthead' });
    expect(hit.headers['x-cache']).toBe('hit');
    expectSecurityHeaders(hit.headers);
    const helmetSet = Object.keys(miss.headers).filter(
      (h) => !['date', 'etag', 'x-request-id', 'x-cache', 'content-length', 'connection'].includes(h),
    );
    for (const name of helmetSet) expect(hit.headers[name], name).toEqual(miss.headers[name]);
    expect(hit.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(hit.headers['x-request-id']).not.toBe(miss.headers['x-request-id']);
  });
});

describe('API documentation in production', () => {
  const off = useTestApp({ seedDemo: false, env: 'production', apiDocs: false });
  it('is not served unless API_DOCS=true', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404);
    expect((await off.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });
});
