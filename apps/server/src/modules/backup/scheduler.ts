import path from 'node:path';
import fp from 'fastify-plugin';
import { backupFileName, pruneBackups, writeBackup, type BackupSource } from './backup-file';

declare module 'fastify' {
  interface FastifyInstance {
    /** Takes one scheduled backup now (what the timer does); answers the file written. */
    takeScheduledBackup: () => Promise<string>;
  }
}

/**
 * Scheduled backups (BACKUP_INTERVAL, BACKUP_KEEP, BACKUP_DIR; docs/operations.md): the server
 * writes them itself because the embedded database cannot be read by another process while it
 * runs. Same file as `npm run backup`; the oldest beyond BACKUP_KEEP are deleted. With several
 * instances on one PostgreSQL, set it on one of them.
 */
export const scheduledBackupsPlugin = fp(
  async (app) => {
    const { backupIntervalMs, backupKeep, backupDir, databaseUrl } = app.config;
    const source: BackupSource = app.database.dumpDataDir
      ? { engine: 'pglite', dumpDataDir: app.database.dumpDataDir }
      : { engine: 'postgres', databaseUrl: databaseUrl! };
    let running: Promise<string> | undefined;
    const take = async () => {
      const file = path.join(backupDir, backupFileName());
      const size = await writeBackup(file, source, app.secret);
      const removed = pruneBackups(backupDir, backupKeep);
      app.log.info({ file, size, removed }, 'scheduled backup written');
      return file;
    };
    // One at a time: a slow dump is not started twice.
    app.decorate('takeScheduledBackup', () => (running ??= take().finally(() => (running = undefined))));
    if (!backupIntervalMs) return;
    const timer = setInterval(() => {
      app.takeScheduledBackup().catch((err: unknown) => app.log.error({ err }, 'scheduled backup failed'));
    }, backupIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running?.catch(() => {});
    });
  },
  { name: 'scheduled-backups' },
);
