/**
 * Prints the gzip JavaScript each public route loads on first visit (entry chunk, its static
 * imports and the route's own lazy chunks) and fails the build if back-office code (MUI) gets in.
 * Run by `npm run build`; the budget (DESIGN section 8) is 130 KB per route.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist/client');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>;
const BUDGET_KB = 130;

/** Source modules each public route loads lazily, besides the entry (kept in step with the routes). */
export const PUBLIC_ROUTES: Record<string, string[]> = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, 'public-routes.json'), 'utf8'),
);

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key]!.imports ?? [], seen);
  }
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
let failed = false;
console.log('\nGzip JavaScript per public route (first load):');
for (const [route, sources] of Object.entries(PUBLIC_ROUTES)) {
  const chunks = closure([entry, ...sources.map((s) => `src/${s}`)]);
  const files = [...chunks].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((n, f) => n + gz(f), 0);
  const hasMui = files.some((f) => /Mui[A-Z][A-Za-z]+-root|@mui\/material/.test(fs.readFileSync(path.join(dist, f), 'utf8')));
  const kb = bytes / 1024;
  const flag = kb > BUDGET_KB ? '  OVER BUDGET' : hasMui ? '  BACK-OFFICE CODE' : '';
  if (flag) failed = true;
  console.log(`  ${route.padEnd(22)} ${kb.toFixed(1).padStart(7)} KB${flag}`);
}
if (failed) {
  console.error(`\nA public route is over ${BUDGET_KB} KB gzip or loads back-office code.`);
  process.exit(1);
}
