/**
 * npm run backup [-- FILE]
 * npm run backup -- --help
 *
 * Writes one backup file (default: BACKUP_DIR/redwall-backup-<time>.tar.gz, BACKUP_DIR being
 * DATA_DIR/backups unless set) with the database and the secret that decrypts mailbox passwords:
 * the file is secret. Not in the working directory: from a checkout that is the repository, where
 * the secret would sit one `git add .` away from being published. PostgreSQL (DATABASE_URL) is dumped
 * with pg_dump while the site runs; the embedded database can be opened by one process at a time,
 * so stop the server first, or let the server take them itself (BACKUP_INTERVAL).
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { takeBackup } from '../modules/backup';
import { readCommandLine, usageError } from './command-line';

const USAGE = `Usage: npm run backup [-- FILE]

Writes one backup file (default: BACKUP_DIR/redwall-backup-<time>.tar.gz; BACKUP_DIR is
DATA_DIR/backups unless set) with the database and the secret that decrypts mailbox passwords.
Uses the server's environment (DATA_DIR or DATABASE_URL, BACKUP_DIR).
PostgreSQL is dumped while the site runs; the embedded database only while the server is stopped
(or let the server take backups itself: BACKUP_INTERVAL).

Options:
  -h, --help   Shows this help.`;

const { positionals } = readCommandLine('backup', USAGE, {});
if (positionals.length > 1) usageError('backup', USAGE, 'one file at most.');

try {
  const { file, size } = await takeBackup(loadConfig(), positionals[0]);
  process.stdout.write(
    `Backup written to ${path.resolve(file)} (${(size / 1024 / 1024).toFixed(1)} MB).\n` +
      'It holds personal data and the secret that decrypts the mailbox passwords: store it encrypted, with limited access.\n',
  );
} catch (err) {
  const message = (err as Error).message;
  process.stderr.write(
    `Backup failed: ${message}${/in use by another process/.test(message) ? ' (or set BACKUP_INTERVAL: the server then takes backups itself)' : ''}\n`,
  );
  process.exit(1);
}
