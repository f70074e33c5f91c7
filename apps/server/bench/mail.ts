/**
 * Fault-injection runs of contact-mail delivery (`npm run bench:mail`), two of them:
 *
 * 1. Faults, in one process. Stores MESSAGES contact messages through POST /api/mail (app.inject, real solved ALTCHA challenges
 * at a low difficulty, each from its own client address so the per-address rate limit does not
 * apply; one in ten carries a PDF) while delivery workers send them to a real SMTP peer on loopback
 * that randomly answers 4xx, sometimes 5xx, stalls past the client timeout, and goes down for a
 * while. Workers are restarted during the run, and one "crashes" holding claimed messages, which
 * others must take over when its lease runs out. At the end every Message-ID the peer accepted is
 * matched against the database: lost and duplicated must both be 0.
 *
 * 2. kill -9. KILL_MESSAGES messages are stored, then a child process runs the app with its
 * delivery worker (this script with --child) and is killed with SIGKILL while it delivers, KILLS
 * times, each time restarted on the same database (a PGlite folder keeps the lock file of the
 * killed process; the next start takes it over). A last child finishes the work. Duplicates are
 * counted by Message-ID at the SMTP peer and charged to the kill that interrupted their first
 * transmission: at most 1 per kill (the message on the wire), 0 lost.
 *
 * The exit code is 1 when a run misses its target.
 * Database: a temporary PGlite folder, or a fresh database on the server named by DATABASE_URL.
 * Options (environment): BENCH_MESSAGES (default 1000), BENCH_DEADLINE_S (default 170),
 * BENCH_KILLS (default 6), BENCH_KILL_MESSAGES (default 300), BENCH_ONLY (faults | kills).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { startApp } from '../src/start-app';
import type { AppConfig } from '../src/config';
import { testConfig } from '../test/config';
import { databaseOn, withServer } from '../test/global-setup';
import { openDatabase } from '../src/db/client';
import { contactMessages } from '../src/db/schema';
import { mailboxKey } from '../src/modules/mail-settings';
import {
  createMailWorker,
  mailWorkerPlugin,
  outboxRepository,
  outboxService,
  type MailWorker,
  type MailWorkerOptions,
} from '../src/modules/outbox';
import { activeMailboxFor } from '../test/mail-fixtures';
import { contactBody, pdfBytes, solveCaptcha, validContact } from '../test/contact-fixtures';
import { call, login } from '../test/helper';
import { startSmtpPeer, type Behaviour } from '../test/smtp-peer';

const MESSAGES = Number(process.env['BENCH_MESSAGES'] ?? 1000);
const DEADLINE_MS = Number(process.env['BENCH_DEADLINE_S'] ?? 170) * 1000;
const KILLS = Number(process.env['BENCH_KILLS'] ?? 6);
const KILL_MESSAGES = Number(process.env['BENCH_KILL_MESSAGES'] ?? 300);
const ONLY = process.env['BENCH_ONLY'];
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
const say = (s: string) => process.stdout.write(`[${elapsed()}] ${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function database(): Promise<{ url: string | undefined; dataDir: string; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mail-'));
  const server = process.env['DATABASE_URL'];
  if (!server)
    return { url: undefined, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const name = `bench_mail_${crypto.randomBytes(4).toString('hex')}`;
  await withServer(server, (c) => c.query(`create database ${name}`));
  return {
    url: databaseOn(server, name),
    dataDir,
    drop: async () => {
      await withServer(server, (c) => c.query(`drop database if exists ${name} with (force)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function faultRun(): Promise<boolean> {
  say(
    `faults: ${MESSAGES} messages, one process, on ${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite in a folder'}`,
  );
  const db = await database();
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
  // Its port is one of the system's choosing: allowed as SMTP_ALLOWED_PORTS would.
  const app = await startApp(
    testConfig({
      databaseUrl: db.url,
      dataDir: db.dataDir,
      captchaDifficulty: 100,
      seedDemo: true,
      mailWorker: false,
      smtpAllowedPorts: [peer.port],
    }),
  );
  const token = await login(app);
  const outbox = outboxRepository(app.db);
  // Short timeouts so that stalls cost little, yet not so short that a busy event loop (the peer,
  // the app and PGlite share this process) makes the client give up on a reply that has arrived:
  // that is SMTP's own at-least-once window (accepted, answer not seen) and would show as a duplicate.
  await activeMailboxFor(app, token, peer.port, { connectionTimeout: 3000, timeout: 3000, writeTimeout: 3000 });

  const key = mailboxKey(app.secret);
  // Each worker sends one message at a time; four of them (as four instances would) keep up with the stalls.
  const workerOptions: MailWorkerOptions = {
    pollMs: 100,
    batchSize: 20,
    backoffBaseMs: 200,
    backoffMaxMs: 3000,
    maxAttempts: 15,
    smtpAllowedPorts: [peer.port],
  };
  let restarts = 0;
  const workers: MailWorker[] = [];
  const spawnWorker = () => {
    const w = createMailWorker(app.db, key, workerOptions);
    w.start();
    workers.push(w);
  };
  for (let i = 0; i < 4; i++) spawnWorker();

  // A worker that "crashes" mid-send: its send never finishes and it is never stopped; the messages
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
    const res = await call(app, {
      method: 'POST',
      url: '/api/mail',
      remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      ...body,
    });
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
        spawnWorker();
        restarts++;
      }
    }
  })();

  for (let i = 0; i < MESSAGES; i += 25) {
    await Promise.all(Array.from({ length: Math.min(25, MESSAGES - i) }, (_, k) => storeOne(i + k)));
  }
  say(`stored ${ids.length} (refused ${refused})`);

  // Wait until every stored message, and the visitor's confirmation of each, is sent or failed for
  // good. Counted per row of this run: a total over the outbox would mix the two kinds, stop the
  // wait while messages were still pending and report them as lost.
  const ourRows = async () => {
    const mine = new Set(ids);
    return (
      await app.db
        .select({
          id: contactMessages.id,
          kind: contactMessages.kind,
          confirmsId: contactMessages.confirmsId,
          status: contactMessages.status,
          messageId: contactMessages.messageId,
        })
        .from(contactMessages)
    ).filter((r) => mine.has(r.id) || (r.confirmsId !== null && mine.has(r.confirmsId)));
  };
  for (;;) {
    const rows = await ourRows();
    const unsettled = rows.filter((r) => r.status !== 'sent' && r.status !== 'failed').length;
    if (unsettled === 0 && rows.length >= ids.length) break;
    if (Date.now() - started > DEADLINE_MS) {
      say(`deadline reached with ${unsettled} messages or confirmations not settled`);
      break;
    }
    await sleep(500);
  }
  chaosOn = false;
  await chaos;
  await peer.up();
  await Promise.all(workers.map((w) => w.stop()));

  // Match what the server accepted against the database: the staff messages and the visitors'
  // confirmations both go through the outbox, so both must arrive exactly once.
  const ours = await ourRows();
  const received = new Map<string, number>();
  for (const m of peer.messages) received.set(m.messageId, (received.get(m.messageId) ?? 0) + 1);
  const byMessageId = new Map(ours.map((r) => [r.messageId, r]));
  const contacts = ours.filter((r) => r.kind === 'contact');
  const confirmations = ours.filter((r) => r.kind === 'confirmation');
  const delivered = contacts.filter((r) => r.status === 'sent').length;
  const failed = contacts.filter((r) => r.status === 'failed').length;
  // Lost: marked sent but never received, or never settled at all (message or confirmation), or
  // accepted by the API and not in the database.
  const lost =
    ours.filter((r) => r.status === 'sent' && !received.has(r.messageId ?? '')).length +
    ours.filter((r) => r.status !== 'sent' && r.status !== 'failed').length +
    (ids.length - contacts.length);
  const duplicated = [...received.values()].reduce((n, c) => n + (c - 1), 0);
  const unknown = [...received.keys()].filter((id) => !byMessageId.has(id)).length;
  const failedButReceived = ours.filter((r) => r.status === 'failed' && received.has(r.messageId ?? '')).length;
  const attempts = (await outbox.messageIds()).length;
  if (process.env['BENCH_DEBUG'])
    for (const [mid, n] of received)
      if (n > 1) {
        const row = byMessageId.get(mid);
        const full = row && (await app.db.select().from(contactMessages)).find((r) => r.id === row.id);
        const times = peer.messages
          .filter((m) => m.messageId === mid)
          .map((m) => ((m.receivedAt - started) / 1000).toFixed(2));
        say(
          `duplicate ${mid}: received at ${times.join(', ')}; attempts ${full?.attempts}, status ${full?.status}, sentAt ${full?.sentAt?.getTime() ? ((full.sentAt.getTime() - started) / 1000).toFixed(2) : '-'}`,
        );
      }

  const report = {
    stored: ids.length,
    delivered,
    'failed for good': failed,
    'confirmations delivered': confirmations.filter((r) => r.status === 'sent').length,
    'confirmations failed for good': confirmations.filter((r) => r.status === 'failed').length,
    lost,
    duplicated,
    'received, not in the database': unknown,
    'received but marked failed': failedButReceived,
  };
  process.stdout.write('\n');
  for (const [k, v] of Object.entries(report)) process.stdout.write(`${k.padEnd(32)} ${v}\n`);
  process.stdout.write(
    `\nfaults injected: ${faults.transient} x 451, ${faults.permanent} x 550, ${faults.stalls} stalls, ` +
      `${faults.downs} outages of 4s, ${restarts} worker restarts, 1 crashed worker (died in ${crashClaims} transmission, its batch claimed)` +
      `\nmessages tried: ${attempts}, SMTP accepts: ${peer.messages.length}, time: ${elapsed()}\n`,
  );

  await app.close();
  await peer.close();
  await db.drop();
  const ok = lost === 0 && duplicated === 0 && unknown === 0 && failedButReceived === 0 && ids.length >= MESSAGES;
  process.stdout.write(ok ? '\nOK: nothing lost, nothing sent twice.\n\n' : '\nFAILED: see the numbers above.\n\n');
  return ok;
}

// ---------------------------------------------------------------- kill -9 runs

const SELF = fileURLToPath(import.meta.url);
/** The children's lease: short, so that a restart takes over soon, yet far beyond one send to a local peer. */
const KILL_LEASE_MS = 3000;

interface ChildEnv {
  databaseUrl: string | undefined;
  dataDir: string;
  smtpPort: number;
}

const childConfig = (c: ChildEnv): AppConfig =>
  testConfig({
    databaseUrl: c.databaseUrl,
    dataDir: c.dataDir,
    seedDemo: false,
    mailWorker: false,
    smtpAllowedPorts: [c.smtpPort],
  });

/**
 * The child process: the app with its delivery worker plugin (timings shortened), running until it
 * is killed or told to stop. It tells the parent when it is ready and, a few times a second, the
 * outbox counts (the parent cannot open an embedded database the child holds).
 */
async function child(): Promise<void> {
  const env = JSON.parse(process.env['BENCH_CHILD']!) as ChildEnv;
  const app = await startApp(childConfig(env));
  await app.register(mailWorkerPlugin, {
    pollMs: 100,
    batchSize: 10,
    leaseMs: KILL_LEASE_MS,
    backoffBaseMs: 200,
    backoffMaxMs: 2000,
    maxAttempts: 50,
  });
  await app.ready();
  const outbox = outboxRepository(app.db);
  const tell = (m: object) => process.send?.(m);
  tell({ type: 'ready' });
  const report = setInterval(
    () =>
      void outbox.counts().then(
        (counts) => tell({ type: 'counts', counts }),
        () => {},
      ),
    250,
  );
  process.on('message', (m) => {
    if (m !== 'stop') return;
    clearInterval(report);
    void app.close().then(() => process.exit(0));
  });
}

function startChild(env: ChildEnv, onCounts: (counts: Record<string, number>) => void) {
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SELF, '--child'], {
    env: { ...process.env, BENCH_CHILD: JSON.stringify(env) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    proc.on('message', (m: { type: string; counts?: Record<string, number> }) => {
      if (m.type === 'ready') resolve();
      if (m.type === 'counts' && m.counts) onCounts(m.counts);
    });
    void exited.then((code) => reject(new Error(`the child exited (${code}) before it was ready`)));
  });
  return { proc, ready, exited };
}

/** What a killed child left behind: claims it had not started, and the message it had on the wire. */
async function leftBehind(env: ChildEnv): Promise<{ claimedNotStarted: number; onTheWire: number }> {
  // On PGlite this also takes over the lock file the killed process left beside the folder.
  const database = await openDatabase(env.databaseUrl, env.dataDir);
  try {
    const [row] = await database.db
      .select({
        claimedNotStarted: sql<number>`count(*) filter (where ${contactMessages.transmittingSince} is null)::int`,
        onTheWire: sql<number>`count(*) filter (where ${contactMessages.transmittingSince} is not null)::int`,
      })
      .from(contactMessages)
      .where(sql`${contactMessages.status} = 'sending'`);
    return { claimedNotStarted: row?.claimedNotStarted ?? 0, onTheWire: row?.onTheWire ?? 0 };
  } finally {
    await database.close();
  }
}

interface Kill {
  n: number;
  at: string;
  receivedInLife: number;
  claimedNotStarted: number;
  onTheWire: number;
  duplicates: number;
}

async function killRun(): Promise<boolean> {
  const engine = process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite in a folder';
  say(`kill -9: ${KILL_MESSAGES} messages, ${KILLS} kills, on ${engine}`);
  const db = await database();
  const peer = await startSmtpPeer();
  const env: ChildEnv = { databaseUrl: db.url, dataDir: db.dataDir, smtpPort: peer.port };

  // Set up and store everything, then close: from here on the children own the database.
  const setup = await startApp(childConfig(env));
  await activeMailboxFor(setup, await login(setup), peer.port, {
    connectionTimeout: 2000,
    timeout: 2000,
    writeTimeout: 2000,
  });
  const outbox = outboxService(setup.db);
  const ids: number[] = [];
  const pdf = pdfBytes(20 * 1024);
  for (let i = 0; i < KILL_MESSAGES; i++) {
    ids.push(
      await outbox.enqueue({
        ...validContact,
        fullName: `Visitor ${i}`,
        message: `Kill-run message ${i}`,
        ...(i % 10 === 0 ? { attachment: pdf, attachmentName: `cv-${i}.pdf` } : {}),
      }),
    );
  }
  await setup.close();
  say(`stored ${ids.length}`);

  /** The life (child number) in which the peer received each mail, by its index in peer.messages. */
  const lifeOf: number[] = [];
  const kills: Kill[] = [];
  let counts: Record<string, number> = {};
  let settled = true;
  for (let life = 0; life <= KILLS; life++) {
    const from = peer.messages.length;
    const child = startChild(env, (c) => (counts = c));
    await child.ready;
    if (life < KILLS) {
      // Mid-delivery: right after the peer accepted a mail, before the child can have recorded it
      // (the worst moment), or up to 30 ms later (mid-claim, mid-transmission, between two mails).
      await peer.waitFor(from + 5 + Math.floor(Math.random() * 20), 60_000);
      if (life % 2 === 1) await sleep(Math.random() * 30);
      child.proc.kill('SIGKILL');
      await child.exited;
      const left = await leftBehind(env);
      kills.push({ n: life + 1, at: elapsed(), receivedInLife: peer.messages.length - from, ...left, duplicates: 0 });
      say(
        `kill ${life + 1}: ${peer.messages.length - from} received in this life; left ${left.claimedNotStarted} claimed, not started, ${left.onTheWire} on the wire`,
      );
    } else {
      const deadline = Date.now() + 120_000;
      while ((counts['sent'] ?? 0) + (counts['failed'] ?? 0) < ids.length) {
        if (Date.now() > deadline) {
          say('deadline reached before everything was sent');
          settled = false;
          break;
        }
        await sleep(200);
      }
      child.proc.send('stop');
      await child.exited;
    }
    for (let i = from; i < peer.messages.length; i++) lifeOf[i] = life;
  }

  const finalDb = await openDatabase(env.databaseUrl, env.dataDir);
  const rows = await finalDb.db
    .select({ id: contactMessages.id, status: contactMessages.status, messageId: contactMessages.messageId })
    .from(contactMessages);
  await finalDb.close();

  // Each reception after the first is charged to the kill of the life that received the one before.
  const lives = new Map<string, number[]>();
  peer.messages.forEach((m, i) => lives.set(m.messageId, [...(lives.get(m.messageId) ?? []), lifeOf[i]!]));
  let unexplained = 0;
  for (const seen of lives.values())
    for (let k = 1; k < seen.length; k++) {
      const kill = kills[seen[k - 1]!];
      if (kill && seen[k]! > seen[k - 1]!) kill.duplicates++;
      else unexplained++; // twice within one life: not a kill's doing
    }
  const ours = rows.filter((r) => ids.includes(r.id));
  const delivered = ours.filter((r) => r.status === 'sent').length;
  const lost =
    ours.filter((r) => r.status === 'sent' && !lives.has(r.messageId ?? '')).length +
    ours.filter((r) => r.status !== 'sent' && r.status !== 'failed').length +
    (ids.length - ours.length);
  const duplicated = [...lives.values()].reduce((n, seen) => n + seen.length - 1, 0);
  const unknown = [...lives.keys()].filter((id) => !ours.some((r) => r.messageId === id)).length;

  process.stdout.write(`\nkill -9 runs on ${engine}\n`);
  process.stdout.write(
    `${'kill'.padEnd(6)}${'at'.padEnd(9)}${'received in life'.padEnd(18)}${'claimed, not started'.padEnd(22)}${'on the wire'.padEnd(13)}duplicated\n`,
  );
  for (const k of kills)
    process.stdout.write(
      `${String(k.n).padEnd(6)}${k.at.padEnd(9)}${String(k.receivedInLife).padEnd(18)}${String(k.claimedNotStarted).padEnd(22)}${String(k.onTheWire).padEnd(13)}${k.duplicates}\n`,
    );
  const report = {
    stored: ids.length,
    delivered,
    'failed for good':
      ours.length - delivered - ours.filter((r) => r.status !== 'sent' && r.status !== 'failed').length,
    lost,
    duplicated,
    'duplicated, not after a kill': unexplained,
    'received, not in the database': unknown,
    kills: kills.length,
  };
  process.stdout.write('\n');
  for (const [k, v] of Object.entries(report)) process.stdout.write(`${k.padEnd(32)} ${v}\n`);
  process.stdout.write(`SMTP accepts: ${peer.messages.length}, time: ${elapsed()}\n`);

  await peer.close();
  await db.drop();
  const ok =
    settled &&
    lost === 0 &&
    unexplained === 0 &&
    unknown === 0 &&
    kills.length >= KILLS &&
    kills.every((k) => k.duplicates <= 1);
  process.stdout.write(
    ok ? '\nOK: nothing lost, at most one duplicate per kill.\n\n' : '\nFAILED: see the numbers above.\n\n',
  );
  return ok;
}

async function main(): Promise<void> {
  if (process.argv.includes('--child')) return child(); // runs until killed or stopped
  let ok = true;
  if (ONLY !== 'kills') ok = (await faultRun()) && ok;
  if (ONLY !== 'faults') ok = (await killRun()) && ok;
  // The crashed worker's never-ending send must not keep the process alive.
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
