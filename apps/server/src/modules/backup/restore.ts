import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isInitialised, lockPgliteFolder, openPgliteFolder } from '../../db/open-pglite';
import { BackupError } from './backup-error';
import { readBackup, type Engine } from './backup-file';
import { pgTool } from './pg-tools';

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
