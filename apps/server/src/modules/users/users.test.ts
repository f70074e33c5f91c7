import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/shared/messages';
import { call, login, useTestApp } from '../../../test/helper';

const ctx = useTestApp();
let roles: { id: number; name: string }[];
const roleId = (name: string) => roles.find((r) => r.name === name)!.id;

beforeAll(async () => {
  roles = (await call(ctx.app, { method: 'GET', url: '/api/roles', token: ctx.adminToken })).json();
});

const create = (payload: object) =>
  call(ctx.app, { method: 'POST', url: '/api/users/create', token: ctx.adminToken, payload });

describe('users', () => {
  it('lists the two roles of the spec and the staff roles of decision 0145', () => {
    expect(roles.map((r) => r.name)).toEqual([
      'ROLE_ADMIN',
      'ROLE_USER',
      'ROLE_CONTRIBUTOR',
      'ROLE_EDITOR',
      'ROLE_RECRUITER',
    ]);
  });

  it('creates a user and never returns a password or hash', async () => {
    const res = await create({ email: 'new.user@example.com', password: 'secret1', roleIds: [roleId('ROLE_USER')] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ userId: expect.any(Number), email: 'new.user@example.com', roles: ['ROLE_USER'] });
    const list = await call(ctx.app, { method: 'GET', url: '/api/users/all', token: ctx.adminToken });
    expect(list.body).not.toMatch(/password|argon2/i);
    expect(list.json().map((u: { email: string }) => u.email)).toContain('new.user@example.com');
  });

  it('refuses an e-mail that exists in another case with 409', async () => {
    await create({ email: 'Dup@Example.com', password: 'secret1', roleIds: [roleId('ROLE_USER')] });
    const res = await create({ email: 'dup@example.COM', password: 'secret1', roleIds: [roleId('ROLE_USER')] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.emailTaken);
  });

  it.each([
    [{ email: '', password: 'secret1', roleIds: [1] }, 'email', MSG.emailRequired],
    [{ email: 'not-an-email', password: 'secret1', roleIds: [1] }, 'email', MSG.emailInvalid],
    [{ email: `${'a'.repeat(65)}@example.com`, password: 'secret1', roleIds: [1] }, 'email', MSG.emailInvalid],
    [{ email: 'a@example.com', password: '', roleIds: [1] }, 'password', MSG.passwordRequired],
    [{ email: 'a@example.com', password: '12345', roleIds: [1] }, 'password', MSG.passwordMin],
    [{ email: 'a@example.com', password: 'secret1', roleIds: [] }, 'roleIds', MSG.roleRequired],
    [{ email: 'a@example.com', password: 'secret1', roleIds: [1, 2] }, 'roleIds', MSG.roleOnlyOne],
  ])('validates %j', async (payload, field, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it('gives fields left out the messages of empty ones', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'email', message: MSG.emailRequired },
      { field: 'password', message: MSG.passwordRequired },
      { field: 'roleIds', message: MSG.roleRequired },
    ]);
  });

  it('refuses an unknown role id', async () => {
    const res = await create({ email: 'role@example.com', password: 'secret1', roleIds: [999] });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for a missing user and 400 for an id that is not a number', async () => {
    expect(
      (await call(ctx.app, { method: 'GET', url: '/api/users/getById/9999', token: ctx.adminToken })).json().message,
    ).toBe(MSG.userNotFound);
    expect(
      (await call(ctx.app, { method: 'GET', url: '/api/users/getById/abc', token: ctx.adminToken })).statusCode,
    ).toBe(400);
  });

  it('does not let an admin delete their own account', async () => {
    const me = (await call(ctx.app, { method: 'GET', url: '/api/authorized', token: ctx.adminToken })).json().userId;
    const res = await call(ctx.app, { method: 'DELETE', url: `/api/users/delete/${me}`, token: ctx.adminToken });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.cannotDeleteSelf);
  });

  it('never removes the last administrator', async () => {
    const me = (await call(ctx.app, { method: 'GET', url: '/api/authorized', token: ctx.adminToken })).json().userId;
    const demote = await call(ctx.app, {
      method: 'PUT',
      url: `/api/users/update/${me}`,
      token: ctx.adminToken,
      payload: { password: 'admin-password', roleIds: [roleId('ROLE_USER')] },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(MSG.cannotRemoveLastAdmin);
    // A second administrator may be deleted by the first.
    const other = await create({
      email: 'second.admin@example.com',
      password: 'secret1',
      roleIds: [roleId('ROLE_ADMIN')],
    });
    const del = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/users/delete/${other.json().userId}`,
      token: ctx.adminToken,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(MSG.userDeleted);
  });

  it('an update names exactly one role, or none to keep the roles as they are', async () => {
    const u = (
      await create({ email: 'one.role@example.com', password: 'secret1', roleIds: [roleId('ROLE_USER')] })
    ).json() as { userId: number };
    const update = (payload: object) =>
      call(ctx.app, { method: 'PUT', url: `/api/users/update/${u.userId}`, token: ctx.adminToken, payload });
    for (const [roleIds, message] of [
      [[], MSG.roleRequired],
      [[roleId('ROLE_USER'), roleId('ROLE_ADMIN')], MSG.roleOnlyOne],
    ] as const) {
      const res = await update({ password: 'secret2', roleIds });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field: 'roleIds', message });
    }
    expect((await update({ password: 'secret3' })).statusCode).toBe(200);
    const after = await call(ctx.app, { method: 'GET', url: `/api/users/getById/${u.userId}`, token: ctx.adminToken });
    expect(after.json().roles).toEqual(['ROLE_USER']);
  });

  it('changes a password through the edit path too', async () => {
    const u = (
      await create({ email: 'edit.path@example.com', password: 'secret1', roleIds: [roleId('ROLE_USER')] })
    ).json();
    const res = await call(ctx.app, {
      method: 'PUT',
      url: `/api/users/editUser/${u.userId}`,
      token: ctx.adminToken,
      payload: { password: 'changed1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await login(ctx.app, 'edit.path@example.com', 'changed1')).length).toBeGreaterThan(20);
  });
});
