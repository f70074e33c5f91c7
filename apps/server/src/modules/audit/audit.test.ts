import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditEntry, AuditPage } from '@app/shared/schemas/audit';
import type { Vacancy } from '@app/shared/schemas/vacancies';
import { brusselsDate } from '@app/shared/brussels';
import { ROLE_USER } from '@app/shared/constants';
import { ADMIN, call, login, tokenFor, useTestApp } from '../../../test/helper';
import { until } from '../../../test/until';
import { providerBody } from '../../../test/mail-fixtures';
import { postJson } from '../../../test/post-fixtures';
import { outboxService } from '../outbox';
import { auditLog } from '../../db/schema';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, payload?: object, token = ctx.adminToken) =>
  call(ctx.app, { method, url, token, ...(payload ? { payload } : {}) });
const audit = async (query = ''): Promise<AuditPage> => {
  const res = await req('GET', `/api/audit?pageSize=200${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as AuditPage;
};
/** The newest row of an area and action (the trail is newest first). */
const latest = async (area: string, action: string): Promise<AuditEntry> => {
  const { items } = await audit(`&area=${area}&action=${action}`);
  expect(items.length, `no audit row for ${area}/${action}`).toBeGreaterThan(0);
  return items[0]!;
};

let adminId: number;
beforeAll(async () => {
  adminId = (await req('GET', '/api/authorized')).json().userId;
});

describe('sign-ins', () => {
  it('records a successful sign-in with the person and the address', async () => {
    await login(ctx.app);
    const row = await latest('session', 'sign-in');
    expect(row).toMatchObject({
      userId: adminId,
      email: ADMIN.username,
      address: '127.0.0.1',
      recordId: String(adminId),
      changes: null,
    });
    expect(Date.now() - Date.parse(row.at)).toBeLessThan(60_000);
  });

  it('records a failed sign-in with the address; a name that is no account is not kept, the password never', async () => {
    for (const username of ['nobody@example.com', 'my-password-typed-here']) {
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'wrong-guess-123' },
        remoteAddress: '203.0.113.9',
      });
      expect(res.statusCode).toBe(401);
      const row = await latest('session', 'sign-in-failed');
      expect(row).toMatchObject({ userId: null, email: null, address: '203.0.113.9', recordId: null });
      expect(JSON.stringify(row)).not.toContain('wrong-guess-123');
    }
    const { items } = await audit('&area=session');
    expect(JSON.stringify(items)).not.toMatch(/nobody@example\.com|my-password-typed-here/);
  });

  it('counts refused sign-ins from one address in one row instead of a row per request', async () => {
    const address = '198.51.100.7';
    const attempt = (i: number) =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/login',
        payload: { username: i % 2 ? ADMIN.username : `guess${i}@example.com`, password: 'wrong-guess-456' },
        remoteAddress: address,
      });
    // Failures until the address's own limit (20) refuses even a name never tried; the account's
    // limit for this address (5) refuses the administrator's attempts before that.
    const statuses: number[] = [];
    for (let i = 0; i < 40 && statuses.at(-1) !== 429; i += 2) {
      statuses.push((await attempt(i + 1)).statusCode);
      statuses.push((await attempt(i)).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    const refusedBefore = statuses.filter((s) => s === 429).length;
    const more = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(100 + i)));
    expect(more.every((r) => r.statusCode === 429)).toBe(true);
    const refused = refusedBefore + 40;
    const rows = await until(
      async () => {
        const { items } = await audit('&area=session&action=sign-in-refused');
        const mine = items.filter((r) => r.address === address);
        return mine.length === 1 && (mine[0]!.changes as { attempts: { to: number } }).attempts.to === refused && mine;
      },
      20_000,
      `one row counting ${refused} refusals`,
    );
    // The first refusal was for the administrator (odd attempts), a known account: it is named.
    expect(rows[0]).toMatchObject({ email: ADMIN.username, userId: adminId });
    expect(JSON.stringify(rows)).not.toContain('wrong-guess-456');
  });

  it('records a wrong current password on the password change like a failed sign-in', async () => {
    const res = await req('POST', '/api/account/password', {
      currentPassword: 'not-my-password',
      newPassword: 'a-brand-new-password-1',
    });
    expect(res.statusCode).toBe(400);
    const row = await latest('session', 'password-change-failed');
    expect(row).toMatchObject({ userId: adminId, email: ADMIN.username, address: '127.0.0.1' });
    expect(JSON.stringify(row)).not.toContain('not-my-password');
  });

  it("names the account when an existing user's password was wrong", async () => {
    await call(ctx.app, {
      method: 'POST',
      url: '/api/login',
      payload: { username: ADMIN.username, password: 'not-the-password' },
    });
    expect(await latest('session', 'sign-in-failed')).toMatchObject({ userId: adminId, email: ADMIN.username });
  });
});

describe('staff changes, one per area', () => {
  it('users: create, and a password change shows as changed without any value', async () => {
    const roles = (await req('GET', '/api/roles')).json() as { id: number; name: string }[];
    const roleId = roles.find((r) => r.name === ROLE_USER)!.id;
    const created = await req('POST', '/api/users/create', {
      email: 'audited@example.com',
      password: 'first-secret-1',
      roleIds: [roleId],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().userId as number;
    const create = await latest('users', 'create');
    expect(create).toMatchObject({ userId: adminId, email: ADMIN.username, recordId: String(id) });
    expect(create.changes).toMatchObject({
      email: { to: 'audited@example.com' },
      roles: { to: [ROLE_USER] },
      password: { changed: true },
    });

    expect((await req('PUT', `/api/users/update/${id}`, { password: 'second-secret-2' })).statusCode).toBe(200);
    const update = await latest('users', 'update');
    expect(update).toMatchObject({ recordId: String(id), changes: { password: { changed: true } } });

    expect((await req('DELETE', `/api/users/delete/${id}`)).statusCode).toBe(200);
    expect(await latest('users', 'delete')).toMatchObject({ recordId: String(id), changes: null });
  });

  it('posts: create records the new fields', async () => {
    const res = await req('POST', '/api/posts', JSON.parse(postJson({ name: 'Audited post' })) as object);
    expect(res.statusCode).toBe(201);
    const row = await latest('posts', 'create');
    expect(row.recordId).toBe(String(res.json().id));
    expect(row.changes).toMatchObject({ name: { to: 'Audited post' }, content: { to: 'Long enough content.' } });
  });

  it('vacancies: update records each changed field from → to, and only those', async () => {
    const v = (await req('GET', '/api/vacancy/1')).json() as Vacancy;
    const { id, title, expectation, function: fn, description, offer, version } = v;
    const res = await req('PUT', `/api/vacancy/${id}`, {
      id,
      title: 'Audited title',
      expectation,
      function: fn,
      description,
      offer,
      version,
    });
    expect(res.statusCode).toBe(200);
    const row = await latest('vacancies', 'update');
    expect(row.recordId).toBe('1');
    // A new title without a slug renames the slug too (old URLs answer 301): both are changes.
    expect(row.changes).toEqual({
      title: { from: title, to: 'Audited title' },
      slug: { from: 'java-developer', to: 'audited-title' },
    });
  });

  it('page texts: the intro', async () => {
    expect((await req('PUT', '/api/intro', { title: 'Audited intro', history: 'h', body: 'b' })).statusCode).toBe(200);
    expect((await latest('content', 'update-intro')).changes).toMatchObject({ title: { to: 'Audited intro' } });
  });

  it('settings: the retention period', async () => {
    const current = (await req('GET', '/api/settings/admin')).json() as Record<string, unknown>;
    const { retentionDays: _d, privacyText: _p, ...form } = current;
    expect((await req('PUT', '/api/settings', { ...form, retentionDays: 90 })).statusCode).toBe(200);
    expect((await latest('settings', 'update')).changes).toEqual({ retentionDays: { from: 180, to: 90 } });
  });

  it('providers and mailboxes: the mailbox password shows as changed, never its value', async () => {
    const provider = await req(
      'POST',
      '/api/providers/create',
      providerBody({ providerName: 'Audited provider', auth: true }),
    );
    expect(provider.statusCode).toBe(201);
    expect((await latest('providers', 'create')).changes).toMatchObject({ providerName: { to: 'Audited provider' } });
    const mailbox = await req('POST', '/api/mailboxes/create', {
      providerId: provider.json().id,
      type: 'DEV',
      host: '127.0.0.1',
      port: 2525,
      username: 'audit@company.example',
      password: 'mailbox-s3cret',
      auth: true,
      active: false,
    });
    expect(mailbox.statusCode).toBe(201);
    const row = await latest('mailboxes', 'create');
    expect(row.recordId).toBe(String(mailbox.json().id));
    expect(row.changes).toMatchObject({ username: { to: 'audit@company.example' }, passwordEnc: { changed: true } });
  });

  it('messages: resend of a failed message', async () => {
    const id = await outboxService(ctx.app.db).enqueue({
      fullName: 'Failed One',
      email: 'failed@visitor.example',
      phoneNumber: '',
      message: 'Hello there.',
    });
    await ctx.app.db.execute(sql`update contact_messages set status = 'failed' where id = ${id}`);
    expect((await req('POST', `/api/messages/${id}/resend`)).statusCode).toBe(200);
    expect(await latest('messages', 'resend')).toMatchObject({ recordId: String(id), userId: adminId });
  });

  it('a refused change (400, 404) writes nothing', async () => {
    const before = (await audit()).total;
    expect((await req('PUT', '/api/intro', { title: 'x'.repeat(100_000) })).statusCode).toBe(400);
    expect((await req('DELETE', '/api/vacancy/999999')).statusCode).toBe(404);
    expect((await audit()).total).toBe(before);
  });

  it('no secret or password ever appears in the trail', async () => {
    const rows = await ctx.app.db.select().from(auditLog);
    const text = JSON.stringify(rows);
    for (const secret of [
      'first-secret-1',
      'second-secret-2',
      'mailbox-s3cret',
      'wrong-guess-123',
      'not-the-password',
      ADMIN.password,
      '$argon2',
    ])
      expect(text).not.toContain(secret);
  });
});

describe('GET /api/audit', () => {
  it('is for administrators only', async () => {
    const user = await tokenFor(ctx.app, ROLE_USER);
    expect((await req('GET', '/api/audit', undefined, user.token)).statusCode).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });

  it('has no way to change or delete rows', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const)
      expect((await req(method, '/api/audit')).statusCode).toBe(404);
    expect((await req('DELETE', '/api/audit/1')).statusCode).toBe(404);
  });

  it('answers newest first with the total, paginated', async () => {
    const all = await audit();
    expect(all.total).toBe(all.items.length);
    const times = all.items.map((r) => Date.parse(r.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = (await req('GET', '/api/audit?page=2&pageSize=2')).json() as AuditPage;
    expect(second.total).toBe(all.total);
    expect(second.items.map((r) => r.id)).toEqual(all.items.slice(2, 4).map((r) => r.id));
    expect(Object.keys(second.items[0]!).sort()).toEqual([
      'action',
      'address',
      'area',
      'at',
      'changes',
      'email',
      'id',
      'recordId',
      'userId',
    ]);
  });

  it('filters by person, area, action and date', async () => {
    const other = await tokenFor(ctx.app, ROLE_USER);
    const byOther = await audit(`&userId=${other.userId}`);
    expect(byOther.items.length).toBeGreaterThan(0);
    expect(byOther.items.every((r) => r.userId === other.userId)).toBe(true);
    expect((await audit('&area=vacancies')).items.every((r) => r.area === 'vacancies')).toBe(true);
    expect((await audit('&action=sign-in-failed')).items.every((r) => r.action === 'sign-in-failed')).toBe(true);

    const today = brusselsDate();
    await ctx.app.db.execute(sql`update audit_log set at = now() - interval '10 days' where area = 'content'`);
    expect((await audit(`&area=content&from=${today}`)).total).toBe(0);
    const tenDaysAgo = brusselsDate(new Date(Date.now() - 10 * 86_400_000));
    expect((await audit(`&area=content&from=${tenDaysAgo}&to=${tenDaysAgo}`)).total).toBeGreaterThan(0);
    expect((await audit(`&to=${tenDaysAgo}`)).items.every((r) => r.area === 'content')).toBe(true);
  });

  it('takes the days of its date filters in Brussels, as the screen shows the times', async () => {
    // 23:30 UTC on 15 January is 00:30 on the 16th in Brussels (UTC+1 in winter); 21:30 UTC on
    // 15 July is 23:30 on the 15th (UTC+2 in summer).
    const [winter] = await ctx.app.db
      .insert(auditLog)
      .values({ at: new Date('2025-01-15T23:30:00Z'), area: 'test-days', action: 'winter' })
      .returning();
    const [summer] = await ctx.app.db
      .insert(auditLog)
      .values({ at: new Date('2025-07-15T21:30:00Z'), area: 'test-days', action: 'summer' })
      .returning();
    const ids = async (from: string, to: string) =>
      (await audit(`&area=test-days&from=${from}&to=${to}`)).items.map((r) => r.id);
    expect(await ids('2025-01-16', '2025-01-16')).toEqual([winter!.id]);
    expect(await ids('2025-01-15', '2025-01-15')).toEqual([]);
    expect(await ids('2025-07-15', '2025-07-15')).toEqual([summer!.id]);
    expect(await ids('2025-07-16', '2025-07-16')).toEqual([]);
  });

  it('refuses bad filters with 400', async () => {
    const bad = ['from=yesterday', 'to=2026-13-45', 'from=2026-02-30', 'page=0', 'pageSize=1000', 'userId=abc'];
    // NUL cannot reach PostgreSQL (it refuses it in text): refused as every text field refuses it.
    for (const q of [...bad, 'area=a%00b', 'action=%00', 'area=%0Aposts']) {
      const res = await req('GET', `/api/audit?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });
});
