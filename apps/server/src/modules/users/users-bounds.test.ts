import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MSG } from '@app/shared/messages';
import { MAX_PAGE_SIZE } from '@app/shared/schemas/paging';
import type { User, UsersPage } from '@app/shared/schemas/users';
import { buildTestApp, call, login } from '../../../test/helper';

/** More accounts than the plain list's bound. */
const MANY = 230;

let app: FastifyInstance;
let token: string;
/** Every account's id, oldest first. */
let ids: number[];

beforeAll(async () => {
  app = await buildTestApp();
  token = await login(app);
  // One statement for the accounts, one for their roles: every third one an administrator.
  await app.db.execute(sql`
    insert into users (email, password_hash)
    select 'bulk.user.' || n || '@example.com', 'not-a-hash' from generate_series(1, ${MANY}) as n`);
  await app.db.execute(sql`
    insert into user_roles (user_id, role_id)
    select u.id, r.id from users u join roles r
      on r.name = case when u.id % 3 = 0 then 'ROLE_ADMIN' else 'ROLE_USER' end
    where u.email like 'bulk.user.%'`);
  ids = (await app.db.execute<{ id: number }>(sql`select id from users order by id`)).rows.map((r) => Number(r.id));
}, 60_000);
afterAll(() => app.close());

const get = (url: string) => call(app, { method: 'GET', url, token });

describe('GET /api/users/all at hundreds of accounts', () => {
  it(`without page answers the spec's array, bounded to the oldest ${MAX_PAGE_SIZE}, with their roles`, async () => {
    const res = await get('/api/users/all');
    expect(res.statusCode).toBe(200);
    const users = res.json() as User[];
    expect(users.map((u) => u.userId)).toEqual(ids.slice(0, MAX_PAGE_SIZE));
    for (const u of users.filter((u) => u.email.startsWith('bulk.user.')))
      expect(u.roles).toEqual([u.userId % 3 === 0 ? 'ROLE_ADMIN' : 'ROLE_USER']);
    expect(res.body).not.toMatch(/password|hash|totp/i);
  });

  it('with page answers one page and the total; the pages list every account once, oldest first', async () => {
    const first = (await get('/api/users/all?page=1')).json() as UsersPage;
    expect(first).toMatchObject({ total: ids.length, page: 1, pageSize: 20 });
    const listed: number[] = [];
    const pageSize = 47;
    for (let page = 1; page <= Math.ceil(ids.length / pageSize); page++) {
      const body = (await get(`/api/users/all?page=${page}&pageSize=${pageSize}`)).json() as UsersPage;
      expect(body).toMatchObject({ total: ids.length, page, pageSize });
      // Each page has each account's roles, not the roles cut off by the window.
      for (const u of body.items) expect(u.roles).toHaveLength(1);
      listed.push(...body.items.map((u) => u.userId));
    }
    expect(listed).toEqual(ids);
    expect(((await get(`/api/users/all?page=100&pageSize=${pageSize}`)).json() as UsersPage).items).toEqual([]);
  });

  it('refuses a page size above the maximum (400)', async () => {
    const res = await get(`/api/users/all?pageSize=${MAX_PAGE_SIZE + 1}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ field: 'pageSize', message: MSG.postPageSizeInvalid });
  });
});
