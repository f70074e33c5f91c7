import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { reachableRedis } from '../../../test/redis';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { ADMIN, buildTestApp, call, tokenFor, useTestApp } from '../../../test/helper';
import { solveCaptcha } from '../../../test/contact-fixtures';
import type { AppConfig } from '../../config';
import {
  CAPTCHA_AFTER_ACCOUNT_FAILURES,
  MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  MAX_FAILURES_PER_ADDRESS,
  loginKeys,
} from './login-throttle';
import { HASHING_CONCURRENCY, HASHING_RETRY_AFTER_SECONDS, MAX_WAITING_HASHES } from '../../lib/password-hashing';

// The sign-in limits of docs/decisions/0015-login-limits.md, through POST /api/login. Each client
// gets an address of its own behind one trusted proxy (see client-address.test.ts).
const PROXY: Partial<AppConfig> = { trustProxy: ['127.0.0.1'], seedDemo: false };
const ctx = useTestApp(PROXY);

/** A new client address per call: no test shares one with another (or with another run on Redis). */
const run = crypto.randomBytes(2).readUInt16BE() << 8;
let next = 0;
const newAddress = () => {
  const n = run + ++next;
  return `10.${(n >> 16) & 0xff}.${(n >> 8) & 0xff}.${n & 0xff}`;
};
const newAccount = (what: string) => `${what}-${crypto.randomUUID()}@example.com`;

const signIn = (
  app: FastifyInstance,
  address: string,
  body: { username: string; password: string; captcha?: string },
) => call(app, { method: 'POST', url: '/api/login', headers: { 'x-forwarded-for': address }, payload: body });
const wrong = (app: FastifyInstance, address: string, username: string) =>
  signIn(app, address, { username, password: 'wrong-password' });

/** How many answers had each status. */
const tally = (responses: LightMyRequestResponse[]) => {
  const t: Record<number, number> = {};
  for (const r of responses) t[r.statusCode] = (t[r.statusCode] ?? 0) + 1;
  return t;
};

describe('attempts are counted before the password is checked', () => {
  it('lets 30 parallel guesses at one account from one address evaluate only 5', async () => {
    const [address, username] = [newAddress(), newAccount('race')];
    const answers = await Promise.all(Array.from({ length: 30 }, () => wrong(ctx.app, address, username)));
    expect(tally(answers)).toEqual({
      401: MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
      429: 30 - MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
    });
    for (const a of answers.filter((r) => r.statusCode === 429)) expect(a.json().message).toBe(MSG.tooManyLogins);
  });

  it('lets 30 parallel guesses at 30 accounts from one address evaluate only 20', async () => {
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => wrong(ctx.app, address, newAccount(`spray${i}`))),
    );
    expect(tally(answers)).toEqual({ 401: MAX_FAILURES_PER_ADDRESS, 429: 30 - MAX_FAILURES_PER_ADDRESS });
  });

  it('lets 30 parallel guesses at one account from 30 addresses evaluate only 10 without a captcha', async () => {
    const username = newAccount('distributed');
    const answers = await Promise.all(Array.from({ length: 30 }, () => wrong(ctx.app, newAddress(), username)));
    expect(tally(answers)).toEqual({ 401: CAPTCHA_AFTER_ACCOUNT_FAILURES, 429: 30 - CAPTCHA_AFTER_ACCOUNT_FAILURES });
    for (const a of answers.filter((r) => r.statusCode === 429))
      expect(a.json()).toMatchObject({ message: MSG.loginCaptchaRequired, captchaRequired: true });
  });
});

describe("an attacker's failures do not lock the owner out", () => {
  it('(a) refuses the address that failed 5 times for an account, and only for that account', async () => {
    const [attacker, owner] = [newAddress(), newAddress()];
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++)
      expect((await wrong(ctx.app, attacker, ADMIN.username)).statusCode).toBe(401);
    // Even the right password does not get through from there, captcha or not.
    const refused = await signIn(ctx.app, attacker, { ...ADMIN, captcha: await solveCaptcha(ctx.app) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: MSG.tooManyLogins });
    // The same address may still try another account.
    expect((await wrong(ctx.app, attacker, newAccount('other'))).statusCode).toBe(401);
    // The owner, from their own address, signs in as usual.
    expect((await signIn(ctx.app, owner, ADMIN)).statusCode).toBe(200);
  });

  it('(b) refuses the address that failed 20 times, whatever the account, and nobody else', async () => {
    const [attacker, owner] = [newAddress(), newAddress()];
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++)
      expect((await wrong(ctx.app, attacker, newAccount(`b${i}`))).statusCode).toBe(401);
    const refused = await signIn(ctx.app, attacker, ADMIN);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MSG.tooManyLogins);
    expect((await signIn(ctx.app, owner, ADMIN)).statusCode).toBe(200);
  });

  it('(c) asks for a captcha past 10 failures of an account from anywhere; the owner signs in by solving it', async () => {
    const app = await buildTestApp(PROXY);
    try {
      const [owner, ...attackers] = [newAddress(), newAddress(), newAddress()];
      // Two addresses, each below its own limit, reach the account's ceiling together.
      const answers = [];
      for (let i = 0; i < CAPTCHA_AFTER_ACCOUNT_FAILURES; i++)
        answers.push(await wrong(app, attackers[i % 2]!, ADMIN.username));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(CAPTCHA_AFTER_ACCOUNT_FAILURES).fill(401));
      // The failure that reaches the ceiling already says so, so the page can show the captcha at once.
      expect(answers.at(-2)!.json().captchaRequired).toBeUndefined();
      expect(answers.at(-1)!.json()).toMatchObject({ message: STAFF_MSG.loginFailed, captchaRequired: true });

      // Without a captcha, even the right password is refused, with the flag and the reason; these
      // refusals are not failures: more of them than the per-address limit cost the owner nothing.
      for (let i = 0; i <= MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
        const withoutCaptcha = await signIn(app, owner, ADMIN);
        expect(withoutCaptcha.statusCode).toBe(429);
        expect(withoutCaptcha.json()).toEqual({
          statusCode: 429,
          error: 'Too Many Requests',
          message: MSG.loginCaptchaRequired,
          captchaRequired: true,
        });
      }
      // A payload that is not a solved challenge of this server is refused as a failed captcha.
      const forged = await signIn(app, owner, { ...ADMIN, captcha: Buffer.from('{"number":1}').toString('base64') });
      expect(forged.statusCode).toBe(429);
      expect(forged.json()).toMatchObject({ message: MSG.captchaFailed, captchaRequired: true });

      // With a solved captcha a wrong password is an ordinary failure that keeps asking for the captcha...
      const wrongWithCaptcha = await signIn(app, owner, {
        username: ADMIN.username,
        password: 'still-wrong',
        captcha: await solveCaptcha(app),
      });
      expect(wrongWithCaptcha.statusCode).toBe(401);
      expect(wrongWithCaptcha.json()).toMatchObject({ message: STAFF_MSG.loginFailed, captchaRequired: true });
      // ...and the right one signs the owner in.
      const solved = await solveCaptcha(app);
      const signedIn = await signIn(app, owner, { ...ADMIN, captcha: solved });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.username).toBe(ADMIN.username);

      // A solution is accepted once.
      const replayed = await signIn(app, owner, { ...ADMIN, captcha: solved });
      expect(replayed.statusCode).toBe(429);
      expect(replayed.json()).toMatchObject({ message: MSG.captchaFailed, captchaRequired: true });
      // The owner's success does not give the attackers a new allowance: the ceiling holds for its window.
      expect((await signIn(app, owner, ADMIN)).json()).toMatchObject({ captchaRequired: true });
      expect((await signIn(app, owner, { ...ADMIN, captcha: await solveCaptcha(app) })).statusCode).toBe(200);
      // The attackers' addresses stay refused for the account, captcha or not.
      const attacker = await signIn(app, attackers[0]!, { ...ADMIN, captcha: await solveCaptcha(app) });
      expect(attacker.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: MSG.tooManyLogins });
    } finally {
      await app.close();
    }
  });

  it('gives a successful sign-in its count back and forgets its address’s failures for the account', async () => {
    const address = newAddress();
    const { email: username } = await tokenFor(ctx.app, 'ROLE_USER', newAccount('typo'));
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS - 1; i++)
      expect((await wrong(ctx.app, address, username)).statusCode).toBe(401);
    expect((await signIn(ctx.app, address, { username, password: 'secret-pw' })).statusCode).toBe(200);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++)
      expect((await wrong(ctx.app, address, username)).statusCode).toBe(401);
    expect((await wrong(ctx.app, address, username)).statusCode).toBe(429);
  });
});

describe('a burst of sign-ins from everywhere', () => {
  it('queues password checks up to a bound and answers the rest 503 with Retry-After; sign-in works after', async () => {
    // More at once than may wait (lib/password-hashing.ts), each from its own address and for an
    // account of its own, so that no sign-in limit answers first.
    const burst = MAX_WAITING_HASHES + HASHING_CONCURRENCY + 40;
    const answers = await Promise.all(
      Array.from({ length: burst }, () => wrong(ctx.app, newAddress(), newAccount('burst'))),
    );
    const t = tally(answers);
    expect(Object.keys(t).sort()).toEqual(['401', '503']);
    expect(t[401]).toBeGreaterThanOrEqual(MAX_WAITING_HASHES);
    for (const a of answers.filter((r) => r.statusCode === 503)) {
      expect(a.headers['retry-after']).toBe(String(HASHING_RETRY_AFTER_SECONDS));
      expect(a.json().message).toBe(MSG.passwordChecksBusy);
    }
    const owner = await signIn(ctx.app, newAddress(), { username: ADMIN.username, password: ADMIN.password });
    expect(owner.statusCode).toBe(200);
  });
});

describe('an attempt whose password could not be checked', () => {
  it('is not counted as a failure', async () => {
    const [address, username] = [newAddress(), newAccount('db-fails')];
    // The account look-up fails as on a broken database.
    await ctx.app.db.execute(sql`alter table users rename to users_gone`);
    try {
      for (let i = 0; i <= MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++)
        expect((await wrong(ctx.app, address, username)).statusCode).toBe(500);
    } finally {
      await ctx.app.db.execute(sql`alter table users_gone rename to users`);
    }
    // None of those attempts was counted: the full allowance of failures is still there.
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++)
      expect((await wrong(ctx.app, address, username)).statusCode).toBe(401);
  });
});

const redisUrl = await reachableRedis();

describe.skipIf(!redisUrl)('two instances sharing Redis', () => {
  let apps: [FastifyInstance, FastifyInstance];
  const used: string[] = [];
  beforeAll(async () => {
    // What is tested is that the counts are shared, not Redis' timeout: with the default second, a
    // busy CI machine (two apps in one process, the browser lanes beside) once let one instance's
    // calls time out, and its fifteen requests were answered 503 instead of 429.
    const shared = { ...PROXY, redisUrl, redisTimeoutMs: 10_000 };
    apps = [await buildTestApp(shared), await buildTestApp(shared)];
  });
  afterAll(async () => {
    // The apps keep their counters under `redwall:`; this file's are named by its own addresses and accounts.
    const redis = new Redis(redisUrl!);
    if (used.length) await redis.del(...used.map((k) => `redwall:${k}`));
    redis.disconnect();
    await Promise.all(apps.map((a) => a.close()));
  });
  const track = (username: string, address: string) => used.push(...Object.values(loginKeys(username, address)));

  it('lets 30 parallel guesses at one account from one address, half to each instance, evaluate only 5', async () => {
    const [address, username] = [newAddress(), newAccount('redis-race')];
    track(username, address);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => wrong(apps[i % 2]!, address, username)));
    expect(tally(answers)).toEqual({
      401: MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
      429: 30 - MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
    });
  });

  it('lets 30 parallel guesses at one account from 30 addresses, half to each instance, evaluate only 10 without a captcha', async () => {
    const username = newAccount('redis-distributed');
    const addresses = Array.from({ length: 30 }, newAddress);
    for (const a of addresses) track(username, a);
    const answers = await Promise.all(addresses.map((a, i) => wrong(apps[i % 2]!, a, username)));
    expect(tally(answers)).toEqual({ 401: CAPTCHA_AFTER_ACCOUNT_FAILURES, 429: 30 - CAPTCHA_AFTER_ACCOUNT_FAILURES });
  });

  it('accepts a solved captcha once across instances', async () => {
    const username = newAccount('redis-captcha');
    const addresses = Array.from({ length: CAPTCHA_AFTER_ACCOUNT_FAILURES + 1 }, newAddress);
    for (const a of addresses) track(username, a);
    for (const a of addresses.slice(0, -1)) expect((await wrong(apps[0], a, username)).statusCode).toBe(401);
    const captcha = await solveCaptcha(apps[0]);
    const { signature } = JSON.parse(Buffer.from(captcha, 'base64').toString('utf8')) as { signature: string };
    used.push(`captcha:used:${crypto.createHash('sha256').update(signature).digest('base64url')}`);
    const owner = addresses.at(-1)!;
    expect((await signIn(apps[1], owner, { username, password: 'x-password', captcha })).statusCode).toBe(401);
    const replayed = await signIn(apps[0], owner, { username, password: 'x-password', captcha });
    expect(replayed.statusCode).toBe(429);
    expect(replayed.json()).toMatchObject({ message: MSG.captchaFailed, captchaRequired: true });
  });
});
