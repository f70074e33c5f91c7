/**
 * `npm run bench:scale`: how the site holds up as it grows. For each number of posts (100, 1,000 and
 * 10,000 by default) beside 100,000 contact messages, mail-log and audit rows, it prints a Markdown
 * table for docs/performance.md: per measured address the answer's size, the median of single
 * requests one after another, the median cold render (public pages) and the throughput under load;
 * and below it the start time, resident memory, database size and backup time.
 *
 * - Builds what is stale and starts the compiled server as `npm start` does (production-server.ts),
 *   on a fresh embedded database in a temporary DATA_DIR, or with DATABASE_URL on a fresh database of
 *   that PostgreSQL server (`bench_scale_<random>`, dropped at the end).
 * - The data (scale-data.ts) is written straight into the database while the server is stopped,
 *   then the server starts again (that start is the one timed): PGlite opens in one process at a
 *   time. The sizes run from the smallest up on one database, each adding posts to the last.
 * - Statistics: after writing, the script runs `VACUUM (ANALYZE)` on either engine, as autovacuum
 *   would within a minute of such a bulk insert on PostgreSQL and as the server's nightly maintenance
 *   does on PGlite (modules/maintenance, decision 0158): a site that grew over years has had both.
 * - Measured addresses: the landing page, the post list's last page (its deepest offset), a post, a
 *   search (`/post?q=replication`, a word in most posts), the most used tag's page, the RSS feed and
 *   the sitemap (and its first part when it is an index); as the admin, every staff list's first
 *   and last page (users, providers and mailboxes have one page) and the dashboard; then 20 connections asking for distinct searches
 *   (two of the posts' words, a pair per request: 10,000 pairs, every answer a cache miss).
 * - Single requests: SINGLE_REQUESTS in a row on one kept-alive connection after a first one (three
 *   at least, no more after 30 s), so public pages are cache hits. Load: wrk (autocannon when wrk
 *   cannot be installed), `Accept-Encoding: gzip`, BENCH_SECONDS after a warm-up, 50 connections on
 *   public addresses and 4 on staff ones (a handful of staff, whose lists are never cached and may be
 *   large).
 * - Warm-up: before anything is measured, every public page is rendered cold five times (warmUp),
 *   so that the first one measured does not pay for compiling the render alone.
 * - Cold render: each public page is requested right after re-saving the site settings unchanged
 *   (PUT /api/settings). Every public page and feed shows the settings (the layout's company name),
 *   so the change drops them all from the response cache on every instance, as a staff member's edit
 *   does; the next request renders from the database. The request's x-cache header is checked to be
 *   `miss`. A unique query string would not do: unknown parameters are dropped from the cache key
 *   (cacheQuery) and a new search word measures another search, not the same page cold.
 * - Backup: `apps/server/dist/backup.js` with the server's environment, after the server stopped
 *   (the embedded database can only be backed up then; PostgreSQL the same way, for like figures).
 * - Options (environment): BENCH_SCALE_SIZES ("100,1000,10000"), BENCH_SCALE_MESSAGES (100000),
 *   BENCH_SECONDS (5), BENCH_SCALE_KEEP=1 (keep the database and print where it is). Takes about 3 minutes per size at the defaults, more for the seeding of the
 *   largest; do not run it on a machine others are measuring on.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { legalEntityForm, siteSettingsForm } from '../../packages/shared/src/schemas/content';
import { openPgliteFolder } from '../../apps/server/src/db/open-pglite';
import { databaseOn, withServer } from '../../apps/server/test/global-setup';
import { apiCall, signIn } from './api-client';
import { root } from './bench-contenders';
import { load, loadTool, median, rssMiB, type Run } from './load';
import { freePort, startServer, waitFor } from './production-server';
import { addMessagesAndLogs, addPosts, TAGS, WORDS, type RowCounts, type Sql } from './scale-data';

const SIZES = (process.env['BENCH_SCALE_SIZES'] ?? '100,1000,10000')
  .split(',')
  .map((s) => Number(s.trim()))
  .sort((a, b) => a - b);
if (!SIZES.length || SIZES.some((n) => !Number.isInteger(n) || n < 1)) {
  throw new Error(`BENCH_SCALE_SIZES: cannot read "${process.env['BENCH_SCALE_SIZES']}"`);
}
const MESSAGES = Number(process.env['BENCH_SCALE_MESSAGES'] ?? 100_000);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const WARMUP = Math.max(1, Math.round(SECONDS / 5));
const SINGLE_REQUESTS = 11;
const COLD_RENDERS = 11;
/** Cold renders of every public page before the measurements (warmUp). */
const WARM_UP_RENDERS = 5;
/** After this, no more single requests than three: a whole list of 100,000 messages takes seconds. */
const SINGLE_BUDGET_MS = 30_000;
const PUBLIC_CONNECTIONS = 50;
const STAFF_CONNECTIONS = 4;
/** As in the issue that set the target: 20 connections, each asking for searches nobody asked before. */
const DISTINCT_SEARCH_CONNECTIONS = 20;
const SEARCH_WORD = 'replication';
const ADMIN_EMAIL = 'bench@redwall.example';
const PASSWORD = 'bench-password';

const log = (line = '') => process.stdout.write(`${line}\n`);
/** Progress, apart from the tables on standard output. */
const note = (line: string) =>
  process.stderr.write(`[bench:scale ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

// ---- the database --------------------------------------------------------------------------------
interface Engine {
  label: string;
  /** The server's (and the backup's) environment for this database. */
  env: Record<string, string>;
  /** Runs `fn` on the database; the server must be stopped (PGlite is one process at a time). */
  withDb<T>(fn: (db: Sql) => Promise<T>): Promise<T>;
  bytes(): Promise<number>;
  drop(): Promise<void>;
  /** Where the data is: the embedded database's folder or the PostgreSQL database's URL. */
  kept: string;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-scale-'));
const dataDir = path.join(work, 'data');

const folderBytes = (dir: string): number =>
  fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);

async function makeEngine(): Promise<Engine> {
  const server = process.env['DATABASE_URL'];
  if (!server) {
    const dir = path.join(dataDir, 'pglite');
    return {
      label: 'PGlite (embedded)',
      env: {},
      async withDb(fn) {
        const { client, release } = await openPgliteFolder(dir, undefined);
        try {
          return await fn({ query: (text, params) => client.query(text, params) });
        } finally {
          await client.close();
          release();
        }
      },
      bytes: async () => folderBytes(dir),
      drop: async () => {},
      kept: dir,
    };
  }
  const name = `bench_scale_${crypto.randomBytes(4).toString('hex')}`;
  await withServer(server, (c) => c.query(`create database ${name}`));
  const url = databaseOn(server, name);
  const withDb = <T>(fn: (db: Sql) => Promise<T>) =>
    withServer(url, (c) => fn({ query: (text, params) => c.query(text, params) }));
  return {
    label: 'PostgreSQL (DATABASE_URL)',
    env: { DATABASE_URL: url },
    withDb,
    bytes: () =>
      withDb(async (db) => {
        const [row] = (await db.query('select pg_database_size(current_database())::text as n')).rows as {
          n: string;
        }[];
        return Number(row!.n);
      }),
    drop: () => withServer(server, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
    kept: url,
  };
}

// ---- the server ------------------------------------------------------------------------------------
let app: ChildProcess | undefined;
let base = '';

/** Starts the server and answers how long it took until /api/health answered. */
async function start(engine: Engine): Promise<number> {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  app = startServer({
    port,
    dataDir,
    env: { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD, ...engine.env },
    logsToStderr: true,
  });
  await waitFor(`${base}/api/health`, 300_000);
  const ms = performance.now() - t0;
  // Another process may have taken the port between freePort and the listen: then the health
  // check reached that one, and ours has exited (its log, on standard error, says why).
  await new Promise((r) => setTimeout(r, 200));
  if (app.exitCode !== null) throw new Error(`the server exited at start (code ${app.exitCode})`);
  return ms;
}

async function stop() {
  const running = app;
  app = undefined;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((r) => running.once('exit', r));
  running.kill('SIGTERM');
  await exited;
}
process.once('exit', () => app?.kill('SIGTERM'));

// ---- requests ----------------------------------------------------------------------------------
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

interface Answer {
  status: number;
  bytes: number;
  ms: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET on the kept-alive connection, timed from its start to its last byte; the body undecoded. */
const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(`${base}${url}`, { agent, headers: { 'accept-encoding': 'gzip', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            bytes: body.length,
            ms: performance.now() - t0,
            headers: res.headers,
            body,
          });
        });
      })
      .on('error', reject);
  });

const api = (method: string, url: string, token?: string, body?: unknown) =>
  apiCall<unknown>(base, method, url, token, body);

const pickKeys = (from: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => from[k] !== undefined && from[k] !== null).map((k) => [k, from[k]]));

/** The site settings as the form sends them back: re-saving them changes nothing but empties the page cache. */
async function settingsForm(token: string) {
  const stored = (await api('GET', '/api/settings/admin', token)) as Record<string, unknown>;
  const form = pickKeys(stored, Object.keys(siteSettingsForm.shape));
  form['entities'] = ((stored['entities'] ?? []) as Record<string, unknown>[]).map((e) =>
    pickKeys(e, Object.keys(legalEntityForm.shape)),
  );
  return form;
}

// ---- what is measured ------------------------------------------------------------------------------
interface Target {
  label: string;
  url: string;
  staff: boolean;
}

interface Measured {
  target: Target;
  gzipBytes: number;
  bytes: number;
  singleMs: number;
  coldMs?: number;
  /** Cold renders the cache did not report as a miss (should be none). */
  coldNotMissed?: number;
  run: Run;
}

const PAGE_SIZE_PUBLIC = 10;

async function publicTargets(): Promise<Target[]> {
  const list = (await api('GET', `/api/posts?page=1&pageSize=${PAGE_SIZE_PUBLIC}`)) as { total: number };
  const last = Math.max(1, Math.ceil(list.total / PAGE_SIZE_PUBLIC));
  const middle = (await api('GET', `/api/posts?page=${Math.max(1, Math.ceil(list.total / 2))}&pageSize=1`)) as {
    items: { id: number; slug: string }[];
  };
  const post = middle.items[0]!;
  const targets: Target[] = [
    { label: 'landing page', url: '/' },
    { label: `post list, last page (${last})`, url: `/post?page=${last}` },
    { label: 'a post', url: `/post/${post.id}/${post.slug}` },
    { label: `search "${SEARCH_WORD}"`, url: `/post?q=${SEARCH_WORD}` },
    { label: `tag page "${TAGS[0]}"`, url: `/tag/${TAGS[0]}` },
    { label: 'feed', url: '/rss.xml' },
    { label: 'sitemap', url: '/sitemap.xml' },
  ].map((t) => ({ ...t, staff: false }));
  const sitemap = (await get('/sitemap.xml', { 'accept-encoding': 'identity' })).body.toString();
  if (sitemap.includes('<sitemapindex'))
    targets.push({ label: 'sitemap, part 1', url: '/sitemap.xml?part=1', staff: false });
  return targets;
}

const STAFF_LISTS: readonly (readonly [label: string, path: string])[] = [
  ['staff posts', '/api/posts/staff'],
  ['messages', '/api/messages'],
  ['mail log', '/api/mail-logs'],
  ['audit', '/api/audit'],
  ['users', '/api/users/all'],
  ['providers', '/api/providers/all'],
  ['mailboxes', '/api/mailboxes/all'],
];

/** Each staff list's first and last page, or the whole list when it is not paged (an array). */
async function staffTargets(token: string): Promise<Target[]> {
  const targets: Target[] = [];
  for (const [label, listPath] of STAFF_LISTS) {
    const first = (await api('GET', `${listPath}?page=1`, token)) as
      unknown[] | { items?: unknown[]; total?: number; pageSize?: number };
    if (Array.isArray(first) || !Array.isArray(first.items) || typeof first.total !== 'number') {
      targets.push({ label: `${label} (not paged: whole list)`, url: listPath, staff: true });
      continue;
    }
    const pageSize = first.pageSize ?? Math.max(1, first.items.length);
    const last = Math.max(1, Math.ceil(first.total / pageSize));
    targets.push({
      label: `${label}, page 1${last === 1 ? ' (the only one)' : ''}`,
      url: `${listPath}?page=1`,
      staff: true,
    });
    if (last > 1)
      targets.push({ label: `${label}, last page (${last})`, url: `${listPath}?page=${last}`, staff: true });
  }
  targets.push({ label: 'dashboard', url: '/api/dashboard', staff: true });
  return targets;
}

/**
 * Renders each public page cold a few times before anything is measured, as a server that has
 * been up for a while has: the first renders after a start run code that V8 has not compiled yet,
 * and the first address measured would pay for that alone (19 against 10 ms for `/`).
 */
async function warmUp(targets: Target[], token: string, settings: unknown): Promise<void> {
  for (let round = 0; round < WARM_UP_RENDERS; round++) {
    for (const target of targets.filter((t) => !t.staff)) {
      await api('PUT', '/api/settings', token, settings);
      await get(target.url);
    }
  }
}

async function measure(target: Target, token: string, settings: unknown): Promise<Measured> {
  const auth: Record<string, string> = target.staff ? { authorization: `Bearer ${token}` } : {};
  const first = await get(target.url, auth);
  if (first.status !== 200)
    throw new Error(`GET ${target.url}: ${first.status} ${first.body.toString().slice(0, 200)}`);
  const bytes = (await get(target.url, { ...auth, 'accept-encoding': 'identity' })).bytes;
  const singles: number[] = [];
  const singlesUntil = performance.now() + SINGLE_BUDGET_MS;
  for (let i = 0; i < SINGLE_REQUESTS && (i < 3 || performance.now() < singlesUntil); i++) {
    singles.push((await get(target.url, auth)).ms);
  }
  let coldMs: number | undefined;
  let coldNotMissed: number | undefined;
  if (!target.staff) {
    const colds: number[] = [];
    coldNotMissed = 0;
    for (let i = 0; i < COLD_RENDERS; i++) {
      await api('PUT', '/api/settings', token, settings);
      const cold = await get(target.url);
      if (cold.headers['x-cache'] !== 'miss') coldNotMissed += 1;
      colds.push(cold.ms);
    }
    coldMs = median(colds);
  }
  const connections = target.staff ? STAFF_CONNECTIONS : PUBLIC_CONNECTIONS;
  const options = { headers: auth, timeoutSeconds: 30 };
  await load(`${base}${target.url}`, WARMUP, connections, options);
  const run = await load(`${base}${target.url}`, SECONDS, connections, options);
  return { target, gzipBytes: first.bytes, bytes, singleMs: median(singles), coldMs, coldNotMissed, run };
}

// ---- the output -------------------------------------------------------------------------------------
const kb = (n: number) =>
  n < 10_240 ? `${(n / 1024).toFixed(1)} KB` : `${Math.round(n / 1024).toLocaleString('en')} KB`;
const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;
const num = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

interface SizeResult {
  posts: number;
  rows: RowCounts;
  startMs: number;
  rssStart: number;
  rssAfter: number;
  databaseBytes: number;
  backupMs: number;
  backupBytes: number;
  measured: Measured[];
  searches: Run | undefined;
}

/**
 * Every request a search nobody made before (`/post?q=word+word`, two of the posts' words, in an
 * order no two requests share): each one a cache miss that renders, as visitors' own searches are.
 * wrk only (a Lua script writes the addresses); undefined with autocannon.
 */
async function distinctSearches(): Promise<Run | undefined> {
  if (loadTool() !== 'wrk') return undefined;
  const script = path.join(work, 'distinct-searches.lua');
  fs.writeFileSync(
    script,
    `local words = { ${WORDS.map((w) => `"${w}"`).join(', ')} }
local threads = 0
function setup(thread) thread:set("first", threads * 5000); threads = threads + 1 end
function init(args) n = first end
function request()
  n = n + 1
  local a = words[(n % #words) + 1]
  local b = words[(math.floor(n / #words) % #words) + 1]
  return wrk.format("GET", "/post?q=" .. a .. "+" .. b)
end
`,
  );
  return load(`${base}/post`, SECONDS, DISTINCT_SEARCH_CONNECTIONS, { wrkScript: script });
}

function table(r: SizeResult) {
  log(`\n### ${r.posts.toLocaleString('en')} posts\n`);
  log(
    `${r.rows.messages.toLocaleString('en')} contact messages, ${r.rows.mailLogs.toLocaleString('en')} mail-log rows, ${r.rows.audit.toLocaleString('en')} audit rows.\n`,
  );
  log(
    '| Address | Answer (gzip / plain) | Single request, median | Cold render, median | req/s | p50 | p99 | Errors |',
  );
  log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const m of r.measured) {
    const cold =
      m.coldMs === undefined ? '-' : `${num(m.coldMs)} ms${m.coldNotMissed ? ` (${m.coldNotMissed} not a miss)` : ''}`;
    // wrk prints zero latencies when no answer completed: say so rather than show them.
    const load = m.run.requests
      ? `${num(m.run.rps, 0)} | ${num(m.run.p50)} ms | ${num(m.run.p99)} ms`
      : `none completed in ${SECONDS} s | - | -`;
    log(
      `| ${m.target.label}: \`${m.target.url}\` | ${kb(m.gzipBytes)} / ${kb(m.bytes)} | ${num(m.singleMs)} ms | ${cold} | ${load} | ${m.run.errors}${m.run.errors && m.run.detail ? ` (${m.run.detail})` : ''} |`,
    );
  }
  log('');
  log(
    r.searches
      ? `- Distinct searches (\`/post?q=word+word\`, every one a miss), ${DISTINCT_SEARCH_CONNECTIONS} connections: ${num(r.searches.rps, 0)} req/s, p50 ${num(r.searches.p50)} ms, p99 ${num(r.searches.p99)} ms, ${r.searches.errors} errors`
      : '- Distinct searches: not measured (needs wrk)',
  );
  log(`- Start (process spawned to /api/health answering): ${(r.startMs / 1000).toFixed(2)} s`);
  log(`- Resident memory: ${r.rssStart.toFixed(0)} MiB after start, ${r.rssAfter.toFixed(0)} MiB after the runs`);
  log(`- Database size: ${mb(r.databaseBytes)}`);
  log(
    `- Backup (\`apps/server/dist/backup.js\`, server stopped): ${(r.backupMs / 1000).toFixed(2)} s, ${mb(r.backupBytes)}`,
  );
}

function backup(engine: Engine): { ms: number; bytes: number } {
  const file = path.join(work, 'backup.tar.gz');
  const t0 = performance.now();
  execFileSync(process.execPath, [path.join(root, 'apps/server/dist/backup.js'), file], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...engine.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ms = performance.now() - t0;
  const bytes = fs.statSync(file).size;
  fs.rmSync(file);
  return { ms, bytes };
}

// ---- the run ------------------------------------------------------------------------------------------
execFileSync(process.execPath, [path.join(root, 'scripts/build/build-if-stale.mjs')], { stdio: 'inherit' });
const engine = await makeEngine();
try {
  const machine = `${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  log(`\n${machine}`);
  log(
    `database: ${engine.label}, VACUUM (ANALYZE) after seeding; load: ${loadTool()}, gzip, ${SECONDS} s per address after ${WARMUP} s warm-up, ` +
      `${PUBLIC_CONNECTIONS} connections on public addresses, ${STAFF_CONNECTIONS} on staff ones; single requests: median of ${SINGLE_REQUESTS}; cold renders: median of ${COLD_RENDERS}`,
  );

  // A first start migrates, seeds the demo content and the admin account.
  note('first start: migrations, demo content, admin account');
  await start(engine);
  await stop();

  let generated = 0;
  let rows: RowCounts | undefined;
  for (const size of SIZES) {
    note(`seeding ${size} posts${rows ? '' : ` and ${MESSAGES} messages`}`);
    const seeding = performance.now();
    rows = await engine.withDb(async (db) => {
      const demo =
        Number(((await db.query('select count(*)::int as n from posts')).rows[0] as { n: number }).n) - generated;
      const target = Math.max(0, size - demo);
      if (target > generated) await addPosts(db, generated + 1, target, ADMIN_EMAIL);
      generated = Math.max(generated, target);
      let counts = rows;
      if (!counts) {
        const admin = (await db.query('select id from users where lower(email) = lower($1)', [ADMIN_EMAIL])).rows[0] as
          { id: number } | undefined;
        if (!admin) throw new Error(`the admin account ${ADMIN_EMAIL} was not created`);
        counts = await addMessagesAndLogs(db, MESSAGES, admin.id, ADMIN_EMAIL);
      }
      // Autovacuum on PostgreSQL, the nightly maintenance on PGlite (decision 0158).
      await db.query('vacuum (analyze)');
      return counts;
    });
    note(`seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s; starting the server`);

    const startMs = await start(engine);
    const rssStart = rssMiB(app!.pid!);
    const token = await signIn(base, ADMIN_EMAIL, PASSWORD);
    const settings = await settingsForm(token);
    const targets = [...(await publicTargets()), ...(await staffTargets(token))];
    note(`${size} posts: warming up`);
    await warmUp(targets, token, settings);
    const measured: Measured[] = [];
    for (const target of targets) {
      note(`${size} posts: ${target.url}`);
      measured.push(await measure(target, token, settings));
    }
    note(`${size} posts: distinct searches`);
    const searches = await distinctSearches();
    const rssAfter = rssMiB(app!.pid!);
    await stop();
    note(`${size} posts: backup`);
    const databaseBytes = await engine.bytes();
    const { ms: backupMs, bytes: backupBytes } = backup(engine);
    table({ posts: size, rows, startMs, rssStart, rssAfter, databaseBytes, backupMs, backupBytes, measured, searches });
  }
} finally {
  await stop();
  agent.destroy();
  // BENCH_SCALE_KEEP=1 leaves the database (and the embedded one's folder) for a closer look.
  if (process.env['BENCH_SCALE_KEEP'] === '1') note(`kept: ${engine.kept}`);
  else {
    await engine.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
