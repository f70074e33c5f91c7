import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';

type WasmModule = NonNullable<PGliteOptions['wasmModule']>;
// @types/node (24 as 20) does not declare the WebAssembly global that Node has (TypeScript's DOM library
// does); only the compile is used here.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

/**
 * The embedded database's buffer pool. PGlite 0.3 compiles `shared_buffers=128MB` into its
 * WebAssembly and ignores postgresql.conf and start arguments for it; its start-up writes the
 * whole pool with zeros, so the 128 MB stay resident for the life of the process whether or not a
 * page is ever read into them. This site's database is a few megabytes, and the operating system
 * caches its files anyway (decision 0096).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

const COMPILED_IN = 'shared_buffers=128MB';

/**
 * PGlite's WebAssembly with the buffer pool set to {@link PGLITE_SHARED_BUFFERS}: the compiled-in
 * setting is a C string in the module's data, replaced in place by one of the same length
 * (NUL-padded). Answers the bytes unchanged when the string is not there exactly once (another
 * PGlite release): the database then runs with its default pool, and the API test on
 * `show shared_buffers` fails, so an upgrade cannot lose the setting unnoticed.
 */
export function patchSharedBuffers(wasm: Buffer, size = PGLITE_SHARED_BUFFERS): { bytes: Buffer; patched: boolean } {
  const from = Buffer.from(COMPILED_IN);
  const at = wasm.indexOf(from);
  const replacement = Buffer.from(`shared_buffers=${size}`);
  if (at < 0 || wasm.indexOf(from, at + 1) >= 0 || replacement.length > from.length) {
    return { bytes: wasm, patched: false };
  }
  const bytes = Buffer.from(wasm);
  bytes.fill(0, at, at + from.length);
  replacement.copy(bytes, at);
  return { bytes, patched: true };
}

let compiled: Promise<WasmModule> | undefined;

/**
 * The module every PGlite of this process opens with, compiled once: a fresh data folder opens
 * two PGlites (create, then open), and a restore opens another.
 */
export function pgliteWasmModule(): Promise<WasmModule> {
  compiled ??= (async () => {
    // PGlite's exports name its entry files, not the .wasm beside them.
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const wasm = await fs.promises.readFile(path.join(path.dirname(entry), 'pglite.wasm'));
    const { bytes, patched } = patchSharedBuffers(wasm);
    if (!patched) {
      process.emitWarning(
        `This PGlite release does not hold the expected ${COMPILED_IN}: the embedded database runs with its own buffer pool, not ${PGLITE_SHARED_BUFFERS} (docs/decisions/0096-embedded-database-buffer-pool.md).`,
      );
    }
    return WebAssembly.compile(bytes);
  })().catch((err: unknown) => {
    compiled = undefined;
    throw err;
  });
  return compiled;
}
