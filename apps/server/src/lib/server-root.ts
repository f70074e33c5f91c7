import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (the one holding `drizzle/` and `package.json`), found by walking up
 * from this module. The same answer whether the server runs from its TypeScript sources
 * (`src/lib/`) or from the compiled bundle (`dist/`), whose depth differs.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no server package (drizzle/ folder) above ${from}`);
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
