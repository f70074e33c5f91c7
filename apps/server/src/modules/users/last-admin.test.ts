import { describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { ADMIN, call, login, tokenFor, useTestApp } from '../../../test/helper';
import { usersRepository } from './repository';
import { usersService } from './service';
import { hashPassword } from '../../lib/password-hashing';

const ctx = useTestApp({ seedDemo: false });

const adminCount = async (token: string) =>
  ((await call(ctx.app, { method: 'GET', url: '/api/users/all', token })).json() as { roles: string[] }[]).filter((u) =>
    u.roles.includes(ROLE_ADMIN),
  ).length;
const roleId = async (name: string, token: string) =>
  ((await call(ctx.app, { method: 'GET', url: '/api/roles', token })).json() as { id: number; name: string }[]).find(
    (r) => r.name === name,
  )!.id;

/** An administrator made through the repository, signed in (password 'secret-pw'). */
async function newAdmin(email: string) {
  const repo = usersRepository(ctx.app.db);
  const adminRole = (await repo.listRoles()).find((r) => r.name === ROLE_ADMIN)!.id;
  const userId = await repo.create(email, await hashPassword('secret-pw'), [adminRole]);
  return { userId, email, token: await login(ctx.app, email, 'secret-pw') };
}

/**
 * The rule "the last administrator cannot be removed" holds when two administrators act at the
 * same moment: the database decides, not a check that both requests pass before either writes.
 */
describe('the last administrator, under concurrent requests', () => {
  it('survives two administrators deleting each other at once', async () => {
    const first = await login(ctx.app, ADMIN.username, ADMIN.password);
    const firstId = (await call(ctx.app, { method: 'GET', url: '/api/authorized', token: first })).json()
      .userId as number;
    const second = await tokenFor(ctx.app, ROLE_ADMIN);
    expect(await adminCount(first)).toBe(2);

    const outcomes = await Promise.all([
      call(ctx.app, { method: 'DELETE', url: `/api/users/delete/${second.userId}`, token: first }),
      call(ctx.app, { method: 'DELETE', url: `/api/users/delete/${firstId}`, token: second.token }),
    ]);
    const statuses = outcomes.map((r) => r.statusCode).sort();
    expect(statuses).toContain(200);
    // The other one is refused: either by the rule, or because its sender no longer exists.
    const refused = outcomes.find((r) => r.statusCode !== 200)!;
    expect([401, 409]).toContain(refused.statusCode);
    if (refused.statusCode === 409) expect(refused.json().message).toBe(MSG.cannotRemoveLastAdmin);

    const survivor = outcomes[0]!.statusCode === 200 ? first : second.token;
    expect(await adminCount(survivor)).toBe(1);
  });

  it('survives two administrators demoting each other at once', async () => {
    // Made directly: which administrator the test above left is up to the race it ran.
    const a = await newAdmin('demote-a@example.com');
    const b = await newAdmin('demote-b@example.com');
    // Only a and b are administrators now.
    const others = (
      (await call(ctx.app, { method: 'GET', url: '/api/users/all', token: a.token })).json() as {
        userId: number;
        roles: string[];
      }[]
    ).filter((u) => u.roles.includes(ROLE_ADMIN) && u.userId !== a.userId && u.userId !== b.userId);
    for (const u of others) {
      await call(ctx.app, { method: 'DELETE', url: `/api/users/delete/${u.userId}`, token: a.token });
    }
    expect(await adminCount(a.token)).toBe(2);

    const user = await roleId(ROLE_USER, a.token);
    const outcomes = await Promise.all([
      call(ctx.app, {
        method: 'PUT',
        url: `/api/users/update/${b.userId}`,
        token: a.token,
        payload: { password: 'secret-pw', roleIds: [user] },
      }),
      call(ctx.app, {
        method: 'PUT',
        url: `/api/users/update/${a.userId}`,
        token: b.token,
        payload: { password: 'secret-pw', roleIds: [user] },
      }),
    ]);
    expect(outcomes.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
    const survivor = outcomes[0]!.statusCode === 200 ? a : b;
    expect(await adminCount(await login(ctx.app, survivor.email, 'secret-pw'))).toBe(1);
  });
});

describe('the users service, called twice at once', () => {
  it('deletes one of the last two administrators and refuses the other', async () => {
    const repo = usersRepository(ctx.app.db);
    const adminRole = (await repo.listRoles()).find((r) => r.name === ROLE_ADMIN)!.id;
    const a = await repo.create('service-a@example.com', 'not-a-hash', [adminRole]);
    const b = await repo.create('service-b@example.com', 'not-a-hash', [adminRole]);
    for (const u of await repo.list())
      if (u.roles.includes(ROLE_ADMIN) && u.id !== a && u.id !== b) await repo.delete(u.id);
    const service = usersService(repo);
    const outcomes = await Promise.allSettled([service.remove(b, a), service.remove(a, b)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ statusCode: 409, message: MSG.cannotRemoveLastAdmin });
    expect(await repo.countAdmins()).toBe(1);
  });
});
