/**
 * Prints the gzip JavaScript each public route loads on first visit (entry chunk, its static
 * imports and the route's own lazy chunks) and fails the build if back-office code (MUI) gets in.
 * Run by `npm run build`; the budget is 110 KB per route (docs/decisions/0080-first-load-budget.md).
 * Code a page loads only once its place nears the viewport (ui/public/deferred.tsx: the contact
 * form) is not first load: it is printed beside, outside the budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROUTES, type RouteNameFor } from '@app/shared/routes';
import { DEFAULT_LOCALE, LOCALES, localizedPath } from '@app/shared/locales';

const dist = path.resolve(import.meta.dirname, '../../apps/web/dist/client');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>;
// The first-load target. React DOM and React Router alone are about 96 KB of every page, so little is
// left: '/' is at 109.9 KB (docs/decisions/0080-first-load-budget.md says what left the entry).
const BUDGET_KB = 110;

/**
 * The source modules (under apps/web/src) each public route of the shared route table loads
 * lazily besides the entry: its page. Typed by the table, so a new public route must be listed here.
 */
const PAGE_SOURCES: Record<RouteNameFor<'public'>, string[]> = {
  home: ['features/home/home-page.tsx'],
  services: ['features/home/services-page.tsx'],
  careers: ['features/home/careers-page.tsx'],
  vision: ['features/vision/vision-page.tsx'],
  about: ['features/about/about-page.tsx'],
  privacy: ['features/privacy/privacy-page.tsx'],
  posts: ['features/posts-public/posts-page.tsx'],
  post: ['features/posts-public/post-page.tsx'],
  tag: ['features/posts-public/posts-page.tsx'],
  vacancies: ['features/vacancies-public/vacancies-page.tsx'],
  defaultVacancy: ['features/vacancies-public/vacancy-page.tsx'],
  vacancy: ['features/vacancies-public/vacancy-page.tsx'],
  login: ['features/auth/login-page.tsx'],
  forgotPassword: ['features/auth/forgot-password-page.tsx'],
  resetPassword: ['features/auth/reset-password-page.tsx'],
  acceptInvitation: ['features/auth/reset-password-page.tsx'],
};

/** What a page renders through <Deferred> (loaded when its place nears the viewport). */
const DEFERRED_SOURCES: Partial<Record<RouteNameFor<'public'>, string[]>> = {
  home: ['features/contact/contact-form.tsx'],
  defaultVacancy: ['features/contact/contact-form.tsx'],
  vacancy: ['features/contact/contact-form.tsx'],
};

/**
 * Each public route, shown as '/post/{id}', with its lazy source modules and its deferred ones, in
 * every language ('/nl/post/{id}'; the sign-in page is the back office's, English only). A
 * language's page loads the same JavaScript: its texts come in the page's data
 * (docs/decisions/0152-interface-languages.md), so a language that pulled its texts into the
 * bundles would show here.
 */
export const PUBLIC_ROUTES: Record<string, { first: string[]; deferred: string[] }> = Object.fromEntries(
  LOCALES.flatMap((locale) =>
    (Object.keys(PAGE_SOURCES) as RouteNameFor<'public'>[])
      .filter((name) => locale === DEFAULT_LOCALE || name !== 'login')
      .map((name) => [
        localizedPath(locale, ROUTES[name].path.replace(/:(\w+)\??/g, '{$1}')),
        { first: PAGE_SOURCES[name], deferred: DEFERRED_SOURCES[name] ?? [] },
      ]),
  ),
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

/** The gzip KB of the JavaScript in `keys` and their static imports, and whether MUI is among it. */
function measure(keys: string[]): { kb: number; hasMui: boolean } {
  const files = [...closure(keys)].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  return {
    kb: files.reduce((n, f) => n + gz(f), 0) / 1024,
    hasMui: files.some((f) =>
      /Mui[A-Z][A-Za-z]+-root|@mui\/material/.test(fs.readFileSync(path.join(dist, f), 'utf8')),
    ),
  };
}

let failed = false;
console.log('\nGzip JavaScript per public route (first load; + what loads near the contact form):');
for (const [route, { first, deferred }] of Object.entries(PUBLIC_ROUTES)) {
  const missing = [...first, ...deferred].filter((s) => !manifest[`src/${s}`]);
  if (missing.length) {
    console.error(`  ${route}: not a chunk of the build: ${missing.join(', ')}`);
    failed = true;
  }
  const keys = [entry, ...first.map((s) => `src/${s}`)];
  const now = measure(keys);
  const later = deferred.length ? measure([...keys, ...deferred.map((s) => `src/${s}`)]) : now;
  const over = now.kb > BUDGET_KB;
  const flag = over ? '  OVER BUDGET' : now.hasMui || later.hasMui ? '  BACK-OFFICE CODE' : '';
  if (flag) failed = true;
  const extra = deferred.length ? `  (+${(later.kb - now.kb).toFixed(1)} KB near the form)` : '';
  console.log(`  ${route.padEnd(22)} ${now.kb.toFixed(2).padStart(7)} KB${extra}${flag}`);
}
if (failed) {
  console.error(`\nA public route is over ${BUDGET_KB} KB gzip or loads back-office code.`);
  process.exit(1);
}
