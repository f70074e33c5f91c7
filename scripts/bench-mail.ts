/**
 * Fault-injection run of contact-mail delivery (`npm run bench:mail`).
 *
 * Stores MESSAGES contact messages through POST /api/mail (app.inject, real solved ALTCHA challenges
 * at a low difficulty, each from its own client address so the per-address rate limit does not
 * apply; one in ten carries a PDF) while delivery workers send them to a real SMTP peer on loopback
 * that randomly answers 4xx, sometimes 5xx, stalls past the client timeout, and goes down for a
 * while. Workers are restarted during the run, and one "crashes" holding claimed messages, which
 * others must take over when its lease runs out. At the end every Message-ID the peer accepted is
 * matched against the database: lost and duplicated must both be 0 (else the exit code is 1).
 *
 * Database: a temporary PGlite folder, or a fresh database on the server named by DATABASE_URL.
 * Options (environment): BENCH_MESSAGES (default 1000), BENCH_DEADLINE_S (default 170).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { contactMessages } from '../apps/server/src/db/schema';
import { mailboxKey } from '../apps/server/src/modules/mail/mail-config';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from '../apps/server/src/modules/mail/worker';
import { outboxRepository } from '../apps/server/src/modules/mail/outbox-repository';
import { activeMailboxFor } from '../apps/server/test/mail-fixtures';
import { contactBody, pdfBytes, solveCaptcha, validContact } from '../apps/server/test/contact-fixtures';
import { call, login } from '../apps/server/test/helper';
import { startSmtpPeer, type Behaviour } from '../apps/server/test/smtp-peer';

const MESSAGES = Number(process.env['BENCH_MESSAGES'] ?? 1000);
const DEADLINE_MS = Number(process.env['BENCH_DEADLINE_S'] ?? 170) * 1000;
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
const say = (s: string) => process.stdout.write(`[${elapsed()}] ${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function database(): Promise<{ url: string | undefined; dataDir: string; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mail-'));
  const server = process.env['DATABASE_URL'];
  if (!server) return { url: undefined, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const name = `bench_mail_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<number> {
  const db = await database();
  const app = await buildApp(
    testConfig({ databaseUrl: db.url, dataDir: db.dataDir, captchaDifficulty: 100, seedDemo: true, mailWorker: false }),
  );
  const token = await login(app);
  const outbox = outboxRepository(app.db);

  // The peer: mostly accepts; 10% "451 try later", 1% "550" (failed for good), 4% stalls past the timeout.
  const faults = { transient: 0, permanent: 0, stalls: 0, downs: 0 };
  const peer = await startSmtpPeer({
    decide: (): Behaviour => {
      const r = Math.random();
      if (r < 0.1) return (faults.transient++, { code: 451, message: 'Greylisted, try again later' });
      if (r < 0.11) return (faults.permanent++, { code: 550, message: 'Mailbox unavailable' });
      if (r < 0.15) return (faults.stalls++, 'stall');
      return 'accept';
    },
  });
  // Short timeouts so that stalls cost little, yet not so short that a busy event loop (the peer,
  // the app and PGlite share this process) makes the client give up on a reply that has arrived:
  // that is SMTP's own at-least-once window (accepted, answer not seen) and would show as a duplicate.
  await activeMailboxFor(app, token, peer.port, { connectionTimeout: 3000, timeout: 3000, writeTimeout: 3000 });

  const key = mailboxKey(app.secret);
  const workerOptions: MailWorkerOptions = { pollMs: 100, batchSize: 20, backoffBaseMs: 200, backoffMaxMs: 3000, maxAttempts: 15 };
  let restarts = 0;
  const workers: MailWorker[] = [];
  const spawn = () => {
    const w = createMailWorker(app.db, key, workerOptions);
    w.start();
    workers.push(w);
  };
  spawn();
  spawn();

  // A worker that "crashes" mid-send: its sends never finish and it is never stopped; the messages
  // it claimed come back to the others when its (short) lease runs out.
  let crashClaims = 0;
  const crashed = createMailWorker(app.db, key, {
    ...workerOptions,
    batchSize: 5,
    leaseMs: 3000,
    send: () => (crashClaims++, new Promise<string>(() => {})),
  });

  // Store the messages, 25 at a time, while the workers run.
  say(`storing ${MESSAGES} messages through POST /api/mail`);
  const ids: number[] = [];
  let refused = 0;
  const pdf = pdfBytes(50 * 1024);
  const storeOne = async (i: number) => {
    const body = await contactBody(
      { ...validContact, fullName: `Visitor ${i}`, message: `Bench message ${i}`, altcha: await solveCaptcha(app) },
      i % 10 === 0 ? { data: pdf, name: `cv-${i}.pdf` } : undefined,
    );
    const res = await call(app, { method: 'POST', url: '/api/mail', remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, ...body });
    if (res.statusCode === 201) ids.push(res.json().id);
    else refused++;
    if (process.env['BENCH_DEBUG'] && i % 100 === 0) say(`stored ${ids.length}`);
  };

  // Chaos: the server goes down twice, workers are restarted every 4 seconds.
  let chaosOn = true;
  const chaos = (async () => {
    const downs = [3000, 12000];
    let t = 0;
    while (chaosOn) {
      await sleep(1000);
      t += 1000;
      // The crash comes once there is a backlog to claim (runOnce returns only when it claimed nothing).
      if (t >= 2000 && crashClaims === 0) void crashed.runOnce().catch(() => 0);
      if (downs.includes(t)) {
        faults.downs++;
        say('SMTP server going down for 4s');
        await peer.down();
        void sleep(4000).then(() => peer.up().then(() => say('SMTP server back up')));
      }
      if (t % 4000 === 0 && workers.length) {
        const old = workers.shift()!;
        await old.stop();
        spawn();
        restarts++;
      }
    }
  })();

  for (let i = 0; i < MESSAGES; i += 25) {
    await Promise.all(Array.from({ length: Math.min(25, MESSAGES - i) }, (_, k) => storeOne(i + k)));
  }
  say(`stored ${ids.length} (refused ${refused})`);

  // Wait until every stored message is sent or failed for good.
  let counts: Record<string, number> = {};
  for (;;) {
    counts = await outbox.counts();
    const settled = (counts['sent'] ?? 0) + (counts['failed'] ?? 0);
    if (settled >= ids.length) break;
    if (Date.now() - started > DEADLINE_MS) {
      say(`deadline reached with ${ids.length - settled} messages not settled`);
      break;
    }
    await sleep(500);
  }
  chaosOn = false;
  await chaos;
  await peer.up();
  await Promise.all(workers.map((w) => w.stop()));

  // Match what the server accepted against the database.
  const rows = await app.db
    .select({ id: contactMessages.id, status: contactMessages.status, messageId: contactMessages.messageId })
    .from(contactMessages);
  const ours = rows.filter((r) => ids.includes(r.id));
  const received = new Map<string, number>();
  for (const m of peer.messages) received.set(m.messageId, (received.get(m.messageId) ?? 0) + 1);
  const byMessageId = new Map(ours.map((r) => [r.messageId, r]));
  const delivered = ours.filter((r) => r.status === 'sent').length;
  const failed = ours.filter((r) => r.status === 'failed').length;
  // Lost: marked sent but never received, or never settled at all.
  const lost =
    ours.filter((r) => r.status === 'sent' && !received.has(r.messageId ?? '')).length +
    ours.filter((r) => r.status !== 'sent' && r.status !== 'failed').length +
    (ids.length - ours.length);
  const duplicated = [...received.values()].reduce((n, c) => n + (c - 1), 0);
  const unknown = [...received.keys()].filter((id) => !byMessageId.has(id)).length;
  const failedButReceived = ours.filter((r) => r.status === 'failed' && received.has(r.messageId ?? '')).length;
  const attempts = (await outbox.messageIds()).length;
  if (process.env['BENCH_DEBUG'])
    for (const [mid, n] of received)
      if (n > 1) {
        const row = byMessageId.get(mid);
        const full = row && (await app.db.select().from(contactMessages)).find((r) => r.id === row.id);
        const times = peer.messages.filter((m) => m.messageId === mid).map((m) => ((m.receivedAt - started) / 1000).toFixed(2));
        say(`duplicate ${mid}: received at ${times.join(', ')}; attempts ${full?.attempts}, status ${full?.status}, sentAt ${full?.sentAt?.getTime() ? ((full.sentAt.getTime() - started) / 1000).toFixed(2) : '-'}`);
      }

  const report = {
    stored: ids.length,
    delivered,
    'failed for good': failed,
    lost,
    duplicated,
    'received, not in the database': unknown,
    'received but marked failed': failedButReceived,
  };
  process.stdout.write('\n');
  for (const [k, v] of Object.entries(report)) process.stdout.write(`${k.padEnd(32)} ${v}\n`);
  process.stdout.write(
    `\nfaults injected: ${faults.transient} x 451, ${faults.permanent} x 550, ${faults.stalls} stalls, ` +
      `${faults.downs} outages of 4s, ${restarts} worker restarts, 1 crashed worker holding ${crashClaims} claims` +
      `\nmessages tried: ${attempts}, SMTP accepts: ${peer.messages.length}, time: ${elapsed()}\n`,
  );

  await app.close();
  await peer.close();
  await db.drop();
  const ok = lost === 0 && duplicated === 0 && unknown === 0 && failedButReceived === 0 && ids.length >= MESSAGES;
  process.stdout.write(ok ? '\nOK: nothing lost, nothing sent twice.\n' : '\nFAILED: see the numbers above.\n');
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code), // the crashed worker's never-ending sends must not keep the process alive
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
