import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { ROLE_ADMIN, ROLE_USER } from '@app/shared/constants';
import { ADMIN, buildTestApp, call, login, tokenFor } from '../../../test/helper';
import { startApp } from '../../start-app';
import { parseSessionTtl } from '../../config';
import { testConfig } from '../../../test/config';
import { createUser } from '../../cli/admin-commands';
import { MAX_CHALLENGE_ATTEMPTS } from './routes';
import { MAX_CODE_FAILURES_PER_ACCOUNT } from './two-factor';
import { usersRepository } from '../users/repository';
import { hashPassword } from '../../lib/password-hashing';

let app: FastifyInstance;
const lines: string[] = [];
beforeAll(async () => {
  app = await buildTestApp({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => app.close());

/** The audit trail's rows of an action on one person's account, read as an administrator would. */
async function auditRows(action: string, userId: number) {
  const res = await call(app, {
    method: 'GET',
    url: `/api/audit?area=session&action=${action}&pageSize=200`,
    token: await login(app),
  });
  expect(res.statusCode).toBe(200);
  return (res.json().items as { recordId: string | null }[]).filter((i) => i.recordId === String(userId));
}

const post = (url: string, token?: string, payload: object = {}) => call(app, { method: 'POST', url, token, payload });
const me = (token: string) => call(app, { method: 'GET', url: '/api/authorized', token });

/**
 * The code an authenticator app shows, computed here as the app would. `ahead` moves to a later
 * 30-second step (the server accepts one step either side): a second sign-in within the same step
 * cannot reuse the first one's code.
 */
const codeFor = (secret: string, ahead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });

/** A ROLE_USER (or given role) with two-factor on: its secret, recovery codes and password. */
async function enrolled(role = ROLE_USER) {
  const user = await tokenFor(app, role);
  const setup = await post('/api/account/2fa/setup', user.token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enable = await post('/api/account/2fa/enable', user.token, { code: codeFor(secret) });
  expect(enable.statusCode).toBe(200);
  return { ...user, secret, recoveryCodes: enable.json().recoveryCodes as string[] };
}

async function challengeFor(email: string, password = 'secret-pw') {
  const res = await post('/api/login', undefined, { username: email, password });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  return res.json().challenge as string;
}

describe('two-factor enrolment', () => {
  it('hands out a secret and its otpauth URL, then turns on with a code made from it', async () => {
    const user = await tokenFor(app, ROLE_USER);
    const setup = await post('/api/account/2fa/setup', user.token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Redwall');
    expect(decodeURIComponent(url.pathname)).toContain(user.email);

    const wrong = await post('/api/account/2fa/enable', user.token, {
      code: '000000' === codeFor(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'code', message: STAFF_MSG.twoFactorCodeInvalid }]);
    const empty = await post('/api/account/2fa/enable', user.token, { code: '' });
    expect(empty.json().errors).toEqual([{ field: 'code', message: STAFF_MSG.twoFactorCodeRequired }]);

    const enable = await post('/api/account/2fa/enable', user.token, { code: codeFor(secret) });
    expect(enable.statusCode).toBe(200);
    const codes = enable.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = await call(app, { method: 'GET', url: '/api/account/2fa', token: user.token });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    const again = await post('/api/account/2fa/setup', user.token);
    expect([again.statusCode, again.json().message]).toEqual([409, STAFF_MSG.twoFactorAlreadyEnabled]);
  });

  it('refuses to turn on without a set-up first', async () => {
    const user = await tokenFor(app, ROLE_USER);
    const res = await post('/api/account/2fa/enable', user.token, { code: '123456' });
    expect([res.statusCode, res.json().message]).toEqual([409, STAFF_MSG.twoFactorNotSetUp]);
  });

  it('turns off with a code, after which the password alone signs in', async () => {
    const user = await enrolled();
    const wrong = await post('/api/account/2fa/disable', user.token, { code: 'aaaaa-aaaaa' });
    expect(wrong.statusCode).toBe(400);
    const off = await post('/api/account/2fa/disable', user.token, { code: user.recoveryCodes[0]! });
    expect([off.statusCode, off.json().message]).toEqual([200, STAFF_MSG.twoFactorDisabled]);
    const res = await post('/api/login', undefined, { username: user.email, password: 'secret-pw' });
    expect(res.json().user.token).toBeTruthy();
  });
});

describe('signing in with two-factor', () => {
  it('asks for the code after the password and signs in with a TOTP code, once', async () => {
    const user = await enrolled();
    const wrongPassword = await post('/api/login', undefined, { username: user.email, password: 'not-it-at-all' });
    expect(wrongPassword.statusCode).toBe(401);

    const challenge = await challengeFor(user.email);
    const code = codeFor(user.secret, 1);
    const res = await post('/api/login/2fa', undefined, { challenge, code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { userId: user.userId, username: user.email, roles: [ROLE_USER] },
      redirect: '/personel',
    });
    expect((await me(res.json().user.token)).statusCode).toBe(200);

    // The challenge is spent, and the same code does not sign in again with a new one.
    const spent = await post('/api/login/2fa', undefined, { challenge, code });
    expect([spent.statusCode, spent.json().message]).toEqual([401, STAFF_MSG.twoFactorChallengeExpired]);
    const replay = await post('/api/login/2fa', undefined, { challenge: await challengeFor(user.email), code });
    expect([replay.statusCode, replay.json().message]).toEqual([401, STAFF_MSG.twoFactorCodeInvalid]);
  });

  it('accepts each recovery code once, typed in any case and spacing', async () => {
    const user = await enrolled();
    const recovery = user.recoveryCodes[3]!;
    const typed = ` ${recovery.replace('-', ' ').toUpperCase()} `;
    const first = await post('/api/login/2fa', undefined, { challenge: await challengeFor(user.email), code: typed });
    expect(first.statusCode).toBe(200);
    const second = await post('/api/login/2fa', undefined, {
      challenge: await challengeFor(user.email),
      code: recovery,
    });
    expect([second.statusCode, second.json().message]).toEqual([401, STAFF_MSG.twoFactorCodeInvalid]);
    const status = await call(app, { method: 'GET', url: '/api/account/2fa', token: first.json().user.token });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it(`spends a challenge after ${MAX_CHALLENGE_ATTEMPTS} wrong codes, even for a right one after them`, async () => {
    const user = await enrolled();
    const challenge = await challengeFor(user.email);
    for (let i = 0; i < MAX_CHALLENGE_ATTEMPTS; i++) {
      const res = await post('/api/login/2fa', undefined, { challenge, code: 'zzzzz-zzzzz' });
      expect([res.statusCode, res.json().message]).toEqual([401, STAFF_MSG.twoFactorCodeInvalid]);
    }
    const right = await post('/api/login/2fa', undefined, { challenge, code: codeFor(user.secret, 1) });
    expect([right.statusCode, right.json().message]).toEqual([401, STAFF_MSG.twoFactorChallengeExpired]);
  });

  it(`refuses codes for an account after ${MAX_CODE_FAILURES_PER_ACCOUNT} wrong ones over several challenges, and audits each`, async () => {
    const user = await enrolled();
    let failures = 0;
    while (failures < MAX_CODE_FAILURES_PER_ACCOUNT) {
      const challenge = await challengeFor(user.email);
      for (let i = 0; i < MAX_CHALLENGE_ATTEMPTS && failures < MAX_CODE_FAILURES_PER_ACCOUNT; i++, failures++)
        expect((await post('/api/login/2fa', undefined, { challenge, code: '12345678' })).statusCode).toBe(401);
    }
    const blocked = await post('/api/login/2fa', undefined, {
      challenge: await challengeFor(user.email),
      code: codeFor(user.secret, 1),
    });
    expect([blocked.statusCode, blocked.json().message]).toEqual([429, MSG.tooManyLogins]);

    const audited = await auditRows('two-factor-failed', user.userId);
    expect(audited).toHaveLength(MAX_CODE_FAILURES_PER_ACCOUNT);
    expect(JSON.stringify(audited)).not.toContain(user.secret);
    expect(lines.join('\n')).not.toContain(user.secret);
  });

  it('refuses a made-up challenge', async () => {
    const res = await post('/api/login/2fa', undefined, { challenge: 'made-up', code: '123456' });
    expect([res.statusCode, res.json().message]).toEqual([401, STAFF_MSG.twoFactorChallengeExpired]);
  });

  it('lets an administrator reset another person’s two-factor, and nobody else', async () => {
    const user = await enrolled();
    const other = await tokenFor(app, ROLE_USER);
    const refused = await post(`/api/users/${user.userId}/reset-2fa`, other.token);
    expect(refused.statusCode).toBe(403);
    const reset = await post(`/api/users/${user.userId}/reset-2fa`, await login(app));
    expect([reset.statusCode, reset.json().message]).toEqual([200, STAFF_MSG.twoFactorReset]);
    expect((await post('/api/users/999999/reset-2fa', await login(app))).statusCode).toBe(404);
    const res = await post('/api/login', undefined, { username: user.email, password: 'secret-pw' });
    expect(res.json().user.token).toBeTruthy();
    expect(await auditRows('two-factor-reset', user.userId)).toHaveLength(1);
  });
});

describe('REQUIRE_2FA=true', () => {
  let strict: FastifyInstance;
  beforeAll(async () => {
    strict = await buildTestApp({ requireTwoFactor: true });
  });
  afterAll(() => strict.close());

  it('lets an administrator without two-factor do nothing but set it up, then everything', async () => {
    const res = await call(strict, { method: 'POST', url: '/api/login', payload: ADMIN });
    expect(res.json().twoFactorSetupRequired).toBe(true);
    const token = res.json().user.token as string;
    const blocked = await call(strict, { method: 'GET', url: '/api/users/all', token });
    expect([blocked.statusCode, blocked.json().message]).toEqual([403, STAFF_MSG.twoFactorSetupRequired]);

    const setup = await call(strict, { method: 'POST', url: '/api/account/2fa/setup', token, payload: {} });
    const { secret } = setup.json() as { secret: string };
    const enable = await call(strict, {
      method: 'POST',
      url: '/api/account/2fa/enable',
      token,
      payload: { code: codeFor(secret) },
    });
    expect(enable.statusCode).toBe(200);
    expect((await call(strict, { method: 'GET', url: '/api/users/all', token })).statusCode).toBe(200);
    const status = await call(strict, { method: 'GET', url: '/api/account/2fa', token });
    expect(status.json()).toMatchObject({ enabled: true, required: true });
    const off = await call(strict, {
      method: 'POST',
      url: '/api/account/2fa/disable',
      token,
      payload: { code: codeFor(secret, 1) },
    });
    expect([off.statusCode, off.json().message]).toEqual([409, STAFF_MSG.twoFactorRequiredForAdmins]);
  });

  it('does not ask it of a ROLE_USER', async () => {
    // Made directly: the administrator, who would make it through the API, may have two-factor by now.
    const repo = usersRepository(strict.db);
    const role = (await repo.listRoles()).find((r) => r.name === ROLE_USER)!.id;
    await repo.create('plain-user@example.com', await hashPassword('secret-pw'), [role]);
    const res = await call(strict, {
      method: 'POST',
      url: '/api/login',
      payload: { username: 'plain-user@example.com', password: 'secret-pw' },
    });
    expect(res.json().twoFactorSetupRequired).toBeUndefined();
    const token = res.json().user.token as string;
    expect((await call(strict, { method: 'GET', url: '/api/account/2fa', token })).json()).toMatchObject({
      required: false,
    });
  });
});

describe('Log Out and sign out everywhere', () => {
  it('Log Out revokes the token it was sent with, and no other session of the same person', async () => {
    const user = await tokenFor(app, ROLE_USER);
    const other = await login(app, user.email, 'secret-pw');
    const out = await post('/api/logout', user.token);
    expect([out.statusCode, out.json().message]).toEqual([200, MSG.loggedOut]);
    const revoked = await me(user.token);
    expect([revoked.statusCode, revoked.json().message]).toEqual([401, MSG.sessionExpired]);
    expect((await post('/api/logout', user.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    expect(await auditRows('logout', user.userId)).toHaveLength(1);
  });

  it('signs oneself out everywhere; a new sign-in works', async () => {
    const user = await tokenFor(app, ROLE_USER);
    const other = await login(app, user.email, 'secret-pw');
    const res = await post('/api/account/sign-out-everywhere', user.token);
    expect([res.statusCode, res.json().message]).toEqual([200, STAFF_MSG.ownSignedOutEverywhere]);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(await login(app, user.email, 'secret-pw'))).statusCode).toBe(200);
  });

  it('lets an administrator sign another person out everywhere, and nobody else', async () => {
    const user = await tokenFor(app, ROLE_USER);
    const other = await tokenFor(app, ROLE_USER);
    expect((await post(`/api/users/${user.userId}/sign-out-everywhere`, other.token)).statusCode).toBe(403);
    expect((await me(user.token)).statusCode).toBe(200);
    const admin = await login(app);
    const res = await post(`/api/users/${user.userId}/sign-out-everywhere`, admin);
    expect([res.statusCode, res.json().message]).toEqual([200, STAFF_MSG.signedOutEverywhere]);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
    expect((await me(admin)).statusCode).toBe(200);
    expect((await post('/api/users/999999/sign-out-everywhere', admin)).statusCode).toBe(404);
  });
});

describe('forced password change', () => {
  it('blocks an account made with a generated password until it chooses its own', async () => {
    const out = await createUser(app.db, 'generated@example.com', [ROLE_ADMIN]);
    const generated = /Password: (\S+)/.exec(out)![1]!;
    const res = await post('/api/login', undefined, { username: 'generated@example.com', password: generated });
    expect(res.json()).toMatchObject({ passwordChangeRequired: true, redirect: '/admin' });
    const token = res.json().user.token as string;
    const blocked = await call(app, { method: 'GET', url: '/api/users/all', token });
    expect([blocked.statusCode, blocked.json().message]).toEqual([403, STAFF_MSG.passwordChangeRequired]);
    expect((await me(token)).statusCode).toBe(200);

    const wrong = await post('/api/account/password', token, {
      currentPassword: 'not-the-one',
      newPassword: 'my-own-pw',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'currentPassword', message: STAFF_MSG.currentPasswordWrong }]);
    const same = await post('/api/account/password', token, { currentPassword: generated, newPassword: generated });
    expect(same.json().errors).toEqual([{ field: 'newPassword', message: STAFF_MSG.newPasswordSame }]);
    const short = await post('/api/account/password', token, { currentPassword: generated, newPassword: '12345' });
    expect(short.json().errors).toEqual([{ field: 'newPassword', message: MSG.passwordMin }]);

    const changed = await post('/api/account/password', token, {
      currentPassword: generated,
      newPassword: 'my-own-pw',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().passwordChangeRequired).toBeUndefined();
    expect((await me(token)).statusCode).toBe(401);
    expect(
      (await call(app, { method: 'GET', url: '/api/users/all', token: changed.json().user.token })).statusCode,
    ).toBe(200);
    const next = await post('/api/login', undefined, { username: 'generated@example.com', password: 'my-own-pw' });
    expect(next.json().passwordChangeRequired).toBeUndefined();
  });

  it('asks the administrator of a first start with a generated password for a new one', async () => {
    // A fresh embedded database without ADMIN_PASSWORD: the first start generates it.
    const first = await startApp(testConfig({ adminPassword: undefined, seedDemo: false }));
    try {
      const generated = first.generatedAdmin!;
      const res = await call(first, {
        method: 'POST',
        url: '/api/login',
        payload: { username: generated.email, password: generated.password },
      });
      expect(res.json().passwordChangeRequired).toBe(true);
    } finally {
      await first.close();
    }
  });
});

describe('SESSION_TTL', () => {
  it('reads seconds or a unit, within 5 minutes and 30 days', () => {
    expect(parseSessionTtl(undefined)).toBe(8 * 3600);
    expect(parseSessionTtl('30m')).toBe(1800);
    expect(parseSessionTtl('2h')).toBe(7200);
    expect(parseSessionTtl('1d')).toBe(86400);
    expect(parseSessionTtl('900')).toBe(900);
    expect(parseSessionTtl('1m')).toMatch(/SESSION_TTL/);
    expect(parseSessionTtl('31d')).toMatch(/SESSION_TTL/);
    expect(parseSessionTtl('soon')).toMatch(/SESSION_TTL/);
  });

  it('gives tokens that lifetime', async () => {
    const short = await buildTestApp({ sessionTtlSeconds: 600 });
    try {
      const token = await login(short);
      const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp as number;
      expect(exp * 1000 - Date.now()).toBeGreaterThan(590_000);
      expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(600_000);
    } finally {
      await short.close();
    }
  });
});
