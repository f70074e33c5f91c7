import { describe, expect, it } from 'vitest';
import { MSG } from '@app/shared/messages';
import { call, clientHeaders, useTestApp } from '../../test/helper';

const ctx = useTestApp();

/** `/%61pi/…` is `/api/…` once decoded: the router, CSRF and the cache must all see the same route. */
describe('percent-encoded paths', () => {
  it('meet the CSRF check of the route they reach', async () => {
    const { cookie } = clientHeaders();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/%61pi/masthead',
      headers: { cookie, authorization: `Bearer ${ctx.adminToken}` },
      payload: { mastheadTitle: 'Forged', mastheadBody: 'No CSRF header was sent' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.csrf);
    const masthead = await ctx.app.inject({ method: 'GET', url: '/api/masthead' });
    expect(masthead.json().mastheadTitle).not.toBe('Forged');
  });

  it('empty the cache when a change arrives through them', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/api/masthead' });
    expect(before.statusCode).toBe(200);
    const saved = await call(ctx.app, {
      method: 'PUT',
      url: '/%61pi/masthead',
      token: ctx.adminToken,
      payload: { mastheadTitle: 'Through an encoded path', mastheadBody: 'Seen on the next read' },
    });
    expect(saved.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/masthead' });
    expect(after.json().mastheadTitle).toBe('Through an encoded path');
  });
});
