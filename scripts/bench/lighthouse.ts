/**
 * `npm run lighthouse`: Lighthouse (mobile, its default) over the public pages of the built site
 * (what is stale is built first). Starts the compiled server as `npm start` runs it, on a free port
 * with a temporary data folder and the demo content, prints the four category scores and the
 * Largest Contentful Paint per page, stops the server and exits non-zero if any score is below 95
 * (docs/architecture.md) or an LCP is over 1.2 s (the target in docs/performance.md). Chromium: CHROME_PATH, else /usr/bin/chromium, installed from Debian's packages when
 * it is missing and apt-get can (Lighthouse needs the full browser, not the headless shell the e2e
 * tests use).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { aptInstall } from './debian-packages';
import { freePort, startServer, waitFor } from './production-server';

const MIN_SCORE = 95;
/** Largest Contentful Paint, simulated mobile (Lighthouse's default throttling). */
const MAX_LCP_MS = 1200;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const root = path.resolve(import.meta.dirname, '../..');

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const chromePath = process.env['CHROME_PATH'] ?? DEBIAN_CHROMIUM;
if (!fs.existsSync(chromePath) && !(chromePath === DEBIAN_CHROMIUM && aptInstall('chromium'))) {
  process.stderr.write(
    `Lighthouse needs Chromium: ${chromePath} is missing and could not be installed (needs root and apt-get). Install Debian's chromium or set CHROME_PATH.\n`,
  );
  process.exit(1);
}

execFileSync(process.execPath, [path.join(root, 'scripts/build/build-if-stale.mjs')], { stdio: 'inherit' });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-lighthouse-'));
const server = startServer({
  port,
  dataDir,
  env: {
    PUBLIC_URL: base,
    SECRET_KEY: crypto.randomBytes(32).toString('hex'),
    ADMIN_EMAIL: 'admin@lighthouse.example',
    ADMIN_PASSWORD: crypto.randomBytes(12).toString('hex'),
  },
  quiet: true,
});

let chrome: chromeLauncher.LaunchedChrome | undefined;
let failed = false;
try {
  await waitFor(`${base}/api/health`, 120_000);
  // Canonical URLs: the short forms answer 301, which Lighthouse would count against the page.
  const posts = (await (await fetch(`${base}/api/posts`)).json()) as { id: number; slug: string; tags?: string[] }[];
  const vacancies = (await (await fetch(`${base}/api/vacancy`)).json()) as { id: number; slug: string }[];
  const post = posts[0];
  const tag = posts.flatMap((p) => p.tags ?? [])[0];
  const vacancy = vacancies[0];
  // The French post under its own slug (a translation's may differ): where /fr/post/{id} leads.
  const frenchPost = post && new URL((await fetch(`${base}/fr/post/${post.id}`)).url).pathname;
  const all = [
    '/',
    '/vision',
    '/about',
    '/privacy',
    '/post',
    ...(post ? [`/post/${post.id}/${post.slug}`] : []),
    ...(tag ? [`/tag/${encodeURIComponent(tag)}`] : []),
    '/vacatures',
    ...(vacancy ? [`/vacancy/${vacancy.id}/${vacancy.slug}`] : []),
    // A Dutch and a French page: the same targets in every language (decision 0152).
    '/nl',
    '/nl/vacatures',
    ...(frenchPost ? [frenchPost] : []),
  ];
  // `npm run lighthouse -- /about` measures only the pages named.
  const only = process.argv.slice(2);
  const pages = only.length ? all.filter((p) => only.some((o) => p === o || p.startsWith(`${o}/`))) : all;

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

  console.log(`\nLighthouse ${'(mobile)'.padEnd(14)} perf  a11y  best   seo     LCP`);
  for (const page of pages) {
    // A trace sometimes comes back without its navigation start (NO_NAVSTART): measure again.
    let result: Awaited<ReturnType<typeof lighthouse>>;
    for (let attempt = 1; ; attempt++) {
      result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result?.lhr.runtimeError || attempt === 3) break;
    }
    if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
    const { categories, audits } = result.lhr;
    const scores = CATEGORIES.map((c) => Math.round((categories[c]?.score ?? 0) * 100));
    const lcp = audits['largest-contentful-paint']?.numericValue ?? Infinity;
    const low = scores.some((s) => s < MIN_SCORE);
    const slow = lcp > MAX_LCP_MS;
    if (low || slow) failed = true;
    const flags = `${low ? '  BELOW 95' : ''}${slow ? '  LCP OVER 1.2 s' : ''}`;
    console.log(
      `  ${page.padEnd(22)} ${scores.map((s) => String(s).padStart(4)).join('  ')}  ${(lcp / 1000).toFixed(2).padStart(4)} s${flags}`,
    );
    if (process.env['LIGHTHOUSE_JSON'])
      fs.writeFileSync(
        path.join(process.env['LIGHTHOUSE_JSON'], `${page.replace(/\W/g, '_')}.json`),
        JSON.stringify(result.lhr),
      );
    if (scores.some((s) => s < 100) || slow) {
      // Name what cost the points, so a failure can be acted on without opening the report.
      for (const c of CATEGORIES) {
        for (const ref of categories[c]?.auditRefs ?? []) {
          const a = audits[ref.id];
          if (ref.weight > 0 && a && a.score !== null && a.score < 0.9)
            console.log(`      ${c}: ${a.id} (${a.displayValue ?? a.score})`);
        }
      }
    }
  }
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.error(
    `\nA page scored below ${MIN_SCORE} in a category, had an LCP over ${MAX_LCP_MS} ms, or the run failed.`,
  );
  process.exit(1);
}
