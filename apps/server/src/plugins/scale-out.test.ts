import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { startApp } from '../start-app';
import { testConfig } from '../../test/config';
import { contactMessages } from '../db/schema';
import { call, login } from '../../test/helper';
import { databaseOn, withServer } from '../../test/global-setup';
import { reachableRedis } from '../../test/redis';
import { LISTENER_NAME } from './response-cache';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { contactBody, solveCaptcha, validContact } from '../../test/contact-fixtures';
import { activeMailboxFor } from '../../test/mail-fixtures';
import { until } from '../../test/until';
import { CONTACT_LIMIT } from '../modules/contact';

/**
 * Two instances on one PostgreSQL database (and one Redis), as behind a load balancer
 * (docs/operations.md, "Several instances behind a reverse proxy"). Only on the PostgreSQL pass: PGlite is one process per data folder.
 */
const serverUrl = process.env['TEST_DATABASE_URL'];
const redisUrl = serverUrl ? await reachableRedis() : undefined;

describe.skipIf(!serverUrl)('two instances on one PostgreSQL (skipped: needs TEST_DATABASE_URL)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let peer: SmtpPeer;
  let token: string;
  const name = `t_scale_${crypto.randomBytes(6).toString('hex')}`;
  // A client address of this run only: the contact and like limits count in Redis per address, and
  // the machine's Redis outlives the run (six runs within the like window from 127.0.0.1 got 429).
  const address = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  let likedId: number | undefined;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    await withServer(serverUrl!, (c) => c.query(`create database ${name} template ${inject('snapshots').demo}`));
    const config = testConfig({
      databaseUrl: databaseOn(serverUrl!, name),
      smtpAllowedPorts: [peer.port],
      mailWorker: true,
      ...(redisUrl ? { redisUrl } : {}),
    });
    [a, b] = await Promise.all([startApp(config), startApp(config)]);
    await Promise.all([a.ready(), b.ready()]);
    token = await login(a);
  });
  afterAll(async () => {
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      await redis.del(`redwall:rate-limit:contact:${address}`, `redwall:like:${address}:${likedId}`);
      redis.disconnect();
    }
    await Promise.all([a?.close(), b?.close()]);
    await peer?.close();
    await withServer(serverUrl!, (c) => c.query(`drop database if exists ${name} with (force)`));
  });

  it('serves a change made through one instance from the other within 1 s', async () => {
    const readB = () => b.inject({ method: 'GET', url: '/api/masthead' });
    const before = await readB();
    expect((await readB()).headers['x-cache']).toBe('hit');
    const title = `Changed on A ${crypto.randomUUID()}`;
    const saved = await call(a, {
      method: 'PUT',
      url: '/api/masthead',
      token,
      payload: { mastheadTitle: title, mastheadBody: 'Seen on B.' },
    });
    expect(saved.statusCode).toBe(200);
    const changedAt = Date.now();
    // B's cached copy is dropped by A's notification: polled, with the 1 s deadline as the behaviour.
    await until(async () => (await readB()).json().mastheadTitle === title, 1000, 'the change on B');
    expect(Date.now() - changedAt).toBeLessThanOrEqual(1000);
    expect(before.json().mastheadTitle).not.toBe(title);

    // A like on A drops B's copy of that post only.
    const posts = (await b.inject({ method: 'GET', url: '/api/posts' })).json() as { id: number; likes: number }[];
    const [liked, other] = posts;
    for (const p of [liked!, other!]) await b.inject({ method: 'GET', url: `/api/posts/${p.id}` });
    likedId = liked!.id;
    const like = await call(a, { method: 'PUT', url: `/api/posts/${liked!.id}/like`, remoteAddress: address });
    expect(like.statusCode).toBe(200);
    await until(
      async () =>
        (await b.inject({ method: 'GET', url: `/api/posts/${liked!.id}` })).json().likes === like.json().likes,
      1000,
      'the like on B',
    );
    expect((await b.inject({ method: 'GET', url: `/api/posts/${other!.id}` })).headers['x-cache']).toBe('hit');
  });

  it('drops what it cached when its listening connection is lost, and is in step again once it is back', async () => {
    await b.inject({ method: 'GET', url: '/api/intro' });
    expect((await b.inject({ method: 'GET', url: '/api/intro' })).headers['x-cache']).toBe('hit');
    // Both listeners go (the server cannot tell whose is whose): whatever was missed meanwhile is
    // unknown, so what B held must not be served again.
    await withServer(serverUrl!, (c) =>
      c.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = $2', [
        LISTENER_NAME,
        name,
      ]),
    );
    await until(
      async () => (await b.inject({ method: 'GET', url: '/api/intro' })).headers['x-cache'] !== 'hit',
      5000,
      'the old copy dropped on B',
    );
    // Back within a few seconds; then a change through A reaches B's refilled cache again.
    await until(
      async () => {
        await b.inject({ method: 'GET', url: '/api/intro' });
        return (await b.inject({ method: 'GET', url: '/api/intro' })).headers['x-cache'] === 'hit';
      },
      10_000,
      'the cache back on B',
    );
    await until(
      async () => {
        await a.inject({ method: 'GET', url: '/api/intro' });
        return (await a.inject({ method: 'GET', url: '/api/intro' })).headers['x-cache'] === 'hit';
      },
      10_000,
      'the listener back on A',
    );
    const title = `Intro after the reconnect ${crypto.randomUUID()}`;
    const saved = await call(a, {
      method: 'PUT',
      url: '/api/intro',
      token,
      payload: { title, history: 'Kept.', body: 'Seen on B.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await until(
      async () => (await b.inject({ method: 'GET', url: '/api/intro' })).json().title === title,
      1000,
      'the change on B',
    );
  });

  it('accepts on one instance a sign-in made on the other', async () => {
    const onA = await login(a);
    const onB = await call(b, { method: 'GET', url: '/api/posts/staff', token: onA });
    expect(onB.statusCode).toBe(200);
    expect((await call(b, { method: 'GET', url: '/api/posts/staff' })).statusCode).toBe(401);
  });

  it.skipIf(!redisUrl)('shares the contact limit through Redis, and sends each contact message once', async () => {
    await activeMailboxFor(a, token, peer.port);
    const answers: number[] = [];
    const ids: number[] = [];
    for (let i = 0; i <= CONTACT_LIMIT.max; i++) {
      const app = i % 2 ? b : a;
      const body = await contactBody({
        ...validContact,
        message: `Message ${i} to both instances.`,
        altcha: await solveCaptcha(app),
      });
      const res = await call(app, { method: 'POST', url: '/api/mail', remoteAddress: address, ...body });
      answers.push(res.statusCode);
      if (res.statusCode === 201) ids.push(res.json().id);
    }
    // Half went to each instance; together they allowed the limit, not twice the limit.
    expect(answers).toEqual([...Array<number>(CONTACT_LIMIT.max).fill(201), 429]);

    // Both instances run a mail worker: each stored message reaches the SMTP server once.
    await until(
      async () =>
        (await a.db.select().from(contactMessages).where(inArray(contactMessages.id, ids))).every(
          (r) => r.status === 'sent',
        ),
      30_000,
      'delivery of every message',
    );
    const ours = peer.messages.filter((m) => /Message \d to both instances/.test(m.text));
    expect(ours).toHaveLength(CONTACT_LIMIT.max);
    expect(new Set(ours.map((m) => m.messageId)).size).toBe(CONTACT_LIMIT.max);
  });
});
