/**
 * `npm run bench:mixed`: the site under a mix of visitors and staff at once, as it meets them on a
 * busy day: 200 connections for 60 s, each a visitor of its own address who reads pages, likes
 * posts, sends the contact form (a real ALTCHA challenge, solved) and signs in (a real password
 * check). Cached page reads must not wait behind the writes or the password hashing: the target is
 * page reads p99 ≤ 250 ms and no 5xx answer to them (docs/performance.md; decision 0126).
 *
 * - Builds what is stale and starts the compiled server as `npm start` does (production-server.ts),
 *   with its mail worker, on a fresh embedded database, or with DATABASE_URL on a fresh database of
 *   that PostgreSQL server (dropped at the end); REDIS_URL, when set, is passed on.
 * - TRUST_PROXY=127.0.0.1 and an X-Forwarded-For per visitor: 200 visitors, not one address that the
 *   per-address limits would refuse after five messages.
 * - Options (environment): BENCH_MIXED_SECONDS (60), BENCH_MIXED_CONNECTIONS (200),
 *   BENCH_MIX ("read=80,like=8,contact=6,signin=6", relative weights), BENCH_CAPTCHA_DIFFICULTY
 *   (1000: solving is the visitor's cost and runs in this process, which measures; checking one
 *   solution costs the server the same at any difficulty).
 * - Prints, per kind of request: count, rate, p50/p90/p99/max latency (a contact's: its challenge and
 *   its post, not the solving between them) and answers by status, and page reads by x-cache; the exit
 *   code is 1 when the page-read target is missed.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CaptchaChallenge } from '../../packages/shared/src/schemas/contact';
import { solvedPayload } from '../../apps/server/test/contact-fixtures';
import { databaseOn, withServer } from '../../apps/server/test/global-setup';
import { apiCall, signIn } from './api-client';
import { benchTargets, root } from './bench-contenders';
import { freePort, startServer, waitFor } from './production-server';

const SECONDS = Number(process.env['BENCH_MIXED_SECONDS'] ?? 60);
const CONNECTIONS = Number(process.env['BENCH_MIXED_CONNECTIONS'] ?? 200);
const DIFFICULTY = Number(process.env['BENCH_CAPTCHA_DIFFICULTY'] ?? 1000);
const ADMIN_EMAIL = 'bench@redwall.example';
const PASSWORD = 'bench-password';
const READ_P99_TARGET_MS = 250;

type Kind = 'read' | 'like' | 'contact' | 'signin';
const KINDS: Kind[] = ['read', 'like', 'contact', 'signin'];
const mix = Object.fromEntries(
  (process.env['BENCH_MIX'] ?? 'read=80,like=8,contact=6,signin=6').split(',').map((pair) => {
    const [k, v] = pair.split('=');
    if (!KINDS.includes(k as Kind) || !(Number(v) >= 0)) throw new Error(`BENCH_MIX: cannot read "${pair}"`);
    return [k, Number(v)];
  }),
) as Partial<Record<Kind, number>>;
const weights = KINDS.map((k) => mix[k] ?? 0);
const totalWeight = weights.reduce((a, b) => a + b, 0);
const pick = (): Kind => {
  let r = Math.random() * totalWeight;
  for (const [i, w] of weights.entries()) if ((r -= w) < 0) return KINDS[i]!;
  return 'read';
};

const log = (line = '') => process.stdout.write(`${line}\n`);

// ---- a fresh database -------------------------------------------------------------------------
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-mixed-'));
const server = process.env['DATABASE_URL'];
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (server) {
  const name = `bench_mixed_${crypto.randomBytes(4).toString('hex')}`;
  await withServer(server, (c) => c.query(`create database ${name}`));
  databaseUrl = databaseOn(server, name);
  dropDatabase = () =>
    withServer(server, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {});
}

// ---- the server ------------------------------------------------------------------------------
execFileSync(process.execPath, [path.join(root, 'scripts/build/build-if-stale.mjs')], { stdio: 'inherit' });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = startServer({
  port,
  dataDir: path.join(work, 'data'),
  env: {
    ADMIN_EMAIL: ADMIN_EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    MAIL_WORKER: 'true',
    TRUST_PROXY: '127.0.0.1',
    CAPTCHA_DIFFICULTY: String(DIFFICULTY),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
});
process.once('exit', () => app.kill('SIGTERM'));
await waitFor(`${base}/api/health`, 120_000);

/**
 * Staff accounts to sign in as, made through the API: one account signed into by many at once would
 * meet its own limit (attempts in flight count, docs/decisions/0015-login-limits.md) and measure
 * 429s instead of password checks.
 */
const STAFF = 20;
const api = (method: string, url: string, token?: string, body?: unknown) => apiCall(base, method, url, token, body);
const adminToken = await signIn(base, ADMIN_EMAIL, PASSWORD);
const roles = (await api('GET', '/api/roles', adminToken)) as unknown as { id: number; name: string }[];
const staff: string[] = [];
for (let i = 0; i < STAFF; i++) {
  const email = `staff-${i}@redwall.example`;
  await api('POST', '/api/users/create', adminToken, {
    email,
    password: PASSWORD,
    roleIds: [roles.find((r) => r.name === 'ROLE_USER')!.id],
  });
  staff.push(email);
}

const pages = (await benchTargets(base)).filter(([label]) => label.startsWith('page ')).map(([, url]) => url);
const postIds = ((await (await fetch(`${base}/api/posts`)).json()) as { id: number }[]).map((p) => p.id);

// ---- one visitor ------------------------------------------------------------------------------
const randomAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${1 + crypto.randomInt(254)}`;

interface Sample {
  kind: Kind;
  ms: number;
  status: number; // 0: no answer (socket error)
}
/** Page reads by their x-cache header: a read that rendered is the slow path the target is about. */
const readsByCache = new Map<string, number>();
const samples: Sample[] = [];

class Visitor {
  private xsrf = '';
  private readonly address = randomAddress();
  private next = 0;
  private solvingMs = 0;

  private headers(address = this.address, extra: Record<string, string> = {}) {
    return {
      'x-forwarded-for': address,
      'accept-encoding': 'gzip, br',
      ...(this.xsrf ? { cookie: `XSRF-TOKEN=${this.xsrf}`, 'x-xsrf-token': this.xsrf } : {}),
      ...extra,
    };
  }

  async start() {
    const res = await fetch(`${base}/config.json`, { headers: this.headers() });
    this.xsrf = /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
    await res.arrayBuffer();
    if (!this.xsrf) throw new Error('/config.json handed out no XSRF-TOKEN cookie');
  }

  /** One request of the mix; the time counts from its first byte sent to its last byte read. */
  async step(): Promise<Sample> {
    const kind = pick();
    const t0 = performance.now();
    this.solvingMs = 0;
    // 0: no answer (a socket error).
    const status = await this[kind]().catch(() => 0);
    // Solving the captcha is the visitor's work, done here in the process that measures.
    return { kind, ms: performance.now() - t0 - this.solvingMs, status };
  }

  private async read() {
    const url = pages[this.next++ % pages.length]!;
    const res = await fetch(`${base}${url}`, { headers: this.headers() });
    await res.arrayBuffer();
    const cache = res.headers.get('x-cache') ?? 'none';
    readsByCache.set(cache, (readsByCache.get(cache) ?? 0) + 1);
    return res.status;
  }

  private async like() {
    const id = postIds[crypto.randomInt(postIds.length)]!;
    const res = await fetch(`${base}/api/posts/${id}/like`, { method: 'PUT', headers: this.headers() });
    await res.arrayBuffer();
    return res.status;
  }

  /** As the contact page does: a challenge, solved, then the form; from an address of its own each time. */
  private async contact() {
    const address = randomAddress();
    const c = (await (
      await fetch(`${base}/api/captcha/challenge`, { headers: this.headers(address) })
    ).json()) as CaptchaChallenge;
    const solving = performance.now();
    const altcha = await solvedPayload(c);
    this.solvingMs = performance.now() - solving;
    const form = new FormData();
    form.append('fullName', 'Mixed Load');
    form.append('email', `visitor-${crypto.randomInt(1e9)}@example.com`);
    form.append('phoneNumber', '+32 3 123 45 67');
    form.append('message', 'A message sent while others read, like and sign in.');
    form.append('altcha', altcha);
    const res = await fetch(`${base}/api/contact`, { method: 'POST', headers: this.headers(address), body: form });
    await res.arrayBuffer();
    return res.status;
  }

  private async signin() {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: this.headers(randomAddress(), { 'content-type': 'application/json' }),
      body: JSON.stringify({ username: staff[crypto.randomInt(staff.length)], password: PASSWORD }),
    });
    await res.arrayBuffer();
    return res.status;
  }
}

// ---- the run ------------------------------------------------------------------------------------
const machine = `${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}`;
log(`\n${machine}`);
log(
  `database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)'}${process.env['REDIS_URL'] ? ' + Redis (REDIS_URL)' : ''}; ` +
    `${CONNECTIONS} visitors for ${SECONDS} s; mix ${KINDS.map((k, i) => `${k} ${weights[i]}`).join(', ')}; captcha difficulty ${DIFFICULTY}`,
);
log(`page reads cycle over ${pages.join(', ')}\n`);

// Each page once, as a site that has been up for a while has them: the figures are those of a
// running site, not of its first second (how a cold start copes is plugins/response-cache's story).
for (const url of pages) await (await fetch(`${base}${url}`)).arrayBuffer();
const visitors = Array.from({ length: CONNECTIONS }, () => new Visitor());
await Promise.all(visitors.map((v) => v.start()));
const deadline = performance.now() + SECONDS * 1000;
await Promise.all(
  visitors.map(async (v) => {
    while (performance.now() < deadline) samples.push(await v.step());
  }),
);

// ---- the figures ----------------------------------------------------------------------------------
const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
const pad = (s: string | number, n: number) => String(s).padStart(n);
log(
  `${'kind'.padEnd(8)} ${pad('count', 7)} ${pad('req/s', 7)} ${pad('p50 ms', 8)} ${pad('p90 ms', 8)} ${pad('p99 ms', 8)} ${pad('max ms', 8)}  answers`,
);
const byKind = new Map<Kind, Sample[]>();
for (const s of samples) byKind.set(s.kind, [...(byKind.get(s.kind) ?? []), s]);
let readP99 = NaN;
let read5xx = 0;
for (const kind of KINDS) {
  const list = byKind.get(kind) ?? [];
  const sorted = list.map((s) => s.ms).sort((a, b) => a - b);
  const statuses = new Map<string, number>();
  for (const s of list) {
    const key = s.status === 0 ? 'no answer' : String(s.status);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  const answers = [...statuses.entries()]
    .sort()
    .map(([k, n]) => `${n} × ${k}`)
    .join(', ');
  if (kind === 'read') {
    readP99 = quantile(sorted, 0.99);
    read5xx = list.filter((s) => s.status >= 500 || s.status === 0).length;
  }
  log(
    `${kind.padEnd(8)} ${pad(list.length, 7)} ${pad((list.length / SECONDS).toFixed(0), 7)} ${pad(quantile(sorted, 0.5).toFixed(1), 8)} ${pad(
      quantile(sorted, 0.9).toFixed(1),
      8,
    )} ${pad(quantile(sorted, 0.99).toFixed(1), 8)} ${pad((sorted.at(-1) ?? NaN).toFixed(1), 8)}  ${answers || '-'}`,
  );
}
log(
  `\npage reads by x-cache: ${[...readsByCache.entries()]
    .sort()
    .map(([k, n]) => `${n} ${k}`)
    .join(', ')}`,
);
const met = readP99 <= READ_P99_TARGET_MS && read5xx === 0;
log(
  `\ntarget: page reads p99 ≤ ${READ_P99_TARGET_MS} ms and 0 × 5xx: ${met ? 'met' : 'missed'} (p99 ${readP99.toFixed(1)} ms, ${read5xx} × 5xx or no answer)`,
);

app.kill('SIGTERM');
await new Promise((r) => app.once('exit', r));
await dropDatabase();
fs.rmSync(work, { recursive: true, force: true });
process.exitCode = met ? 0 : 1;
