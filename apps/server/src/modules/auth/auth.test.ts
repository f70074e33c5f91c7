import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { ADMIN, buildTestApp, call, login, tokenFor } from '../../../test/helper';
import { deriveKey } from '../../lib/secret';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const post = (url: string, payload: unknown, token?: string) =>
  call(app, { method: 'POST', url, payload: payload as object, token });

describe('POST /api/login', () => {
  it('answers the session user, its token and where to go', async () => {
    const res = await post('/api/login', ADMIN);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ userId: expect.any(Number), username: ADMIN.username, roles: ['ROLE_ADMIN'] });
    expect(body.user.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.redirect).toBe('/admin');
    expect(res.body).not.toContain('argon2');
  });

  it('accepts the e-mail in any case', async () => {
    expect((await post('/api/login', { ...ADMIN, username: ADMIN.username.toUpperCase() })).statusCode).toBe(200);
  });

  it('gives the same message for a wrong password and an unknown user', async () => {
    const wrong = await post('/api/login', { username: ADMIN.username, password: 'nope-nope' });
    const unknown = await post('/api/login', { username: 'ghost@example.com', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(STAFF_MSG.loginFailed);
    expect(unknown.json().message).toBe(STAFF_MSG.loginFailed);
  });

  it('names each missing field with the spec message', async () => {
    const res = await post('/api/login', { username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'username', message: MSG.usernameRequired },
        { field: 'password', message: MSG.passwordRequiredLogin },
      ]),
    );
  });

  it('refuses a sixth failed attempt on one account with 429 until the window passes', async () => {
    const username = 'throttled@example.com';
    for (let i = 0; i < 5; i++)
      expect((await post('/api/login', { username, password: 'bad-password' })).statusCode).toBe(401);
    const blocked = await post('/api/login', { username, password: 'bad-password' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MSG.tooManyLogins);
  });
});

describe('tokens', () => {
  it('lets a valid token through and tells who it is', async () => {
    const token = await login(app);
    const res = await call(app, { method: 'GET', url: '/api/authorized', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authorized: true, username: ADMIN.username, roles: ['ROLE_ADMIN'] });
  });

  it('refuses a forged token', async () => {
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    const res = await call(app, { method: 'GET', url: '/api/users/all', token: forged });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
  });

  it('refuses an expired token', async () => {
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(deriveKey(app.secret, 'jwt'));
    expect((await call(app, { method: 'GET', url: '/api/users/all', token: expired })).statusCode).toBe(401);
  });

  it('refuses a token with another algorithm', async () => {
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"1","ver":0}').toString('base64url')}.`;
    expect((await call(app, { method: 'GET', url: '/api/users/all', token: none })).statusCode).toBe(401);
  });

  it('revokes every token of a user whose password changes', async () => {
    const user = await tokenFor(app, 'ROLE_USER');
    expect((await call(app, { method: 'GET', url: '/api/authorized', token: user.token })).statusCode).toBe(200);
    const admin = await login(app);
    const changed = await call(app, {
      method: 'PUT',
      url: `/api/users/update/${user.userId}`,
      token: admin,
      payload: { password: 'another-pw' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(app, { method: 'GET', url: '/api/authorized', token: user.token })).statusCode).toBe(401);
    expect((await post('/api/login', { username: user.email, password: 'another-pw' })).statusCode).toBe(200);
  });

  it('revokes the token of a deleted account at once', async () => {
    const user = await tokenFor(app, 'ROLE_USER');
    const admin = await login(app);
    expect(
      (await call(app, { method: 'DELETE', url: `/api/users/delete/${user.userId}`, token: admin })).statusCode,
    ).toBe(200);
    expect((await call(app, { method: 'GET', url: '/api/authorized', token: user.token })).statusCode).toBe(401);
  });

  it('ignores a stale token on public endpoints instead of breaking them', async () => {
    const res = await call(app, { method: 'GET', url: '/api/health', token: 'garbage' });
    expect(res.statusCode).toBe(200);
  });
});

describe('request hygiene', () => {
  it('refuses a change without the CSRF header', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: ADMIN,
      headers: { cookie: 'XSRF-TOKEN=a' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.csrf);
  });

  it('hands out the XSRF-TOKEN cookie', async () => {
    // Where the browser app gets it; health answers hand out none (modules/health).
    const res = await app.inject({ method: 'GET', url: '/config.json' });
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toMatch(/^[\w-]{20,}$/);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await call(app, {
      method: 'POST',
      url: '/api/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('answers an oversized body with 413', async () => {
    const res = await call(app, {
      method: 'POST',
      url: '/api/login',
      payload: JSON.stringify({ username: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('reports the database in the health check', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', database: 'up', writes: 'ok' });
  });

  it('publishes OpenAPI generated from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/login'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/users/create']).toBeDefined();
    // What a client generator needs: who may call, and the CSRF header on changes.
    expect(doc.components.securitySchemes.xsrf).toEqual({ type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' });
    expect(doc.paths['/api/users/create'].post.security).toEqual([{ bearer: [], xsrf: [] }]);
    expect(doc.paths['/api/users/all'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/login'].post.security).toEqual([{ xsrf: [] }]);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { summary?: string }>>))
      for (const [method, op] of Object.entries(ops)) expect(op.summary, `${method} ${path}`).toBeTruthy();
  });

  it('sends a strict Content-Security-Policy', async () => {
    const csp = (await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
