/**
 * npm run admin -- list-users
 * npm run admin -- create-user EMAIL [--role ROLE_ADMIN|ROLE_USER|ROLE_CONTRIBUTOR|ROLE_EDITOR|ROLE_RECRUITER ...]
 * npm run admin -- reset-password EMAIL
 * npm run admin -- [COMMAND] --help
 *
 * Uses the same environment as the server (DATA_DIR or DATABASE_URL). The embedded database can
 * be opened by one process at a time: stop the server first (PostgreSQL has no such limit).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { AdminCommandError, createUser, listUsers, resetPassword } from './admin-commands';
import { readCommandLine, usageError } from './command-line';

const USAGE = `Usage: npm run admin -- COMMAND [OPTIONS]

Commands:
  list-users                 Lists every account with its roles.
  create-user EMAIL          Creates an account with a generated password, shown once
                             (it must be changed at first sign-in).
      --role ROLE            ROLE_ADMIN (the default), ROLE_USER, ROLE_CONTRIBUTOR,
                             ROLE_EDITOR or ROLE_RECRUITER; repeat for several.
  reset-password EMAIL       Gives the account a new generated password, shown once.

Options:
  -h, --help                 Shows this help.

Uses the server's environment (DATA_DIR or DATABASE_URL). The embedded database is opened by
one process at a time: stop the server first.`;

const COMMANDS = { 'list-users': 0, 'create-user': 1, 'reset-password': 1 } as const;
type Command = keyof typeof COMMANDS;

const { values, positionals } = readCommandLine('admin', USAGE, { role: { type: 'string', multiple: true } });
const [command, ...operands] = positionals;
if (!command) usageError('admin', USAGE, 'no command given.');
if (!Object.hasOwn(COMMANDS, command)) usageError('admin', USAGE, `unknown command "${command}".`);
const wanted = COMMANDS[command as Command];
if (operands.length !== wanted)
  usageError('admin', USAGE, `${command} takes ${wanted ? 'one e-mail address' : 'no arguments'}.`);
const roles = values.role ?? [];
if (roles.length && command !== 'create-user') usageError('admin', USAGE, `--role applies to create-user only.`);

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
        ? await createUser(database.db, operands[0], roles)
        : await resetPassword(database.db, operands[0]);
  process.stdout.write(`${out}\n`);
} catch (err) {
  if (!(err instanceof AdminCommandError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
