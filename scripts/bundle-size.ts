/**
 * Prints the gzip JavaScript each public route loads on first visit (entry chunk, its static
 * imports and the route's own lazy chunks) and fails the build if back-office code (MUI) gets in.
 * Run by `npm run build`; the budget is 130 KB per route (docs/decisions/0003-rendering-model.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROUTES, type RouteNameFor } from '@app/shared/routes';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist/client');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>;
const BUDGET_KB = 130;

/**
 * The source modules (under apps/web/src) each public route of the shared route table loads
 * lazily besides the entry: its page, and the contact form where a page embeds it. Typed by the
 * table, so a new public route must be listed here.
 */
const PAGE_SOURCES: Record<RouteNameFor<'public'>, string[]> = {
  home: ['features/home/home-page.tsx', 'features/contact/contact-form.tsx'],
  services: ['features/home/services-page.tsx'],
  careers: ['features/home/careers-page.tsx'],
  vision: ['features/vision/vision-page.tsx'],
  about: ['features/about/about-page.tsx'],
  privacy: ['features/privacy/privacy-page.tsx'],
  posts: ['features/posts-public/posts-page.tsx'],
  post: ['features/posts-public/post-page.tsx'],
  tag: ['features/posts-public/posts-page.tsx'],
  vacancies: ['features/vacancies-public/vacancies-page.tsx'],
  defaultVacancy: ['features/vacancies-public/vacancy-page.tsx', 'features/contact/contact-form.tsx'],
  vacancy: ['features/vacancies-public/vacancy-page.tsx', 'features/contact/contact-form.tsx'],
  login: ['features/auth/login-page.tsx'],
};

/** Each public route, shown as '/post/{id}', with its lazy source modules. */
export const PUBLIC_ROUTES: Record<string, string[]> = Object.fromEntries(
  (Object.keys(PAGE_SOURCES) as RouteNameFor<'public'>[]).map((name) => [
    ROUTES[name].path.replace(/:(\w+)\??/g, '{$1}'),
    PAGE_SOURCES[name],
  ]),
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
  const missing = sources.filter((s) => !manifest[`src/${s}`]);
  if (missing.length) {
    console.error(`  ${route}: not a chunk of the build: ${missing.join(', ')}`);
    failed = true;
  }
  const chunks = closure([entry, ...sources.map((s) => `src/${s}`)]);
  const files = [...chunks].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((n, f) => n + gz(f), 0);
  const hasMui = files.some((f) =>
    /Mui[A-Z][A-Za-z]+-root|@mui\/material/.test(fs.readFileSync(path.join(dist, f), 'utf8')),
  );
  const kb = bytes / 1024;
  const flag = kb > BUDGET_KB ? '  OVER BUDGET' : hasMui ? '  BACK-OFFICE CODE' : '';
  if (flag) failed = true;
  console.log(`  ${route.padEnd(22)} ${kb.toFixed(1).padStart(7)} KB${flag}`);
}
if (failed) {
  console.error(`\nA public route is over ${BUDGET_KB} KB gzip or loads back-office code.`);
  process.exit(1);
}
