import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { openPgliteFolder } from '../../db/open-pglite';
import { resolveSecret } from '../../lib/secret';
import { BackupError } from './backup-error';
import { backupFileName, writeBackup } from './backup-file';

/**
 * One backup taken outside the server (`npm run backup`): PostgreSQL is dumped while the site
 * runs; the embedded database is opened here, which its lock refuses while a server holds it.
 * Answers the file written and its size.
 */
export async function takeBackup(
  config: Pick<AppConfig, 'backupDir' | 'secretKey' | 'dataDir' | 'databaseUrl'>,
  target: string | undefined,
): Promise<{ file: string; size: number }> {
  // The scheduled backups' folder, on PostgreSQL too: DATA_DIR holds the site's secret.key there,
  // so it is a folder the operator already keeps private.
  const file = target ?? path.join(config.backupDir, backupFileName());
  const secret = resolveSecret(config.secretKey, config.dataDir);
  if (config.databaseUrl) {
    return { file, size: await writeBackup(file, { engine: 'postgres', databaseUrl: config.databaseUrl }, secret) };
  }
  const dir = path.join(config.dataDir, 'pglite');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(
      `No embedded database in ${config.dataDir}: set DATA_DIR (or DATABASE_URL) as for the server.`,
    );
  }
  const { client, release } = await openPgliteFolder(dir, undefined);
  try {
    return {
      file,
      size: await writeBackup(file, { engine: 'pglite', dumpDataDir: () => client.dumpDataDir('none') }, secret),
    };
  } finally {
    await client.close();
    release();
  }
}
