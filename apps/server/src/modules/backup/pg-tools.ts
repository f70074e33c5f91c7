import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BackupError } from './backup-error';

const run = promisify(execFile);

/** Connection settings for the PostgreSQL tools, the password in the environment rather than on the command line (ps shows that). */
function pgToolArgs(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const { url, env } = pgToolArgs(databaseUrl);
  try {
    await run(tool, [...args, `--dbname=${url}`], { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new BackupError(
        `${tool} is not installed: install the PostgreSQL client tools (the same major version as the server or newer), e.g. apt-get install postgresql-client.`,
      );
    }
    throw new BackupError(`${tool} failed: ${(e.stderr ?? e.message).trim().split('\n').slice(0, 3).join(' ')}`);
  }
}
