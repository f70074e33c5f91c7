import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, tokenFor, useTestApp } from '../../../test/helper';
import type { RouteEntry } from './plugin';

/**
 * Every protected /api route, read from the app itself: a route added later joins this matrix
 * without anyone editing it. Ids are replaced by one that does not exist, so no seeded data
 * is changed by the "allowed" calls.
 */
const ctx = useTestApp();
let routes: RouteEntry[];
let user: string;
let userEmail: string;

beforeAll(async () => {
  routes = ctx.app.apiRoutes.filter((r) => r.access !== 'public');
  ({ token: user, email: userEmail } = await tokenFor(ctx.app, 'ROLE_USER'));
});

const concrete = (url: string) => url.replace(/:\w+/g, '999999').replace(/\*$/, 'x');
const hit = (r: RouteEntry, token?: string) =>
  call(ctx.app, {
    method: r.method as 'GET',
    url: concrete(r.url),
    token,
    ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('role matrix', () => {
  it('covers the back office', () => {
    const admins = routes.filter((r) => r.access === 'ROLE_ADMIN').map((r) => `${r.method} ${r.url}`);
    expect(admins).toEqual(expect.arrayContaining(['GET /api/users/all', 'POST /api/users/create', 'GET /api/roles']));
  });

  it('refuses anonymous callers with 401 everywhere', async () => {
    for (const r of routes) expect([r.url, (await hit(r)).statusCode]).toEqual([r.url, 401]);
  });

  it('refuses ROLE_USER with 403 on every admin route', async () => {
    for (const r of routes.filter((x) => x.access === 'ROLE_ADMIN'))
      expect([r.method, r.url, (await hit(r, user)).statusCode]).toEqual([r.method, r.url, 403]);
  });

  it('lets ROLE_ADMIN through every admin route', async () => {
    for (const r of routes.filter((x) => x.access === 'ROLE_ADMIN')) {
      const status = (await hit(r, ctx.adminToken)).statusCode;
      expect([r.method, r.url, status === 401 || status === 403 || status >= 500]).toEqual([r.method, r.url, false]);
    }
  });

  it('lets any signed-in user through authenticated routes', async () => {
    for (const r of routes.filter((x) => x.access === 'authenticated')) {
      // A fresh sign-in each time: Log Out and sign out everywhere end the token they are sent with.
      const status = (await hit(r, await login(ctx.app, userEmail, 'secret-pw'))).statusCode;
      // An empty body may be refused (400) or out of turn (409); never for who is calling.
      expect([r.method, r.url, [200, 400, 409].includes(status)]).toEqual([r.method, r.url, true]);
    }
  });
});
