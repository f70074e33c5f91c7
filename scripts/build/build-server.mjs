// @ts-check
/**
 * Compiles the server into one ES module, apps/server/dist/server.js (and the admin command,
 * dist/admin.js, and the backup and restore commands), so production runs plain
 * JavaScript on Node (no TypeScript loader at run time: less memory, faster start). The workspace
 * package @app/shared is compiled in; every other package stays an import resolved from
 * node_modules at run time, as with the sources (native addons such as sharp and argon2 cannot be
 * bundled anyway).
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const outdir = path.join(root, 'apps/server/dist');
fs.rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: {
    server: path.join(root, 'apps/server/src/server.ts'),
    admin: path.join(root, 'apps/server/src/cli/admin.ts'),
    backup: path.join(root, 'apps/server/src/cli/backup.ts'),
    restore: path.join(root, 'apps/server/src/cli/restore.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-stay-external',
      setup(b) {
        // Bare imports (packages) are left to Node, except our own workspace package, which ships
        // TypeScript sources.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/') ? undefined : { external: true }));
      },
    },
  ],
});
console.log(`server compiled into ${path.relative(root, outdir)}/server.js`);
