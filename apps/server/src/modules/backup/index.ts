/**
 * Backups (docs/operations.md, docs/decisions/0070-backups.md): the file format, taking one from a
 * stopped embedded database or a running PostgreSQL (`npm run backup`), restoring one
 * (`npm run restore`), and the server's own scheduled backups (BACKUP_INTERVAL).
 */
export { BackupError } from './backup-error';
export { backupFileName, pruneBackups, readBackup, writeBackup, type BackupSource, type Engine } from './backup-file';
export { restoreBackup, type RestoreTarget } from './restore';
export { takeBackup } from './take-backup';
export { scheduledBackupsPlugin } from './scheduler';
