/**
 * Every limit the API enforces answers its 429 with Retry-After: the seconds left of the limit's
 * window, which is when a retry can succeed (RFC 9110 §10.2.3). Each limited route is walked to
 * its refusal here, as a client would reach it.
 */
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { ROLE_USER } from '@app/shared/constants';
import { call, tokenFor, useTestApp } from '../../test/helper';
import { contactBody, solveCaptcha, validContact } from '../../test/contact-fixtures';
import { CONTACT_LIMIT } from '../modules/contact';
import { LIKE_LIMIT, LIKE_WINDOW_MS } from '../modules/posts/service';
import {
  CAPTCHA_AFTER_ACCOUNT_FAILURES,
  LOGIN_WINDOW_MS,
  MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
} from '../modules/auth/login-throttle';
import { MAX_CHALLENGE_ATTEMPTS } from '../modules/auth/routes';
import { MAX_CODE_FAILURES_PER_ACCOUNT } from '../modules/auth/two-factor';

const ctx = useTestApp();
let address = 0;
const newAddress = () => `198.51.100.${++address}`;

/**
 * A 429 whose Retry-After is a whole number of seconds within the limit's window, and close to
 * all of it: each window below started moments before its refusal.
 */
function expectRetryAfter(res: LightMyRequestResponse, windowMs: number) {
  expect(res.statusCode, res.body).toBe(429);
  const header = res.headers['retry-after'];
  expect(header).toMatch(/^\d+$/);
  const seconds = Number(header);
  expect(seconds).toBeLessThanOrEqual(windowMs / 1000);
  expect(seconds).toBeGreaterThan(windowMs / 1000 - 60);
}

const signIn = (remoteAddress: string, username: string, password: string) =>
  call(ctx.app, { method: 'POST', url: '/api/login', remoteAddress, payload: { username, password } });

describe('Retry-After on every 429', () => {
  it('contact form and job applications (POST /api/mail)', async () => {
    const remoteAddress = newAddress();
    const send = async () =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/mail',
        remoteAddress,
        ...(await contactBody({ ...validContact, altcha: await solveCaptcha(ctx.app) })),
      });
    for (let i = 0; i < CONTACT_LIMIT.max; i++) expect((await send()).statusCode).toBe(201);
    expectRetryAfter(await send(), CONTACT_LIMIT.windowMs);
  });

  it('likes (PUT /api/posts/:id/like)', async () => {
    const posts = (await call(ctx.app, { method: 'GET', url: '/api/posts' })).json() as { id: number }[];
    const like = () =>
      call(ctx.app, { method: 'PUT', url: `/api/posts/${posts[0]!.id}/like`, remoteAddress: '198.51.100.200' });
    for (let i = 0; i < LIKE_LIMIT; i++) expect((await like()).statusCode).toBe(200);
    expectRetryAfter(await like(), LIKE_WINDOW_MS);
  });

  it('sign-in: too many failures from one address for one account (POST /api/login)', async () => {
    const [from, user] = [newAddress(), `limited-${crypto.randomUUID()}@example.com`];
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++)
      expect((await signIn(from, user, 'wrong-password')).statusCode).toBe(401);
    expectRetryAfter(await signIn(from, user, 'wrong-password'), LOGIN_WINDOW_MS);
  });

  it('sign-in: an account past its ceiling asks for a captcha (POST /api/login)', async () => {
    const user = `ceiling-${crypto.randomUUID()}@example.com`;
    // From several addresses, so that no address reaches its own limit first.
    for (let i = 0; i < CAPTCHA_AFTER_ACCOUNT_FAILURES; i++)
      expect((await signIn(`203.0.113.${i}`, user, 'wrong-password')).statusCode).toBe(401);
    const refused = await signIn(newAddress(), user, 'wrong-password');
    expect(refused.json()).toMatchObject({ captchaRequired: true });
    expectRetryAfter(refused, LOGIN_WINDOW_MS);
  });

  it('current password when changing it (POST /api/account/password)', async () => {
    const user = await tokenFor(ctx.app, ROLE_USER);
    const change = () =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/account/password',
        token: user.token,
        payload: { currentPassword: 'not-the-password', newPassword: 'a-new-password-1234' },
      });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) expect((await change()).statusCode).toBe(400);
    expectRetryAfter(await change(), LOGIN_WINDOW_MS);
  });

  it('two-factor codes at sign-in and when turning it off (POST /api/login/2fa, /api/account/2fa/disable)', async () => {
    const user = await tokenFor(ctx.app, ROLE_USER);
    const post = (url: string, payload: object, token?: string) =>
      call(ctx.app, { method: 'POST', url, payload, ...(token ? { token } : {}) });
    const { secret } = (await post('/api/account/2fa/setup', {}, user.token)).json() as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    expect((await post('/api/account/2fa/enable', { code }, user.token)).statusCode).toBe(200);
    const challenge = async () => {
      const res = await post('/api/login', { username: user.email, password: 'secret-pw' });
      expect(res.json()).toMatchObject({ twoFactorRequired: true });
      return res.json().challenge as string;
    };
    let failures = 0;
    while (failures < MAX_CODE_FAILURES_PER_ACCOUNT) {
      const c = await challenge();
      for (let i = 0; i < MAX_CHALLENGE_ATTEMPTS && failures < MAX_CODE_FAILURES_PER_ACCOUNT; i++, failures++)
        expect((await post('/api/login/2fa', { challenge: c, code: '12345678' })).statusCode).toBe(401);
    }
    expectRetryAfter(await post('/api/login/2fa', { challenge: await challenge(), code: '000000' }), LOGIN_WINDOW_MS);
    expectRetryAfter(await post('/api/account/2fa/disable', { code: '000000' }, user.token), LOGIN_WINDOW_MS);
  });
});
