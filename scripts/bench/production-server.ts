/**
 * How the measurement scripts (`npm run bench`, `npm run lighthouse`) start the compiled server and
 * wait for it. The Node flags and environment are those `npm start` and the Dockerfile give it, so
 * that what they measure is what production runs (docs/decisions/0085-lean-cache-hits-and-memory.md,
 * 0095-embedded-database-compiled-once.md, 0097-young-generation-size.md, 0159-heap-bounded-by-configuration.md).
 * Keep these in step with
 * package.json's `start` and the Dockerfile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const PRODUCTION_NODE_FLAGS = ['--no-liftoff', '--max-semi-space-size=8', '--max-old-space-size=192'] as const;
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  MALLOC_ARENA_MAX: '1',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_MMAP_THRESHOLD_: '131072',
} as const;

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the compiled server as `npm start` runs it, on 127.0.0.1:`port` with `dataDir`, no mail
 * worker and warnings only; `env` adds or overrides variables (DATABASE_URL, PUBLIC_URL, …),
 * `wrapper` runs it under another command (valgrind), `quiet` drops its standard output and
 * `logsToStderr` sends it (the log) to this process's standard error, apart from what a script prints.
 */
export function startServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  wrapper?: readonly string[];
  quiet?: boolean;
  logsToStderr?: boolean;
}): ChildProcess {
  const command = [process.execPath, ...PRODUCTION_NODE_FLAGS, path.join(root, 'apps/server/dist/server.js')];
  const [file, ...args] = [...(options.wrapper ?? []), ...command];
  return spawn(file!, args, {
    cwd: root,
    env: {
      ...process.env,
      ...PRODUCTION_ENV,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      MAIL_WORKER: 'false',
      ...options.env,
    },
    stdio: ['ignore', options.quiet ? 'ignore' : options.logsToStderr ? process.stderr : 'inherit', 'inherit'],
  });
}

/** A TCP port free on 127.0.0.1 at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
