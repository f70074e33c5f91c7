import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { ACCOUNT_LINKS_MSG } from '@app/shared/messages/account-links';
import { MSG } from '@app/shared/messages';
import type { Invitation } from '@app/shared/schemas/account-links';
import { buildTestApp, call, login, tokenFor } from '../../../test/helper';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer';
import { activeMailboxFor, freePort } from '../../../test/mail-fixtures';
import { until } from '../../../test/until';
import { createMailWorker, type MailWorker } from '../outbox';
import { mailboxKey } from '../mail-settings';
import { accountTokens, auditLog, contactMessages, mailboxes } from '../../db/schema';

/**
 * Invitations and forgotten passwords end to end on the server: the link travels through the
 * outbox and the delivery worker to a real SMTP peer, and the tests take it from the mail there.
 */
let app: FastifyInstance;
let admin: string;
let peer: SmtpPeer;
let worker: MailWorker;
let ip = 0;

beforeAll(async () => {
  const port = await freePort();
  app = await buildTestApp({ smtpAllowedPorts: [port] });
  admin = await login(app);
  peer = await startSmtpPeer({ port });
  await activeMailboxFor(app, admin, port, { username: 'office@company.example' });
});
beforeEach(() => {
  worker = createMailWorker(app.db, mailboxKey(app.secret), { pollMs: 50, smtpAllowedPorts: [peer.port] });
  worker.start();
});
afterEach(async () => {
  await worker.stop();
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

const post = (url: string, payload: object, token?: string, remoteAddress = `10.9.0.${++ip % 250}`) =>
  call(app, { method: 'POST', url, payload, token, remoteAddress });
const roleId = async (name: string) =>
  ((await call(app, { method: 'GET', url: '/api/roles', token: admin })).json() as { id: number; name: string }[]).find(
    (r) => r.name === name,
  )!.id;
const invitations = async () =>
  (await call(app, { method: 'GET', url: '/api/invitations', token: admin })).json() as Invitation[];

/** The newest mail to `to` the peer accepted, once there are `count` of them. */
async function mailTo(to: string, count = 1) {
  const mails = await until(
    async () => {
      const found = peer.messages.filter((m) => m.to.includes(to));
      return found.length >= count ? found : undefined;
    },
    20_000,
    `mail ${count} to ${to}`,
  );
  return mails[mails.length - 1]!;
}
const tokenIn = (text: string, path: string) => {
  const m = new RegExp(`${path}\\?token=([\\w-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return m[1]!;
};
const auditActions = async (action: string) =>
  (await app.db.select().from(auditLog).where(eq(auditLog.action, action))).length;

describe('invitations', () => {
  it('mails a one-time link through the outbox; accepting it makes the account with the role, once', async () => {
    const email = 'new.colleague@example.com';
    const res = await post('/api/invitations', { email, roleId: await roleId('ROLE_ADMIN') }, admin);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, role: 'ROLE_ADMIN', expired: false });
    // Valid 7 days.
    const days = (Date.parse(res.json().expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Your invitation to the back office');
    expect(mail.from).toContain('office@company.example');
    const token = tokenIn(mail.text, '/accept-invitation');
    // Only the token's hash is stored; the queued text is gone once sent.
    const stored = JSON.stringify(await app.db.select().from(accountTokens));
    expect(stored).not.toContain(token);
    // The peer has the mail a moment before the worker records it as sent.
    const queued = await until(
      async () => {
        const rows = await app.db.select().from(contactMessages).where(eq(contactMessages.kind, 'account'));
        return rows.every((r) => r.status === 'sent') && rows;
      },
      20_000,
      'the invitation recorded as sent',
    );
    expect(JSON.stringify(queued)).not.toContain(token);
    expect(queued.map((r) => r.message)).toEqual(['']);
    // Not a message for staff: the Messages screen and the mail log do not list it.
    expect(
      ((await call(app, { method: 'GET', url: '/api/messages', token: admin })).json() as { total: number }).total,
    ).toBe(0);
    // The user list shows it as an invitation; no password anywhere.
    expect((await invitations()).map((i) => i.email)).toContain(email);

    const accepted = await post('/api/invitations/accept', {
      token,
      password: 'chosen-pw',
      confirmPassword: 'chosen-pw',
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toEqual({ message: ACCOUNT_LINKS_MSG.invitationAccepted, email });
    const signedIn = await post('/api/login', { username: email, password: 'chosen-pw' });
    expect(signedIn.json().user.roles).toEqual(['ROLE_ADMIN']);
    expect((await invitations()).map((i) => i.email)).not.toContain(email);

    const again = await post('/api/invitations/accept', { token, password: 'other-pw', confirmPassword: 'other-pw' });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(ACCOUNT_LINKS_MSG.invitationUsed);
    expect(await auditActions('invite')).toBeGreaterThan(0);
    expect(await auditActions('invite-accept')).toBe(1);
  });

  it('is for administrators only', async () => {
    const user = await tokenFor(app, 'ROLE_USER');
    const res = await post(
      '/api/invitations',
      { email: 'x@example.com', roleId: await roleId('ROLE_USER') },
      user.token,
    );
    expect(res.statusCode).toBe(403);
    expect((await call(app, { method: 'GET', url: '/api/invitations', token: user.token })).statusCode).toBe(403);
  });

  it('refuses an address that has an account or an open invitation', async () => {
    const taken = await post(
      '/api/invitations',
      { email: 'admin@example.com', roleId: await roleId('ROLE_USER') },
      admin,
    );
    expect([taken.statusCode, taken.json().message]).toEqual([409, MSG.emailTaken]);
    const body = { email: 'twice@example.com', roleId: await roleId('ROLE_USER') };
    expect((await post('/api/invitations', body, admin)).statusCode).toBe(201);
    const second = await post('/api/invitations', body, admin);
    expect([second.statusCode, second.json().message]).toEqual([409, ACCOUNT_LINKS_MSG.invitationPending]);
  });

  it('refuses an expired link, and a resend gives a new link that works while the old one is dead', async () => {
    const email = 'late@example.com';
    const id = (await post('/api/invitations', { email, roleId: await roleId('ROLE_USER') }, admin)).json()
      .id as number;
    const old = tokenIn((await mailTo(email)).text, '/accept-invitation');
    await app.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accountTokens.id, id));
    expect((await invitations()).find((i) => i.id === id)?.expired).toBe(true);
    const expired = await post('/api/invitations/accept', {
      token: old,
      password: 'chosen-pw',
      confirmPassword: 'chosen-pw',
    });
    expect([expired.statusCode, expired.json().message]).toEqual([410, ACCOUNT_LINKS_MSG.invitationExpired]);

    const resent = await post(`/api/invitations/${id}/resend`, {}, admin);
    expect(resent.json().message).toBe(ACCOUNT_LINKS_MSG.invitationResent);
    const fresh = tokenIn((await mailTo(email, 2)).text, '/accept-invitation');
    expect(fresh).not.toBe(old);
    const dead = await post('/api/invitations/accept', {
      token: old,
      password: 'chosen-pw',
      confirmPassword: 'chosen-pw',
    });
    expect([dead.statusCode, dead.json().message]).toEqual([400, ACCOUNT_LINKS_MSG.invitationInvalid]);
    const ok = await post('/api/invitations/accept', {
      token: fresh,
      password: 'chosen-pw',
      confirmPassword: 'chosen-pw',
    });
    expect(ok.statusCode).toBe(201);
    expect(await auditActions('invite-resend')).toBe(1);
  });

  it('can be withdrawn: the link stops working and the list no longer shows it', async () => {
    const email = 'withdrawn@example.com';
    const id = (await post('/api/invitations', { email, roleId: await roleId('ROLE_USER') }, admin)).json()
      .id as number;
    const token = tokenIn((await mailTo(email)).text, '/accept-invitation');
    const res = await call(app, { method: 'DELETE', url: `/api/invitations/${id}`, token: admin });
    expect(res.json().message).toBe(ACCOUNT_LINKS_MSG.invitationWithdrawn);
    expect((await invitations()).map((i) => i.id)).not.toContain(id);
    const accept = await post('/api/invitations/accept', {
      token,
      password: 'chosen-pw',
      confirmPassword: 'chosen-pw',
    });
    expect([accept.statusCode, accept.json().message]).toEqual([400, ACCOUNT_LINKS_MSG.invitationInvalid]);
    expect(await auditActions('invite-withdraw')).toBe(1);
  });

  it('checks the password form as the create-user form does', async () => {
    const res = await post('/api/invitations/accept', { token: 'x', password: 'short', confirmPassword: 'other' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain(MSG.passwordMin);
  });
});

describe('forgotten password', () => {
  const requestReset = (email: string, remoteAddress?: string) =>
    post('/api/password-reset/request', { email }, undefined, remoteAddress);

  it('gives the same answer for an unknown address and mails a known one a one-hour link, once usable', async () => {
    const user = await tokenFor(app, 'ROLE_ADMIN');
    const unknown = await requestReset('nobody-here@example.com');
    const known = await requestReset(user.email.toUpperCase());
    expect([unknown.statusCode, unknown.json()]).toEqual([known.statusCode, known.json()]);
    expect(known.statusCode).toBe(202);
    expect(known.json().message).toBe(ACCOUNT_LINKS_MSG.resetRequested);

    const mail = await mailTo(user.email);
    expect(mail.subject).toBe('Choose a new password');
    const token = tokenIn(mail.text, '/reset-password');
    expect(peer.messages.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false);
    const [row] = await app.db.select().from(accountTokens).where(eq(accountTokens.userId, user.userId));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(55);
    expect(minutes).toBeLessThanOrEqual(60);

    const reset = await post('/api/password-reset', {
      token,
      password: 'brand-new-pw',
      confirmPassword: 'brand-new-pw',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(ACCOUNT_LINKS_MSG.passwordResetDone);
    // Signed out everywhere: the session from before the reset no longer works.
    expect((await call(app, { method: 'GET', url: '/api/authorized', token: user.token })).statusCode).toBe(401);
    expect((await post('/api/login', { username: user.email, password: 'secret-pw' })).statusCode).toBe(401);
    expect((await post('/api/login', { username: user.email, password: 'brand-new-pw' })).statusCode).toBe(200);

    const again = await post('/api/password-reset', { token, password: 'another-pw', confirmPassword: 'another-pw' });
    expect([again.statusCode, again.json().message]).toEqual([410, ACCOUNT_LINKS_MSG.resetUsed]);
    expect(await auditActions('password-reset')).toBeGreaterThan(0);
  });

  it('keeps two-factor sign-in required after a reset', async () => {
    const user = await tokenFor(app, 'ROLE_USER');
    const { secret } = (await post('/api/account/2fa/setup', {}, user.token)).json() as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    expect((await post('/api/account/2fa/enable', { code }, user.token)).statusCode).toBe(200);
    await requestReset(user.email);
    const token = tokenIn((await mailTo(user.email)).text, '/reset-password');
    expect(
      (await post('/api/password-reset', { token, password: 'reset-pw-2fa', confirmPassword: 'reset-pw-2fa' }))
        .statusCode,
    ).toBe(200);
    const signIn = await post('/api/login', { username: user.email, password: 'reset-pw-2fa' });
    expect(signIn.json()).toMatchObject({ twoFactorRequired: true });
    expect(signIn.json().user).toBeUndefined();
  });

  it('refuses an expired reset link', async () => {
    const user = await tokenFor(app, 'ROLE_USER');
    await requestReset(user.email);
    const token = tokenIn((await mailTo(user.email)).text, '/reset-password');
    await app.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, user.userId));
    const res = await post('/api/password-reset', { token, password: 'too-late-pw', confirmPassword: 'too-late-pw' });
    expect([res.statusCode, res.json().message]).toEqual([410, ACCOUNT_LINKS_MSG.resetExpired]);
  });

  it('is limited per address typed, whether or not it has an account, and per client address', async () => {
    for (let i = 0; i < 3; i++) expect((await requestReset('limited@example.com')).statusCode).toBe(202);
    const limited = await requestReset('limited@example.com');
    expect([limited.statusCode, limited.json().message]).toEqual([429, ACCOUNT_LINKS_MSG.tooManyResetRequests]);
    expect(limited.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 10; i++) expect((await requestReset(`many-${i}@example.com`, '10.8.8.8')).statusCode).toBe(202);
    expect((await requestReset('one-more@example.com', '10.8.8.8')).statusCode).toBe(429);
  });

  it('without a working mailbox says to ask an administrator', async () => {
    await app.db.update(mailboxes).set({ active: false });
    try {
      expect((await call(app, { method: 'GET', url: '/api/password-reset/available' })).json()).toEqual({
        available: false,
      });
      const res = await requestReset('someone@example.com');
      expect([res.statusCode, res.json().message]).toEqual([503, ACCOUNT_LINKS_MSG.resetUnavailable]);
    } finally {
      await app.db.execute(sql`update mailboxes set active = true where id = (select max(id) from mailboxes)`);
    }
    expect((await call(app, { method: 'GET', url: '/api/password-reset/available' })).json()).toEqual({
      available: true,
    });
  });
});
