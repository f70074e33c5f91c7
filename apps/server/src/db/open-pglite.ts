import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import fs from 'node:fs';
import path from 'node:path';
import { pgliteWasmModule } from './pglite-module';

/** The extensions the migrations need (0003 creates unaccent for the post search); every PGlite opens with them. */
export const pgliteExtensions = { unaccent };

/** Opens a PGlite the way the server runs it: with the extensions and the smaller buffer pool (0096). */
export async function createPglite(options: Pick<PGliteOptions, 'dataDir' | 'loadDataDir'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: pgliteExtensions, wasmModule: await pgliteWasmModule() });
}

/** A start-up failure of the embedded database, with a one-line message that names the folder and the cause. */
export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

/** Below this, PostgreSQL cannot be trusted to write its files; a start is refused with a clear reason. */
const MIN_FREE_BYTES = 64 * 1024 * 1024;

/**
 * Opens (or creates) the embedded database in `dir`. A new database is created in a sibling
 * folder and renamed into place only once complete, so a first start that fails half-way leaves
 * nothing behind that would stop the next one. A lock file keeps a second process out: two
 * processes writing one PGlite folder would corrupt it.
 */
export async function openPgliteFolder(
  dir: string,
  loadDataDir: Blob | undefined,
): Promise<{ client: PGlite; release: () => void }> {
  const parent = path.dirname(dir);
  try {
    fs.mkdirSync(parent, { recursive: true });
  } catch (err) {
    throw openError(dir, err);
  }
  assertWritable(parent, dir);
  assertSpace(parent, dir);
  const release = acquireLock(`${dir}.lock`, dir);
  try {
    if (!isInitialised(dir)) await createInPlace(dir, loadDataDir);
    const client = await createPglite({ dataDir: dir });
    return { client, release };
  } catch (err) {
    release();
    throw err instanceof DatabaseOpenError ? err : openError(dir, err);
  }
}

/**
 * Holds the folder's lock without opening it (a restore replacing the folder): refuses, with the
 * same message, while a server has it open. Answers the release.
 */
export const lockPgliteFolder = (dir: string): (() => void) => acquireLock(`${dir}.lock`, dir);

export function isInitialised(dir: string) {
  return fs.existsSync(path.join(dir, 'PG_VERSION'));
}

async function createInPlace(dir: string, loadDataDir: Blob | undefined) {
  const fresh = `${dir}.creating`;
  fs.rmSync(fresh, { recursive: true, force: true });
  const client = await createPglite({ dataDir: fresh, ...(loadDataDir ? { loadDataDir } : {}) });
  await client.close();
  // An empty folder, or one left by a failed start of an older release, is replaced.
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(fresh, dir);
}

function assertWritable(parent: string, dir: string) {
  for (const folder of [parent, dir]) {
    if (!fs.existsSync(folder)) continue;
    try {
      fs.accessSync(folder, fs.constants.W_OK);
    } catch {
      throw new DatabaseOpenError(
        `Cannot open the embedded database in ${dir}: ${folder} is read-only for this process.`,
      );
    }
  }
}

function assertSpace(parent: string, dir: string) {
  const stats = fs.statfsSync(parent);
  const free = stats.bavail * stats.bsize;
  if (free < MIN_FREE_BYTES) {
    throw new DatabaseOpenError(
      `Cannot open the embedded database in ${dir}: the disk is full (${Math.floor(free / 1024 / 1024)} MB free, at least ${MIN_FREE_BYTES / 1024 / 1024} MB needed).`,
    );
  }
}

function acquireLock(lockFile: string, dir: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockFile, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw openError(dir, err);
      const owner = Number(fs.readFileSync(lockFile, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseOpenError(
          `Cannot open the embedded database in ${dir}: it is in use by another process (pid ${owner}). Stop it first, or use another DATA_DIR.`,
        );
      }
      // Left by a process that is gone (killed, crashed): the folder is free.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseOpenError(`Cannot open the embedded database in ${dir}: could not take its lock file ${lockFile}.`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A process killed with -9 stays a zombie until its parent reaps it (a supervisor may take its
  // time): signal 0 still reaches it, but it holds no files and runs no code. Linux says so in
  // /proc; elsewhere, a process that takes the signal counts as alive.
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state …": the command may hold spaces and parentheses, so read after the last ')'.
    return /^\s*[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 1));
  } catch {
    return false;
  }
}

function openError(dir: string, err: unknown): DatabaseOpenError {
  const code = (err as NodeJS.ErrnoException)?.code;
  const reason =
    code === 'EROFS' || code === 'EACCES' || code === 'EPERM'
      ? 'the folder is read-only for this process'
      : code === 'ENOSPC'
        ? 'the disk is full'
        : // PGlite's WASM aborts carry the whole minified source in their message: keep the first line only.
          String((err as Error)?.message ?? err)
            .split('\n')[0]!
            .slice(0, 200);
  return new DatabaseOpenError(`Cannot open the embedded database in ${dir}: ${reason}.`, { cause: err });
}
