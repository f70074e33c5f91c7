import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { startApp } from '../../start-app';
import { openDatabase } from '../../db/client';
import { loadConfig, type AppConfig } from '../../config';
import { testConfig } from '../../../test/config';
import { buildTestApp, call, login, tokenFor } from '../../../test/helper';
import { databaseOn, withServer } from '../../../test/global-setup';
import { activeMailboxFor, freePort } from '../../../test/mail-fixtures';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer';
import { pdfBytes } from '../../../test/contact-fixtures';
import { compiledCommand } from '../../../test/cli';
import { ROLE_USER } from '@app/shared/constants';
import { outboxService } from '../outbox';
import { BackupError, readBackup, restoreBackup, writeBackup, type BackupSource } from '.';

/**
 * npm run backup / npm run restore (docs/operations.md): a backup taken from a site with content
 * restores into a fresh, empty instance that has every row of it, and a mailbox password that
 * still signs in at the SMTP server. On PGlite always; on PostgreSQL when TEST_DATABASE_URL is set
 * (the target is a database this test creates).
 */
const serverUrl = process.env['TEST_DATABASE_URL'];
const AUTH = { user: 'backup@company.example', pass: 'mailbox-pass-Ω-1' };
const TABLES = [
  'roles',
  'users',
  'user_roles',
  'intro',
  'masthead',
  'site_settings',
  'vacancies',
  'images',
  'posts',
  'post_images',
  'providers',
  'mailboxes',
  'contact_messages',
  'mail_logs',
];

let source: FastifyInstance;
let peer: SmtpPeer;
let mailboxId: number;
let tmp: string;
const targets: string[] = [];
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  const port = await freePort();
  peer = await startSmtpPeer({ auth: AUTH, port });
  source = await buildTestApp({ smtpAllowedPorts: [port] });
  const token = await login(source);
  // Beside the demo content (posts with images, vacancies, settings, the demo mailbox): a
  // mailbox with a stored password, a staff account, and messages, one with an attachment.
  mailboxId = await activeMailboxFor(source, token, port, { auth: true, username: AUTH.user, password: AUTH.pass });
  await tokenFor(source, ROLE_USER, 'kept-user@example.com');
  const outbox = outboxService(source.db);
  await outbox.enqueue({ fullName: 'Ann Peeters', email: 'ann@example.com', phoneNumber: '', message: 'Hello' });
  await outbox.enqueue({
    fullName: 'Bram Claes',
    email: 'bram@example.com',
    phoneNumber: '+32 470 00 00 00',
    message: 'My CV',
    attachmentName: 'cv.pdf',
    attachment: pdfBytes(4096),
  });
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await source?.close();
  await peer?.close();
  if (serverUrl)
    await withServer(serverUrl, async (c) => {
      for (const t of targets) await c.query(`drop database if exists ${t} with (force)`);
    });
  fs.rmSync(tmp, { recursive: true, force: true });
});

const rows = async (app: FastifyInstance) => {
  const all: Record<string, unknown[]> = {};
  for (const table of TABLES) all[table] = (await app.db.execute(sql.raw(`select * from ${table} order by 1, 2`))).rows;
  return all;
};

function sourceOf(app: FastifyInstance): BackupSource {
  return app.database.kind === 'pglite'
    ? { engine: 'pglite', dumpDataDir: app.database.dumpDataDir! }
    : { engine: 'postgres', databaseUrl: app.config.databaseUrl! };
}

/** An empty target of the source's kind: a new DATA_DIR, and on PostgreSQL a new database. */
async function emptyTarget(): Promise<{ databaseUrl: string | undefined; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
  if (source.database.kind === 'pglite') return { databaseUrl: undefined, dataDir };
  const name = `t_restore_${crypto.randomBytes(5).toString('hex')}`;
  targets.push(name);
  await withServer(serverUrl!, (c) => c.query(`create database ${name}`));
  return { databaseUrl: databaseOn(serverUrl!, name), dataDir };
}

/** The site on the restored data as the server would start on it: secret from DATA_DIR/secret.key. */
async function startOn(target: { databaseUrl: string | undefined; dataDir: string }, over: Partial<AppConfig> = {}) {
  const app = await startApp(
    testConfig({
      databaseUrl: target.databaseUrl,
      dataDir: target.dataDir,
      secretKey: undefined,
      smtpAllowedPorts: [peer.port],
      ...over,
    }),
  );
  apps.push(app);
  return app;
}

describe('backup and restore', () => {
  it('restore into a fresh instance finds every post, image, vacancy, user, setting, mailbox and message', async () => {
    const file = path.join(tmp, 'site.tar.gz');
    await writeBackup(file, sourceOf(source), source.secret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const { manifest, secret } = await readBackup(file);
    expect(manifest.engine).toBe(source.database.kind);
    expect(secret).toBe(source.secret);

    const target = await emptyTarget();
    const out = await restoreBackup(file, { ...target, secretKey: undefined }, { force: false });
    expect(out.join('\n')).toMatch(/secret\.key/);
    const restored = await startOn(target);

    const before = await rows(source);
    const after = await rows(restored);
    for (const table of TABLES) expect(after[table], table).toEqual(before[table]);
    expect(before['posts']!.length).toBeGreaterThan(0);
    expect(before['images']!.length).toBeGreaterThan(0);
    expect(before['vacancies']!.length).toBeGreaterThan(0);
    expect(before['contact_messages']).toHaveLength(2);

    // Seen through the API as well: staff sign in, an image is served, the messages are listed.
    const token = await login(restored);
    await login(restored, 'kept-user@example.com', 'secret-pw');
    const image = before['images']![0] as { filename: string; data: Buffer };
    const served = await call(restored, { method: 'GET', url: `/images/${image.filename}` });
    expect(served.statusCode).toBe(200);
    expect(
      served.rawPayload.equals((await call(source, { method: 'GET', url: `/images/${image.filename}` })).rawPayload),
    ).toBe(true);
    const messages = (
      (await call(restored, { method: 'GET', url: '/api/messages', token })).json() as {
        items: { email: string; hasAttachment: boolean }[];
      }
    ).items;
    expect(messages.map((m) => [m.email, m.hasAttachment]).sort()).toEqual([
      ['ann@example.com', false],
      ['bram@example.com', true],
    ]);

    // The mailbox password was encrypted with the source's secret: it still signs in.
    const test = await call(restored, { method: 'POST', url: `/api/mailboxes/${mailboxId}/test`, token });
    expect(test.statusCode, test.body).toBe(200);
    await peer.waitFor(1);
    expect(peer.messages.at(-1)!.user).toBe(AUTH.user);
    expect(peer.authAttempts.at(-1)).toEqual(AUTH);
  });

  it('refuses a target that holds a database unless --force, and refuses another kind of target', async () => {
    const file = path.join(tmp, 'again.tar.gz');
    await writeBackup(file, sourceOf(source), source.secret);
    const target = await emptyTarget();
    await restoreBackup(file, { ...target, secretKey: undefined }, { force: false });
    await expect(restoreBackup(file, { ...target, secretKey: undefined }, { force: false })).rejects.toThrow(
      /holds (a database|\d+ tables) already: restore only fills an empty (DATA_DIR|database)\. Add --force/,
    );
    // Forced, it replaces what the target held: a user made after the backup is gone.
    const app = await startOn(target);
    await tokenFor(app, ROLE_USER, 'after-backup@example.com');
    await app.close();
    await restoreBackup(file, { ...target, secretKey: undefined }, { force: true });
    const again = await startOn(target);
    const emails = ((await again.db.execute(sql.raw('select email from users'))).rows as { email: string }[]).map(
      (r) => r.email,
    );
    expect(emails).toContain('kept-user@example.com');
    expect(emails).not.toContain('after-backup@example.com');

    const other =
      source.database.kind === 'pglite'
        ? { databaseUrl: 'postgres://nobody@127.0.0.1:1/none', dataDir: tmp }
        : { databaseUrl: undefined, dataDir: tmp };
    await expect(restoreBackup(file, { ...other, secretKey: undefined }, { force: false })).rejects.toThrow(
      /restore it into the same kind/,
    );
    await expect(readBackup(path.join(tmp, 'missing.tar.gz'))).rejects.toThrow(BackupError);
  });

  it("warns when SECRET_KEY is not the backup's secret", async () => {
    const file = path.join(tmp, 'secret.tar.gz');
    await writeBackup(file, sourceOf(source), source.secret);
    const target = await emptyTarget();
    const out = await restoreBackup(
      file,
      { ...target, secretKey: 'another-secret-key-that-is-long-enough-000' },
      { force: false },
    );
    expect(out.join('\n')).toMatch(/WARNING: SECRET_KEY differs from the secret in this backup/);
    expect(fs.existsSync(path.join(target.dataDir, 'secret.key'))).toBe(false);
  });
});

describe('scheduled backups (BACKUP_INTERVAL)', () => {
  it('write the same file into BACKUP_DIR and keep the newest BACKUP_KEEP', async () => {
    const backupDir = path.join(tmp, 'scheduled');
    const app = await buildTestApp({ backupIntervalMs: 3_600_000, backupKeep: 2, backupDir });
    apps.push(app);
    const written = [];
    for (let i = 0; i < 3; i++) written.push(await app.takeScheduledBackup());
    expect(fs.readdirSync(backupDir).sort()).toEqual(
      written
        .slice(1)
        .map((f) => path.basename(f))
        .sort(),
    );
    const target = await emptyTarget();
    await restoreBackup(written[2]!, { ...target, secretKey: undefined }, { force: false });
    const restored = await startOn(target);
    await login(restored);
  });

  it('refuse a bad BACKUP_INTERVAL with the variable named', () => {
    expect(() => loadConfig({ BACKUP_INTERVAL: '6 hours' })).toThrow(
      /BACKUP_INTERVAL: not an interval: 6 hours \(e\.g\. BACKUP_INTERVAL=6h/,
    );
    expect(loadConfig({ BACKUP_INTERVAL: '6h' }).backupIntervalMs).toBe(6 * 3_600_000);
  });
});

describe.skipIf(!!serverUrl)('npm run backup / npm run restore on the embedded database', () => {
  const { SECRET_KEY: _ignored, ...withoutSecretKey } = process.env;
  const { BACKUP_DIR: _unset, ...withoutBackupDir } = withoutSecretKey;
  const cli = (name: 'backup' | 'restore', args: string[], dataDir: string, cwd?: string) =>
    promisify(execFile)(process.execPath, [...compiledCommand(name), ...args], {
      env: { ...withoutBackupDir, DATA_DIR: dataDir, DATABASE_URL: '' },
      cwd,
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  it('backup says a running server holds the database; stopped, it writes the file that restore fills an empty DATA_DIR from, once', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'cli-'));
    const held = await openDatabase(undefined, dataDir);
    const file = path.join(tmp, 'cli.tar.gz');
    const busy = await cli('backup', [file], dataDir);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(
      /Backup failed: .*in use by another process \(pid \d+\)\. Stop it first.*BACKUP_INTERVAL/,
    );
    await held.close();

    const done = await cli('backup', [file], dataDir);
    expect(done.stderr).toBe('');
    expect(done.stdout).toMatch(
      /Backup written to .*cli\.tar\.gz[\s\S]*the secret that decrypts the mailbox passwords/,
    );
    const target = fs.mkdtempSync(path.join(tmp, 'cli-target-'));
    const restored = await cli('restore', [file], target);
    expect(restored.stdout).toMatch(/Restored the embedded database/);
    expect(fs.readFileSync(path.join(target, 'secret.key'), 'utf8')).toBe(
      fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8'),
    );
    const refused = await cli('restore', [file], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/holds a database already.*--force/);
    expect((await cli('restore', [file, '--force'], target)).code).toBe(0);
  }, 180_000); // five processes that each start PGlite

  it('backup without FILE writes into DATA_DIR/backups, not the working directory (a checkout, where git would offer it)', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'cli-default-'));
    await (await openDatabase(undefined, dataDir)).close();
    const cwd = fs.mkdtempSync(path.join(tmp, 'cli-cwd-'));
    const done = await cli('backup', [], dataDir, cwd);
    expect(done.stderr).toBe('');
    const written = fs.readdirSync(path.join(dataDir, 'backups'));
    expect(written).toEqual([expect.stringMatching(/^redwall-backup-[\d-T]+Z\.tar\.gz$/)]);
    expect(done.stdout).toContain(`Backup written to ${path.join(dataDir, 'backups', written[0]!)}`);
    expect(fs.readdirSync(cwd)).toEqual([]);
    expect(fs.statSync(path.join(dataDir, 'backups', written[0]!)).mode & 0o777).toBe(0o600);
  }, 120_000);
});
