import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, call, login } from '../../test/helper';

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await login(app);
});
afterAll(() => app.close());

describe('response cache', () => {
  it('serves a public read from the cache and drops it on the next change', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/masthead' });
    const again = await app.inject({ method: 'GET', url: '/api/masthead' });
    expect(again.body).toBe(first.body);

    const saved = await call(app, {
      method: 'PUT',
      url: '/api/masthead',
      token: admin,
      payload: { mastheadTitle: 'Changed at once', mastheadBody: 'Visible on the next read' },
    });
    expect(saved.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/masthead' });
    expect(after.json()).toMatchObject({ mastheadTitle: 'Changed at once' });
  });

  it('does not let a refused change invalidate anything, nor cache errors', async () => {
    await app.inject({ method: 'GET', url: '/api/posts/999999' });
    const missing = await app.inject({ method: 'GET', url: '/api/posts/999999' });
    expect(missing.statusCode).toBe(404);
  });
});
