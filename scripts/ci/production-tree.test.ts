/**
 * The production install carries none of the web app's packages (decision 0103): the
 * server-render bundle has them built in, and `npm prune --omit=dev` removes every one because
 * `@app/web` lists them as development dependencies. If the bundle imported a package again, a
 * pruned tree (the container image) would fail to render pages; scripts/ci/verify-production.sh
 * proves that end to end, this catches it at once.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const serverBundle = path.join(root, 'apps/web/dist/server');
if (!fs.existsSync(path.join(serverBundle, 'entry-server.js'))) {
  throw new Error(
    `No web build in ${serverBundle}: run \`npm run build\` (or \`npm test\`, which builds when needed).`,
  );
}

function* jsFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* jsFiles(full);
    else if (entry.name.endsWith('.js')) yield full;
  }
}

/**
 * The specifiers a bundle file imports: its leading `import`/`export … from` statements (Rolldown
 * puts every static import first) and any `import("…")`. Strings inside the code are not read, so
 * an error message quoting an import (MUI has some) does not count.
 */
function importedSpecifiers(code: string): string[] {
  const found: string[] = [];
  const head = /\s*(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?(["'])([^"']+)\1\s*;?/y;
  for (let m = head.exec(code); m; m = head.exec(code)) found.push(m[2]!);
  for (const m of code.matchAll(/\bimport\(\s*(["'`])([^"'`]+)\1\s*\)/g)) found.push(m[2]!);
  return found;
}

describe('the production tree', () => {
  it('@app/web has no production dependencies', () => {
    const web = JSON.parse(fs.readFileSync(path.join(root, 'apps/web/package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(web.dependencies ?? {})).toEqual([]);
  });

  it('the server-render bundle imports nothing but its own chunks and Node built-ins', () => {
    const builtins = new Set(builtinModules);
    const outside = new Set<string>();
    for (const file of jsFiles(serverBundle)) {
      for (const specifier of importedSpecifiers(fs.readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.') || specifier.startsWith('node:') || builtins.has(specifier)) continue;
        outside.add(`${path.relative(serverBundle, file)}: ${specifier}`);
      }
    }
    expect([...outside]).toEqual([]);
  });
});
