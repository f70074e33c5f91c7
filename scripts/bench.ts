/**
 * `npm run bench`: throughput of public pages and API reads against a static file served by the
 * same server (docs/architecture.md). Starts the built app on a temporary embedded database, runs
 * autocannon for a few seconds per URL on loopback, prints a table, and stops by itself.
 * Run `npm run build` first so pages are server-rendered.
 */
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, MAIL_WORKER: 'false' }), adminPassword: 'bench-password' };
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

const firstPost = ((await (await fetch(`${base}/api/posts`)).json()) as { id: number }[])[0]?.id ?? 1;
const targets = [
  ['static file (baseline)', '/favicon.svg'],
  ['GET /api/posts', '/api/posts'],
  ['GET /api/vacancy', '/api/vacancy'],
  ['page /', '/'],
  ['page /post', '/post'],
  [`page /post/${firstPost}`, `/post/${firstPost}`],
] as const;

console.log(`\n${SECONDS}s per URL, 10 connections, loopback\n`);
console.log(`${'target'.padEnd(26)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(8)}`);
let baseline = 0;
for (const [label, url] of targets) {
  const r = await autocannon({ url: `${base}${url}`, connections: 10, duration: SECONDS });
  if (!baseline) baseline = r.requests.average;
  const share = baseline ? ` (${Math.round((r.requests.average / baseline) * 100)}% of static)` : '';
  console.log(
    `${label.padEnd(26)} ${r.requests.average.toFixed(0).padStart(9)} ${String(r.latency.p50).padStart(8)} ${String(r.latency.p99).padStart(8)} ${String(r.non2xx).padStart(8)}${share}`,
  );
}
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
