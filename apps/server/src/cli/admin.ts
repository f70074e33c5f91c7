/**
 * npm run admin -- list-users
 * npm run admin -- create-user EMAIL [--role ROLE_ADMIN|ROLE_USER ...]
 * npm run admin -- reset-password EMAIL
 *
 * Uses the same environment as the server (DATA_DIR or DATABASE_URL). The embedded database can
 * be opened by one process at a time: stop the server first (PostgreSQL has no such limit).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { AdminCommandError, createUser, listUsers, resetPassword } from './admin-commands';

const USAGE = `Usage:
  npm run admin -- list-users
  npm run admin -- create-user EMAIL [--role ROLE_ADMIN|ROLE_USER]
  npm run admin -- reset-password EMAIL`;

const [command, ...rest] = process.argv.slice(2);
const roles: string[] = [];
const positional: string[] = [];
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === '--role') roles.push(rest[++i] ?? '');
  else positional.push(rest[i]!);
}
if (!command || !['list-users', 'create-user', 'reset-password'].includes(command)) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

let database;
try {
  const config = loadConfig();
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite'))) {
    throw new Error(`No embedded database in ${config.dataDir}: start the site once, or set DATA_DIR or DATABASE_URL.`);
  }
  database = await openDatabase(config.databaseUrl, config.dataDir, {
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
} catch (err) {
  process.stderr.write(`${(err as Error).message.split('\n')[0]}\n`);
  process.exit(1);
}
try {
  const out =
    command === 'list-users'
      ? await listUsers(database.db)
      : command === 'create-user'
        ? await createUser(database.db, positional[0], roles)
        : await resetPassword(database.db, positional[0]);
  process.stdout.write(`${out}\n`);
} catch (err) {
  if (!(err instanceof AdminCommandError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
