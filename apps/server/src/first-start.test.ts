import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseOn, withServer } from '../test/global-setup';
import { until } from '../test/until';

/**
 * The first start without ADMIN_PASSWORD, as `npm start` runs it (the compiled server): the
 * generated password comes after the "site ready" line, and it is saved in a file of the database it
 * belongs to, so a start on PostgreSQL with the same data folder leaves the embedded one's alone.
 */
const serverUrl = process.env['TEST_DATABASE_URL'];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
const database = serverUrl ? `first_start_${crypto.randomBytes(4).toString('hex')}` : undefined;
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl && database)
    await withServer(serverUrl, (c) => c.query(`drop database if exists ${database} with (force)`));
});

describe('the first start with a generated administrator password', () => {
  it('prints it after "site ready" and keeps it in the file of its own database', async () => {
    // What the embedded database's first start saved: a start on PostgreSQL must not overwrite it.
    const embeddedFile = path.join(dataDir, 'admin-password.txt');
    if (serverUrl) fs.writeFileSync(embeddedFile, 'the embedded database administrator\n');
    if (serverUrl) await withServer(serverUrl, (c) => c.query(`create database ${database}`));
    const { ADMIN_PASSWORD: _unused, ...inherited } = process.env;
    const site = spawn(
      process.execPath,
      ['--enable-source-maps', path.resolve(import.meta.dirname, '../dist/server.js')],
      {
        env: {
          ...inherited,
          NODE_ENV: 'production',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: serverUrl ? databaseOn(serverUrl, database!) : '',
          ADMIN_EMAIL: 'first@example.com',
          SEED_DEMO: 'false',
          MAIL_WORKER: 'false',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let printed = '';
    site.stdout.on('data', (c: Buffer) => void (printed += c.toString()));
    site.stderr.on('data', (c: Buffer) => void (printed += c.toString()));
    try {
      await until(
        async () => {
          if (site.exitCode !== null) throw new Error(`the server stopped:\n${printed}`);
          return printed.includes('Sign in at /login');
        },
        120_000,
        'the administrator box',
      );
    } finally {
      site.kill('SIGTERM');
    }
    const ready = printed.indexOf('site ready on');
    expect(ready).toBeGreaterThan(-1);
    expect(printed.indexOf('Administrator account created')).toBeGreaterThan(ready);
    const password = /password: (\S+)/.exec(printed)![1]!;
    const file = serverUrl ? path.join(dataDir, `admin-password.postgresql-${database}.txt`) : embeddedFile;
    expect(fs.readFileSync(file, 'utf8')).toContain(password);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    if (serverUrl) expect(fs.readFileSync(embeddedFile, 'utf8')).toBe('the embedded database administrator\n');
  });
});
