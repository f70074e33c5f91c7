import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../test/helper';

const ctx = useTestApp();

describe('response cache', () => {
  it('serves a public read from the cache and drops it on the next change', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/masthead' });
    const again = await ctx.app.inject({ method: 'GET', url: '/api/masthead' });
    expect(again.body).toBe(first.body);

    const saved = await call(ctx.app, {
      method: 'PUT',
      url: '/api/masthead',
      token: ctx.adminToken,
      payload: { mastheadTitle: 'Changed at once', mastheadBody: 'Visible on the next read' },
    });
    expect(saved.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/masthead' });
    expect(after.json()).toMatchObject({ mastheadTitle: 'Changed at once' });
  });

  it('does not let a refused change invalidate anything, nor cache errors', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/posts/999999' });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/posts/999999' });
    expect(missing.statusCode).toBe(404);
  });
});
