import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type RoleName } from '@app/shared/constants';
import { ROLE_CAPABILITIES, rolesCan } from '@app/shared/capabilities';
import { call, login, tokenFor, useTestApp } from '../../../test/helper';
import type { RouteEntry } from './plugin';
import type { Access } from './access';

/**
 * Every protected /api route × every role, read from the app itself and the shared capability
 * table (decision 0145): a route or role added later joins this matrix without anyone editing it.
 * A role lacking a route's capability gets 403, anonymous callers 401. Ids are replaced by one that
 * does not exist, so no seeded data is changed by the "allowed" calls.
 */
const ctx = useTestApp();
let routes: RouteEntry[];
const accounts = new Map<RoleName, { token: string; email: string }>();

beforeAll(async () => {
  routes = ctx.app.apiRoutes.filter((r) => r.access !== 'public');
  for (const role of ROLES) accounts.set(role, await tokenFor(ctx.app, role));
});

const concrete = (url: string) => url.replace(/:\w+/g, '999999').replace(/\*$/, 'x');
const hit = (r: RouteEntry, token?: string) =>
  call(ctx.app, {
    method: r.method as 'GET',
    url: concrete(r.url),
    token,
    ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
  });
const name = (r: RouteEntry) => `${r.method} ${r.url}`;
/** Whether the role's capabilities name the route's (the routes here are none of them public). */
const holds = (role: string, access: Access) =>
  access !== 'public' && access !== 'authenticated' && rolesCan([role], access);

describe('role matrix', () => {
  it('covers the back office, each route with a capability', () => {
    const byAccess = (access: string) => routes.filter((r) => r.access === access).map(name);
    expect(byAccess('users')).toEqual(
      expect.arrayContaining(['GET /api/users/all', 'POST /api/users/create', 'GET /api/roles']),
    );
    expect(byAccess('posts:own')).toEqual(expect.arrayContaining(['POST /api/posts', 'PUT /api/posts/:id']));
    expect(byAccess('vacancies')).toEqual(expect.arrayContaining(['POST /api/vacancy']));
    expect(byAccess('applications')).toEqual(['GET /api/messages']);
    expect(byAccess('candidates')).toEqual(
      expect.arrayContaining([
        'POST /api/candidates/:id/interviews',
        'PUT /api/interviews/:id',
        'DELETE /api/interviews/:id',
      ]),
    );
    expect(byAccess('interviews').sort()).toEqual([
      'GET /api/interviews/candidates/:id',
      'GET /api/interviews/candidates/:id/cv',
      'GET /api/interviews/mine',
      'PUT /api/interviews/:id/feedback',
    ]);
  });

  it('gives every role a row in the capability table', () => {
    expect(Object.keys(ROLE_CAPABILITIES).sort()).toEqual([...ROLES].sort());
  });

  it('refuses anonymous callers with 401 everywhere', async () => {
    for (const r of routes) expect([r.url, (await hit(r)).statusCode]).toEqual([r.url, 401]);
  });

  // One test per role: what its capabilities do not name answers 403, what they name lets it through.
  for (const role of ROLES) {
    it(`lets ${role} through exactly the routes of its capabilities`, async () => {
      const { token, email } = accounts.get(role)!;
      // The routes of every signed-in user last: sign out everywhere ends every token of the user.
      const ordered = [...routes].sort((a, b) => +(a.access === 'authenticated') - +(b.access === 'authenticated'));
      for (const r of ordered) {
        if (r.access === 'authenticated') {
          // A fresh sign-in each time: Log Out and sign out everywhere end the token they are sent with.
          const status = (await hit(r, await login(ctx.app, email, 'secret-pw'))).statusCode;
          // An empty body may be refused (400) or out of turn (409); never for who is calling.
          expect([name(r), [200, 400, 409].includes(status)]).toEqual([name(r), true]);
        } else if (holds(role, r.access)) {
          const status = (await hit(r, token)).statusCode;
          expect([name(r), status === 401 || status === 403 || status >= 500]).toEqual([name(r), false]);
        } else {
          expect([name(r), (await hit(r, token)).statusCode]).toEqual([name(r), 403]);
        }
      }
    });
  }

  it('keeps ROLE_ADMIN and ROLE_USER as the specification has them', () => {
    const admin = routes.filter((r) => r.access !== 'authenticated').filter((r) => !holds('ROLE_ADMIN', r.access));
    expect(admin.map(name)).toEqual([]);
    // A ROLE_USER reaches only their own interviews and the candidates they interview (decision 0160).
    expect(
      routes
        .filter((r) => r.access !== 'authenticated' && holds('ROLE_USER', r.access))
        .filter((r) => r.access !== 'interviews')
        .map(name),
    ).toEqual([]);
  });

  it('keeps contributors, editors and recruiters out of users, mail, messages, settings and the audit trail', () => {
    for (const role of ['ROLE_CONTRIBUTOR', 'ROLE_EDITOR', 'ROLE_RECRUITER'] as const)
      for (const capability of ['users', 'mail', 'messages', 'settings', 'audit', 'system'] as const)
        expect([role, capability, rolesCan([role], capability)]).toEqual([role, capability, false]);
  });
});
