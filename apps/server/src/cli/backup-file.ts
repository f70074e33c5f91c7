import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';
import tar from 'tar-stream';
import { isInitialised, lockPgliteFolder, openPgliteFolder } from '../db/open-pglite';

/**
 * One backup file (docs/operations.md, docs/decisions/0070-backups.md): a gzipped tar holding
 *   README.txt      what it is, and that it is secret
 *   manifest.json   format, engine, when
 *   secret.key      the site's secret: it decrypts the mailbox passwords and signs sessions
 *   database.pglite the embedded database's data folder (PGlite's own dump), or
 *   database.pgdump a pg_dump custom-format dump of the PostgreSQL database
 * Images, messages and their attachments live in the database, so the file is the whole site.
 */
export class BackupError extends Error {}

const FORMAT = 'redwall-site-backup';
const VERSION = 1;
const run = promisify(execFile);

export type Engine = 'pglite' | 'postgres';

interface Manifest {
  format: typeof FORMAT;
  version: number;
  engine: Engine;
  createdAt: string;
}

const README = `Backup of a Redwall site.

SECRET: this file holds every contact message and CV, every account's password hash, and
secret.key, the key that decrypts the stored mailbox passwords and signs sessions. Store it
encrypted, with limited access, and delete old copies.

Restore: npm run restore -- THIS_FILE (into an empty DATA_DIR or database; --force replaces a
non-empty one). See docs/operations.md.
`;

/** What a backup is taken from: an open embedded database, or a PostgreSQL URL. */
export type BackupSource =
  { engine: 'pglite'; dumpDataDir: () => Promise<Blob> } | { engine: 'postgres'; databaseUrl: string };

/** To the millisecond: on PostgreSQL two scheduled backups can be taken within one second. */
export const backupFileName = (at = new Date()) => `redwall-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;

/**
 * Writes the backup to `file` (mode 0600), through a temporary name renamed at the end so that a
 * file with the final name is always complete. Answers the file's size.
 */
export async function writeBackup(file: string, source: BackupSource, secret: string): Promise<number> {
  const database =
    source.engine === 'pglite'
      ? { name: 'database.pglite', data: Buffer.from(await (await source.dumpDataDir()).arrayBuffer()) }
      : { name: 'database.pgdump', data: await pgDump(source.databaseUrl) };
  const manifest: Manifest = {
    format: FORMAT,
    version: VERSION,
    engine: source.engine,
    createdAt: new Date().toISOString(),
  };
  const pack = tar.pack();
  const partial = `${file}.partial`;
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const writing = pipeline(pack, zlib.createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
  try {
    for (const [name, data] of [
      ['README.txt', Buffer.from(README)],
      ['manifest.json', Buffer.from(JSON.stringify(manifest, null, 2))],
      ['secret.key', Buffer.from(secret)],
      [database.name, database.data],
    ] as const) {
      await new Promise<void>((resolve, reject) =>
        pack.entry({ name, mode: 0o600 }, data, (err) => (err ? reject(err) : resolve())),
      );
    }
    pack.finalize();
    await writing;
    fs.renameSync(partial, file);
  } catch (err) {
    pack.destroy();
    await writing.catch(() => {});
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return fs.statSync(file).size;
}

/** The entries of a backup file, checked to be one. */
export async function readBackup(file: string): Promise<{ manifest: Manifest; secret: string; database: Buffer }> {
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const entries = new Map<string, Buffer>();
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: unknown) => chunks.push(c as Buffer));
    stream.on('end', () => {
      entries.set(header.name, Buffer.concat(chunks));
      next();
    });
    stream.resume();
  });
  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  } catch {
    throw new BackupError(`${file} is not a backup of this site (not a readable .tar.gz).`);
  }
  let manifest: Manifest | undefined;
  try {
    manifest = JSON.parse(entries.get('manifest.json')?.toString('utf8') ?? 'null') as Manifest | undefined;
  } catch {
    manifest = undefined;
  }
  if (manifest?.format !== FORMAT) throw new BackupError(`${file} is not a backup of this site (no manifest).`);
  if (manifest.version > VERSION)
    throw new BackupError(
      `${file} was written by a newer release (format ${manifest.version}): restore it with that release.`,
    );
  const database = entries.get(manifest.engine === 'pglite' ? 'database.pglite' : 'database.pgdump');
  const secret = entries.get('secret.key')?.toString('utf8');
  if (!database || !secret) throw new BackupError(`${file} is incomplete (no database or no secret.key).`);
  return { manifest, secret, database };
}

export interface RestoreTarget {
  /** PostgreSQL URL, or undefined for the embedded database in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** SECRET_KEY of the target, when set: it must be the backup's for the mailbox passwords to be read. */
  secretKey: string | undefined;
}

/**
 * Restores into an empty target; a target that holds a database is refused unless `force`.
 * Answers lines to show (what was done, and what the operator must still do).
 */
export async function restoreBackup(file: string, target: RestoreTarget, opts: { force: boolean }): Promise<string[]> {
  const { manifest, secret, database } = await readBackup(file);
  const engine: Engine = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.engine !== engine) {
    throw new BackupError(
      `This backup is of ${label(manifest.engine)}, the target is ${label(engine)}: restore it into the same kind (${manifest.engine === 'pglite' ? 'unset DATABASE_URL, set DATA_DIR' : 'set DATABASE_URL'}).`,
    );
  }
  const out: string[] = [];
  if (engine === 'pglite') {
    const dir = path.join(target.dataDir, 'pglite');
    if (isInitialised(dir)) {
      if (!opts.force)
        throw new BackupError(
          `${dir} holds a database already: restore only fills an empty DATA_DIR. Add --force to replace it.`,
        );
      // Refused while a server has it open; the lock is held while the old folder goes.
      const release = lockPgliteFolder(dir);
      try {
        fs.rmSync(dir, { recursive: true, force: true });
      } finally {
        release();
      }
      out.push(`Replaced the embedded database in ${dir}.`);
    }
    const { client, release } = await openPgliteFolder(dir, new Blob([new Uint8Array(database)]));
    await client.close();
    release();
    out.push(`Restored the embedded database into ${dir} (backup of ${manifest.createdAt}).`);
  } else {
    await restorePostgres(target.databaseUrl!, database, opts.force, out);
    out.push(`Restored the PostgreSQL database (backup of ${manifest.createdAt}).`);
  }
  out.push(...restoreSecret(secret, target, opts.force));
  return out;
}

const label = (e: Engine) => (e === 'pglite' ? 'the embedded database' : 'PostgreSQL');

function restoreSecret(secret: string, target: RestoreTarget, force: boolean): string[] {
  if (target.secretKey !== undefined) {
    return target.secretKey === secret
      ? ["SECRET_KEY is the backup's secret: mailbox passwords and sessions carry over."]
      : [
          'WARNING: SECRET_KEY differs from the secret in this backup: stored mailbox passwords cannot be read and every session ends.',
          'Set SECRET_KEY to the content of secret.key inside the backup (tar -xzOf FILE secret.key), or enter the mailbox passwords again.',
        ];
  }
  const keyFile = path.join(target.dataDir, 'secret.key');
  if (fs.existsSync(keyFile) && fs.readFileSync(keyFile, 'utf8').trim() !== secret && !force) {
    throw new BackupError(`${keyFile} holds another secret: add --force to replace it with the backup's.`);
  }
  fs.mkdirSync(target.dataDir, { recursive: true });
  fs.writeFileSync(keyFile, secret, { mode: 0o600 });
  return [`Wrote the backup's secret to ${keyFile} (mode 0600): mailbox passwords can be read again. Keep it secret.`];
}

/** Connection settings for the PostgreSQL tools, the password in the environment rather than on the command line (ps shows that). */
function pgToolArgs(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const { url, env } = pgToolArgs(databaseUrl);
  try {
    await run(tool, [...args, `--dbname=${url}`], { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new BackupError(
        `${tool} is not installed: install the PostgreSQL client tools (the same major version as the server or newer), e.g. apt-get install postgresql-client.`,
      );
    }
    throw new BackupError(`${tool} failed: ${(e.stderr ?? e.message).trim().split('\n').slice(0, 3).join(' ')}`);
  }
}

async function pgDump(databaseUrl: string): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-backup-'));
  try {
    const out = path.join(dir, 'db.pgdump');
    // One snapshot of the whole database (pg_dump reads in one transaction), so it is consistent while the site runs.
    await pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`], databaseUrl);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function restorePostgres(databaseUrl: string, dump: Buffer, force: boolean, out: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Cannot connect to the database: ${(err as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    if (rows[0]!.n > 0) {
      if (!force)
        throw new BackupError(
          `The database holds ${rows[0]!.n} tables already: restore only fills an empty database. Add --force to replace its content.`,
        );
      await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public');
      out.push('Emptied the database (its tables and data are gone).');
    }
  } finally {
    await client.end();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-restore-'));
  try {
    const file = path.join(dir, 'db.pgdump');
    fs.writeFileSync(file, dump, { mode: 0o600 });
    await pgTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file],
      databaseUrl,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Deletes the oldest backups in `dir` beyond the newest `keep` (scheduled backups). Answers the removed names. */
export function pruneBackups(dir: string, keep: number): string[] {
  const names = fs
    .readdirSync(dir)
    .filter((n) => /^redwall-backup-.*\.tar\.gz$/.test(n))
    .sort();
  const removed = names.slice(0, Math.max(0, names.length - keep));
  for (const n of removed) fs.rmSync(path.join(dir, n), { force: true });
  return removed;
}
