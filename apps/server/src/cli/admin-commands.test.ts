import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { call, login, useTestApp } from '../../test/helper';
import { compiledCommand } from '../../test/cli';
import { openDatabase } from '../db/client';
import type { AuditPage } from '@app/shared/schemas/audit';
import { AdminCommandError, createUser, listUsers, resetPassword } from './admin-commands';

const ctx = useTestApp({ seedDemo: false });
const passwordIn = (out: string) => /Password: (\S+)|password for \S+: (\S+)/i.exec(out)!.slice(1).find(Boolean)!;

describe('npm run admin', () => {
  it('create-user makes an account that signs in with the printed password and has the role', async () => {
    const out = await createUser(ctx.app.db, 'helpdesk@example.com', ['ROLE_USER']);
    const token = await login(ctx.app, 'helpdesk@example.com', passwordIn(out));
    const me = (await call(ctx.app, { method: 'GET', url: '/api/authorized', token })).json() as { roles: string[] };
    expect(me.roles).toEqual(['ROLE_USER']);
    expect(await listUsers(ctx.app.db)).toMatch(/helpdesk@example\.com\s+ROLE_USER/);
  });

  it('create-user accepts the staff roles of decision 0145', async () => {
    for (const role of ['ROLE_CONTRIBUTOR', 'ROLE_EDITOR', 'ROLE_RECRUITER']) {
      const address = `${role.toLowerCase()}-cli@example.com`;
      expect(await createUser(ctx.app.db, address, [role])).toContain(`(${role})`);
      expect(await listUsers(ctx.app.db)).toContain(`${address}  ${role}`);
    }
    await expect(createUser(ctx.app.db, 'y@example.com', ['ROLE_ROOT'])).rejects.toThrow(
      'use ROLE_ADMIN, ROLE_USER, ROLE_CONTRIBUTOR, ROLE_EDITOR or ROLE_RECRUITER.',
    );
  });

  it('create-user makes an administrator by default and refuses a taken address or an unknown role', async () => {
    const out = await createUser(ctx.app.db, 'second-admin@example.com', []);
    const token = await login(ctx.app, 'second-admin@example.com', passwordIn(out));
    // A printed password is only a way in: nothing but the password change answers until then.
    const blocked = await call(ctx.app, { method: 'GET', url: '/api/users/all', token });
    expect([blocked.statusCode, blocked.json().message]).toEqual([403, STAFF_MSG.passwordChangeRequired]);
    const changed = await call(ctx.app, {
      method: 'POST',
      url: '/api/account/password',
      token,
      payload: { currentPassword: passwordIn(out), newPassword: 'chosen-by-me' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().passwordChangeRequired).toBeUndefined();
    const fresh = changed.json().user.token as string;
    expect((await call(ctx.app, { method: 'GET', url: '/api/users/all', token: fresh })).statusCode).toBe(200);
    await expect(createUser(ctx.app.db, 'SECOND-admin@example.com', [])).rejects.toThrow(/exists already/);
    await expect(createUser(ctx.app.db, 'x@example.com', ['ROLE_ROOT'])).rejects.toThrow(AdminCommandError);
    await expect(createUser(ctx.app.db, 'not an address', [])).rejects.toThrow(/Not a valid e-mail/);
  });

  it('reset-password gives a new password and signs the account out everywhere', async () => {
    const out = await createUser(ctx.app.db, 'forgetful@example.com', ['ROLE_ADMIN']);
    const before = await login(ctx.app, 'forgetful@example.com', passwordIn(out));
    const reset = await resetPassword(ctx.app.db, 'forgetful@example.com');
    expect((await call(ctx.app, { method: 'GET', url: '/api/authorized', token: before })).statusCode).toBe(401);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/login',
      payload: { username: 'forgetful@example.com', password: passwordIn(out) },
    });
    expect(res.statusCode).toBe(401);
    const again = await call(ctx.app, {
      method: 'POST',
      url: '/api/login',
      payload: { username: 'forgetful@example.com', password: passwordIn(reset) },
    });
    expect(again.json().passwordChangeRequired).toBe(true);
    await expect(resetPassword(ctx.app.db, 'nobody@example.com')).rejects.toThrow(/No user/);
  });

  it('writes both commands to the audit trail, without the passwords', async () => {
    const out = await createUser(ctx.app.db, 'audited-cli@example.com', ['ROLE_USER']);
    const reset = await resetPassword(ctx.app.db, 'audited-cli@example.com');
    const res = await call(ctx.app, { method: 'GET', url: '/api/audit?area=users', token: await login(ctx.app) });
    const items = (res.json() as AuditPage).items;
    expect(items.find((r) => r.action === 'create-cli')).toMatchObject({
      userId: null,
      address: null,
      changes: { email: { to: 'audited-cli@example.com' } },
    });
    expect(items.find((r) => r.action === 'password-reset-cli')).toMatchObject({
      changes: { password: { changed: true } },
    });
    expect(res.body).not.toContain(passwordIn(out));
    expect(res.body).not.toContain(passwordIn(reset));
  });
});

describe.skipIf(!!process.env['TEST_DATABASE_URL'])('npm run admin on the embedded database', () => {
  it('says clearly that a running server holds the database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
    const held = await openDatabase(undefined, dataDir);
    try {
      const run = promisify(execFile)(process.execPath, [...compiledCommand('admin'), 'list-users'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
      const failure = (await run.then(
        () => undefined,
        (err: unknown) => err,
      )) as { code: number; stderr: string } | undefined;
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toMatch(/in use by another process \(pid \d+\)\. Stop it first/);
    } finally {
      await held.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
