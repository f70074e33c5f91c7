import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../test/until';
import { openDatabase } from './client';
import { PGLITE_SHARED_BUFFERS, patchSharedBuffers } from './pglite-module';

const folders: string[] = [];
const tempDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-open-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// Embedded-database folders only: on the PostgreSQL lane (TEST_DATABASE_URL) this would run the
// very same PGlite test again.
describe.skipIf(!!process.env['TEST_DATABASE_URL'])('embedded database start', () => {
  it('refuses a folder another live process holds, in one line naming the folder', async () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.ppid));
    const failure = await openDatabase(undefined, dataDir).catch((err: Error) => err);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(
      `Cannot open the embedded database in ${path.join(dataDir, 'pglite')}: it is in use by another process (pid ${process.ppid}). Stop it first, or use another DATA_DIR.`,
    );
  });

  it.skipIf(process.platform !== 'linux')(
    'starts at once after kill -9 while the killed process is still a zombie (not yet reaped)',
    async () => {
      // bash starts `sleep` in the background and becomes `sleep 600` itself, which never reaps it:
      // killed, the background sleep stays a zombie, as a killed server does until its supervisor reaps it.
      const parent = spawn('bash', ['-c', 'sleep 600 & echo $!; exec sleep 600'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      try {
        const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
        const pid = Number(line.toString().trim());
        // Killed while bash is still bash, the child would be reaped at once: wait for the exec.
        await until(
          async () => fs.readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim() === 'sleep',
          10_000,
          'the parent to become sleep',
        );
        process.kill(pid, 'SIGKILL');
        await until(
          async () => /^\s*Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').at(-1)!),
          10_000,
          'a zombie',
        );
        const dataDir = tempDataDir();
        fs.writeFileSync(path.join(dataDir, 'pglite.lock'), String(pid));
        const database = await openDatabase(undefined, dataDir);
        await database.close();
      } finally {
        parent.kill('SIGKILL');
      }
    },
  );

  it('starts over a folder left by a failed first start and by a killed process, and keeps its data', async () => {
    const dataDir = tempDataDir();
    // What a first start killed half-way leaves: a partial folder, a half-made new one, a stale lock.
    fs.mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pglite', 'postgresql.conf'), 'partial');
    fs.mkdirSync(path.join(dataDir, 'pglite.creating'));
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), '999999999');

    const first = await openDatabase(undefined, dataDir);
    await first.db.execute('create table kept (v text)');
    await first.db.execute("insert into kept values ('still here')");
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    const again = await openDatabase(undefined, dataDir);
    const rows = await again.db.execute('select v from kept');
    expect(rows.rows).toEqual([{ v: 'still here' }]);
    await again.close();
  });

  it('runs with the smaller buffer pool, not the 128MB PGlite compiles in (0096)', async () => {
    const database = await openDatabase(undefined, tempDataDir());
    const rows = await database.db.execute('show shared_buffers');
    expect(rows.rows).toEqual([{ shared_buffers: PGLITE_SHARED_BUFFERS }]);
    await database.close();
  });
});

describe('the buffer-pool patch of PGlite', () => {
  const setting = Buffer.from('shared_buffers=128MB');
  it('replaces the compiled-in setting in place, NUL-padded to the same length', () => {
    const wasm = Buffer.concat([Buffer.from('\0a\0'), setting, Buffer.from('\0b\0')]);
    const { bytes, patched } = patchSharedBuffers(wasm, '16MB');
    expect(patched).toBe(true);
    expect(bytes.length).toBe(wasm.length);
    expect(bytes.toString('latin1')).toBe('\0a\0shared_buffers=16MB\0\0b\0');
    expect(wasm.includes(setting)).toBe(true);
  });
  it('leaves a module alone that does not hold the setting exactly once', () => {
    for (const wasm of [Buffer.from('other module'), Buffer.concat([setting, setting])]) {
      expect(patchSharedBuffers(wasm, '16MB')).toEqual({ bytes: wasm, patched: false });
    }
  });
});
