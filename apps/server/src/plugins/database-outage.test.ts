import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@app/shared/messages';
import { startApp } from '../start-app';
import { testConfig } from '../../test/config';
import { call, login, useTestApp } from '../../test/helper';
import { contactBody, solveCaptcha, validContact } from '../../test/contact-fixtures';
import { databaseOn, withServer } from '../../test/global-setup';
import { tcpProxy } from '../../test/tcp-proxy';

const expectUnavailable = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('10');
  expect(res.json()).toMatchObject({ statusCode: 503, message: MSG.serviceUnavailable });
};

describe('a database that refuses writes (disk full)', () => {
  const ctx = useTestApp({ seedDemo: false });
  const sendContact = async () =>
    call(ctx.app, {
      method: 'POST',
      url: '/api/mail',
      ...(await contactBody({ ...validContact, altcha: await solveCaptcha(ctx.app) })),
    });

  it('answers 503 with Retry-After, health says writes fail and why, and all is well once space is back', async () => {
    // What PostgreSQL answers on a full disk: SQLSTATE 53100 (disk_full).
    await ctx.app.db.execute(
      sql.raw(`
      create function refuse_write() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`),
    );
    await ctx.app.db.execute(
      sql.raw(
        'create trigger disk_full before insert on contact_messages for each row execute function refuse_write()',
      ),
    );
    expectUnavailable(await sendContact());
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'error', database: 'up', writes: 'failing', reason: 'full' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('10');
    expect(ready.json()).toEqual(health.json());
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

    await ctx.app.db.execute(sql.raw('drop trigger disk_full on contact_messages'));
    expect((await sendContact()).statusCode).toBe(201);
    const healthy = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(healthy.json()).toEqual({ status: 'ok', database: 'up', writes: 'ok' });
  });
});

const serverUrl = process.env['TEST_DATABASE_URL'];
describe.skipIf(!serverUrl)('a PostgreSQL server that goes away or hangs', () => {
  let app: FastifyInstance;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let token: string;
  const name = `t_outage_${crypto.randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const url = new URL(serverUrl!);
    proxy = await tcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await withServer(serverUrl!, (c) => c.query(`create database ${name} template ${inject('snapshots').base}`));
    const viaProxy = new URL(databaseOn(serverUrl!, name));
    viaProxy.port = String(proxy.port);
    viaProxy.hostname = '127.0.0.1';
    app = await startApp(
      testConfig({ databaseUrl: viaProxy.toString(), dbConnectTimeoutMs: 1000, dbStatementTimeoutMs: 1500 }),
    );
    token = await login(app);
  });
  afterAll(async () => {
    await proxy?.resume();
    await app?.close();
    await proxy?.close();
    await withServer(serverUrl!, (c) => c.query(`drop database if exists ${name} with (force)`));
  });

  const users = () => call(app, { method: 'GET', url: '/api/users/all', token });

  it('answers 503 within the connect timeout while the server is gone, and serves again when it is back', async () => {
    expect((await users()).statusCode).toBe(200);
    await proxy.stop();
    expectUnavailable(await users());
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'error', database: 'down', reason: 'unreachable' });
    // Readiness fails as /api/health does; liveness answers at once: the process is fine.
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('10');
    expect(ready.json()).toMatchObject({ status: 'error', database: 'down', reason: 'unreachable' });
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });

    await proxy.resume();
    expect((await users()).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 instead of hanging while the server accepts and never answers', async () => {
    await proxy.hang();
    expectUnavailable(await users());
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ database: 'down', reason: 'timeout' });
    // A hanging database never holds up liveness.
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await proxy.resume();
    expect((await users()).statusCode).toBe(200);
  });
});
