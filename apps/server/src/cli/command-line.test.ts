/**
 * The commands as an operator runs them (the compiled modules `npm run admin|backup|restore`
 * start): help on stdout with exit 0 before any database is opened, options in both GNU forms,
 * unknown options refused with exit 2.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@app/shared/constants';
import { compiledCommand } from '../../test/cli';
import { openDatabase, type Database } from '../db/client';
import { usersRepository } from '../modules/users/repository';

type Name = 'admin' | 'backup' | 'restore';
interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

const run = (dataDir: string, name: Name, ...args: string[]): Promise<Outcome> =>
  promisify(execFile)(process.execPath, [...compiledCommand(name), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: Outcome) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );

// One engine is enough: the commands' argument handling does not depend on it.
describe.skipIf(!!process.env['TEST_DATABASE_URL'])('admin, backup and restore on the command line', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-args-'));
    dirs.push(dir);
    return dir;
  };
  /** An embedded database this test process holds open: a command that opened it would fail. */
  let held: { dir: string; database: Database };
  beforeAll(async () => {
    const dir = newDir();
    held = { dir, database: await openDatabase(undefined, dir) };
  });
  afterAll(async () => {
    await held?.database.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints help on stdout with exit 0, for the command and for each subcommand, without opening the database', async () => {
    const asks: [Name, ...string[]][] = [
      ['admin', '--help'],
      ['admin', '-h'],
      ['admin', 'list-users', '--help'],
      ['admin', 'create-user', 'someone@example.com', '--role', 'ROLE_USER', '-h'],
      ['admin', 'reset-password', '--help'],
      ['backup', '--help'],
      ['backup', 'file.tar.gz', '-h'],
      ['restore', '--help'],
      ['restore', 'file.tar.gz', '--force', '--help'],
    ];
    const outcomes = await Promise.all(asks.map(([name, ...args]) => run(held.dir, name, ...args)));
    outcomes.forEach((o, i) => {
      const [name, ...args] = asks[i]!;
      expect({ ask: `${name} ${args.join(' ')}`, code: o.code, stderr: o.stderr }).toEqual({
        ask: `${name} ${args.join(' ')}`,
        code: 0,
        stderr: '',
      });
      expect(o.stdout).toMatch(new RegExp(`^Usage: npm run ${name}`));
      expect(o.stdout).toContain('-h, --help');
    });
    // The database was never touched: a command that opened it would have found it held.
    const opened = await run(held.dir, 'admin', 'list-users');
    expect(opened.code).toBe(1);
    expect(opened.stderr).toMatch(/in use by another process/);
  });

  it('refuses unknown options, stray arguments and misplaced options with a reason on stderr and exit 2', async () => {
    const wrong: [Name, string[], RegExp][] = [
      ['admin', ['list-users', '--bogus'], /Unknown option '--bogus'/],
      ['admin', ['list-users', '--json'], /Unknown option '--json'/],
      ['admin', ['create-user', 'a@example.com', '--role'], /--role/],
      ['admin', ['list-users', '--role', 'ROLE_USER'], /--role applies to create-user only/],
      ['admin', ['list-users', 'extra'], /list-users takes no arguments/],
      ['admin', ['create-user'], /create-user takes one e-mail address/],
      ['admin', ['frobnicate'], /unknown command "frobnicate"/],
      ['admin', [], /no command given/],
      ['backup', ['--bogus'], /Unknown option '--bogus'/],
      ['backup', ['one.tar.gz', 'two.tar.gz'], /one file at most/],
      ['restore', ['file.tar.gz', '--forse'], /Unknown option '--forse'/],
      ['restore', [], /name one backup file/],
    ];
    const outcomes = await Promise.all(wrong.map(([name, args]) => run(held.dir, name, ...args)));
    outcomes.forEach((o, i) => {
      const [name, args, reason] = wrong[i]!;
      expect({ ask: `${name} ${args.join(' ')}`, code: o.code, stdout: o.stdout }).toEqual({
        ask: `${name} ${args.join(' ')}`,
        code: 2,
        stdout: '',
      });
      expect(o.stderr).toMatch(new RegExp(`^${name}: `));
      expect(o.stderr).toMatch(reason);
      expect(o.stderr).toContain(`Usage: npm run ${name}`);
    });
  });

  it('understands --role=ROLE and --role ROLE alike', async () => {
    const dir = newDir();
    const database = await openDatabase(undefined, dir);
    await usersRepository(database.db).addMissingRoles(ROLES);
    await database.close();

    const joined = await run(dir, 'admin', 'create-user', 'joined@example.com', '--role=ROLE_USER');
    expect(joined.code, joined.stderr).toBe(0);
    expect(joined.stdout).toContain('Created joined@example.com (ROLE_USER).');
    const separate = await run(dir, 'admin', 'create-user', '--role', 'ROLE_USER', 'separate@example.com');
    expect(separate.code, separate.stderr).toBe(0);
    expect(separate.stdout).toContain('Created separate@example.com (ROLE_USER).');
    const both = await run(dir, 'admin', 'create-user', 'both@example.com', '--role=ROLE_ADMIN', '--role', 'ROLE_USER');
    expect(both.code, both.stderr).toBe(0);
    expect(both.stdout).toContain('Created both@example.com (ROLE_ADMIN, ROLE_USER).');

    const list = await run(dir, 'admin', 'list-users');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/joined@example\.com {2}ROLE_USER\n/);
    expect(list.stdout).toMatch(/separate@example\.com {2}ROLE_USER\n/);
  });
});
