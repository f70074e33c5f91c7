import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import crypto from 'node:crypto';
import { startApp } from '../../start-app';
import { testConfig } from '../../../test/config';
import { contactMessages } from '../../db/schema';
import { call, login } from '../../../test/helper';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer';
import { contactBody, solveCaptcha, validContact } from '../../../test/contact-fixtures';
import { activeMailboxFor } from '../../../test/mail-fixtures';
import { until } from '../../../test/until';
import { mailboxKey } from '../mail-settings';
import { createMailWorker } from './worker';
import { outboxRepository } from './outbox-repository';
import { sendMail } from './transport';

let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(() => peer.close());

const serverUrl = process.env['TEST_DATABASE_URL'];

// On the embedded database, whose folder outlives the process; the PostgreSQL lane would run the
// very same PGlite test again (two processes on one PostgreSQL database: below).
describe.skipIf(!!serverUrl)('a restart between storing and sending', () => {
  it('delivers what the stopped process had stored, once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-restart-'));
    try {
      const config = testConfig({ databaseUrl: undefined, dataDir, smtpAllowedPorts: [peer.port] });
      // The folder starts as a copy of the run's migrated, seeded database (test/global-setup.ts).
      const options = { pgliteSnapshot: inject('snapshots').demo };
      // First process: no worker; it stores two messages and stops.
      const first = await startApp(config, options);
      const token = await login(first);
      await activeMailboxFor(first, token, peer.port);
      const ids: number[] = [];
      for (let i = 0; i < 2; i++) {
        const body = await contactBody({ ...validContact, altcha: await solveCaptcha(first) });
        const res = await call(first, { method: 'POST', url: '/api/mail', remoteAddress: `10.2.0.${i}`, ...body });
        expect(res.statusCode).toBe(201);
        ids.push(res.json().id);
      }
      await first.close();
      expect(peer.messages).toHaveLength(0);

      // Second process on the same data, with its worker on (as in production).
      const second = await startApp({ ...config, mailWorker: true }, options);
      try {
        await second.ready();
        // Each message and its confirmation to the visitor (the same outbox, the same rules).
        const status = async () => (await second.db.select().from(contactMessages)).map((r) => r.status);
        await until(
          async () => (await status()).length === 4 && (await status()).every((s) => s === 'sent'),
          20_000,
          'delivery after restart',
        );
        expect(peer.messages).toHaveLength(4);
        expect(new Set(peer.messages.map((m) => m.messageId)).size).toBe(4);
        expect(peer.messages.filter((m) => m.to.includes(validContact.email))).toHaveLength(2);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!serverUrl)('two workers on one PostgreSQL', () => {
  it('send each message exactly once', async () => {
    const name = `t_${crypto.randomBytes(6).toString('hex')}`;
    const adminClient = new pg.Client({ connectionString: serverUrl });
    await adminClient.connect();
    // A copy of the run's migrated, seeded template (test/global-setup.ts).
    await adminClient.query(`create database ${name} template ${inject('snapshots').demo}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    // Two app instances on one database, as two servers behind a load balancer.
    const a = await startApp(testConfig({ databaseUrl: url.toString(), smtpAllowedPorts: [peer.port] }));
    const b = await startApp(testConfig({ databaseUrl: url.toString(), smtpAllowedPorts: [peer.port] }));
    try {
      const token = await login(a);
      await activeMailboxFor(a, token, peer.port);
      peer.messages.length = 0;
      const outbox = outboxRepository(a.db);
      const N = 60;
      for (let i = 0; i < N; i++) await outbox.insert({ ...validContact, message: `Message ${i}` });
      // Some answers are 4xx, so retries interleave with first attempts across both workers.
      peer.setDecide(() => (Math.random() < 0.2 ? { code: 451 } : 'accept'));
      const opts = {
        pollMs: 20,
        batchSize: 4,
        backoffBaseMs: 50,
        backoffMaxMs: 200,
        maxAttempts: 50,
        smtpAllowedPorts: [peer.port],
      };
      const sentBy = [0, 0, 0, 0];
      const workers = [a, b, a, b].map((app, i) =>
        createMailWorker(app.db, mailboxKey(app.secret), {
          ...opts,
          send: (o, m) => (sentBy[i]!++, sendMail(o, m)),
        }),
      );
      workers.forEach((w) => w.start());
      await until(async () => ((await outbox.counts())['sent'] ?? 0) === N, 60_000, 'all sent');
      await Promise.all(workers.map((w) => w.stop()));
      expect(sentBy.filter((n) => n > 0).length).toBeGreaterThan(1); // they really competed
      const ids = peer.messages.map((m) => m.messageId);
      expect(ids).toHaveLength(N);
      expect(new Set(ids).size).toBe(N);
      const rows = await a.db.select().from(contactMessages).where(eq(contactMessages.status, 'sent'));
      expect(new Set(rows.map((r) => r.messageId))).toEqual(new Set(ids));
    } finally {
      peer.setDecide(() => 'accept');
      await a.close();
      await b.close();
      await adminClient.query(`drop database if exists ${name} with (force)`);
      await adminClient.end();
    }
  });
});
