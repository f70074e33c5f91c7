/**
 * npm run restore -- FILE [--force]
 * npm run restore -- --help
 *
 * Restores a file written by `npm run backup` into the database the server would use (DATA_DIR or
 * DATABASE_URL), which must be empty: one that holds a database is refused unless --force, which
 * replaces it. Stop the server first. The backup's secret is written to DATA_DIR/secret.key
 * unless SECRET_KEY is set (then it must be the same, or mailbox passwords cannot be read).
 */
import { loadConfig } from '../config';
import { restoreBackup } from '../modules/backup';
import { readCommandLine, usageError } from './command-line';

const USAGE = `Usage: npm run restore -- FILE [--force]

Restores a file written by \`npm run backup\` into the database the server would use (DATA_DIR or
DATABASE_URL), which must be empty. Stop the server first.

Options:
  --force      Replaces a database that is there already.
  -h, --help   Shows this help.`;

const { values, positionals } = readCommandLine('restore', USAGE, { force: { type: 'boolean' } });
if (positionals.length !== 1) usageError('restore', USAGE, 'name one backup file.');
const force = values.force ?? false;
const files = positionals;

try {
  const config = loadConfig();
  const lines = await restoreBackup(
    files[0]!,
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir, secretKey: config.secretKey },
    { force },
  );
  process.stdout.write(`${lines.join('\n')}\nStart the server: it applies any newer migrations.\n`);
} catch (err) {
  process.stderr.write(`Restore failed: ${(err as Error).message}\n`);
  process.exit(1);
}
