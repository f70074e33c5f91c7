import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { BackupError } from './backup-error';
import { pgTool } from './pg-tools';

/**
 * One backup file (docs/operations.md, docs/decisions/0070-backups.md): a gzipped tar holding
 *   README.txt      what it is, and that it is secret
 *   manifest.json   format, engine, when
 *   secret.key      the site's secret: it decrypts the mailbox passwords and signs sessions
 *   database.pglite the embedded database's data folder (PGlite's own dump), or
 *   database.pgdump a pg_dump custom-format dump of the PostgreSQL database
 * Images, messages and their attachments live in the database, so the file is the whole site.
 */
const FORMAT = 'redwall-site-backup';
const VERSION = 1;

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
