/**
 * `npm run bench`: throughput, latency and memory of the compiled server against nginx serving saved
 * copies of the very same bytes, pre-compressed (`gzip_static`, so nginx does no compression work).
 *
 * - Builds what is stale, starts `apps/server/dist/server.js` as its own process on a fresh embedded
 *   database (or, with DATABASE_URL, on that PostgreSQL database), and nginx on a free port.
 * - Per target: a warm-up, then BENCH_SECONDS (default 10) at 50 connections with `Accept-Encoding:
 *   gzip`, the server and nginx interleaved, two rounds; the medians are printed.
 * - The server's resident memory after the runs, then 60 s at 200 connections (BENCH_LONG_SECONDS)
 *   with the error count and the memory of the first and second half.
 * - wrk when installed (installed with apt-get when missing and possible), else autocannon in a
 *   separate process. nginx from Debian's packages, installed when missing; when it cannot be, the
 *   script says so and prints the server's figures alone.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aptInstall, has } from './debian-packages';
import { load, loadTool, median, rssMiB, type Run } from './load';
import { bareServerArgs, benchServerOptions, benchTargets, nginxConfig, root, saveCopies } from './bench-contenders';
import { freePort as anyFreePort, PRODUCTION_NODE_FLAGS, startServer, waitFor } from './production-server';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const WARMUP = Math.max(1, Math.round(SECONDS / 5));
const LONG_SECONDS = Number(process.env['BENCH_LONG_SECONDS'] ?? 60);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 2);
const CONNECTIONS = 50;
const databaseUrl = process.env['DATABASE_URL'];

const log = (line = '') => process.stdout.write(`${line}\n`);

/** BENCH_PORT: the first of three consecutive ports to use (server, nginx, bare route); else free ones. */
let nextPort = process.env['BENCH_PORT'] ? Number(process.env['BENCH_PORT']) : undefined;
const freePort = () => (nextPort !== undefined ? Promise.resolve(nextPort++) : anyFreePort());

const useWrk = loadTool() === 'wrk';

// ---- the server ------------------------------------------------------------------------------
execFileSync(process.execPath, [path.join(root, 'scripts/build/build-if-stale.mjs')], { stdio: 'inherit' });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
// nginx's workers run as an unprivileged user: they must be able to read the saved copies.
fs.chmodSync(work, 0o755);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startServer({ port, ...benchServerOptions(work, databaseUrl) });
let nginx: ChildProcess | undefined;
/** The bare node:http reference server, once started. */
const bare: { process?: ChildProcess } = {};
const stop = () => {
  server.kill('SIGTERM');
  nginx?.kill('SIGTERM');
  bare.process?.kill('SIGTERM');
};
process.once('exit', stop);
await waitFor(`${base}/api/health`, 120_000);
const idleRss = rssMiB(server.pid!);

const targets = await benchTargets(base);
const postPath = targets.find(([label]) => label === 'page /post/{id}')![1];

// ---- the same bytes, saved: for nginx and for the bare route ----------------------------------
const copies = await saveCopies(base, targets, work);
const { savedPath } = copies;
const barePort = await freePort();
// With the server's Node flags: the ceiling of the same runtime settings.
bare.process = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, ...bareServerArgs(work, copies, barePort)], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
const bareBase = `http://127.0.0.1:${barePort}`;

// ---- nginx on the saved copies -------------------------------------------------------------------
const nginxOk = has('nginx') || aptInstall('nginx');
let nginxBase: string | undefined;
if (nginxOk) {
  const nginxPort = await freePort();
  const conf = nginxConfig(work, copies.docroot, nginxPort);
  nginx = spawn('nginx', ['-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  nginxBase = `http://127.0.0.1:${nginxPort}`;
  await waitFor(`${nginxBase}${savedPath('/')}`, 10_000);
} else {
  log('nginx is not installed and could not be installed (needs root and apt-get): no ratios to nginx below.');
}

// ---- the runs ----------------------------------------------------------------------------------
const machine = `${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;
log(`\n${machine}`);
log(
  `database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)'}; load: ${useWrk ? 'wrk' : 'autocannon'}; ${CONNECTIONS} connections, gzip, ${SECONDS} s per target after ${WARMUP} s warm-up, ${ROUNDS} rounds interleaved, medians\n`,
);

await waitFor(`${bareBase}${savedPath('/')}`, 10_000);
const results = new Map<string, { ours: Run[]; nginx: Run[]; bare: Run[] }>();
for (const [label] of targets) results.set(label, { ours: [], nginx: [], bare: [] });
for (let round = 0; round < ROUNDS; round++) {
  for (const [label, url] of targets) {
    const r = results.get(label)!;
    await load(`${base}${url}`, WARMUP, CONNECTIONS);
    r.ours.push(await load(`${base}${url}`, SECONDS, CONNECTIONS));
    if (nginxBase) {
      await load(`${nginxBase}${savedPath(url)}`, WARMUP, CONNECTIONS);
      r.nginx.push(await load(`${nginxBase}${savedPath(url)}`, SECONDS, CONNECTIONS));
    }
    await load(`${bareBase}${savedPath(url)}`, WARMUP, CONNECTIONS);
    r.bare.push(await load(`${bareBase}${savedPath(url)}`, SECONDS, CONNECTIONS));
  }
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
log(
  `${'target'.padEnd(20)} ${pad('req/s', 9)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('errors', 7)} ${pad('nginx r/s', 10)} ${pad('×nginx', 7)} ${pad('bare r/s', 9)} ${pad('×bare', 6)}`,
);
let missed = 0;
for (const [label] of targets) {
  const r = results.get(label)!;
  const rps = median(r.ours.map((x) => x.rps));
  const p99 = median(r.ours.map((x) => x.p99));
  const ng = r.nginx.length ? median(r.nginx.map((x) => x.rps)) : undefined;
  const ratio = ng ? rps / ng : undefined;
  // The bare node:http route on the same bytes and headers: how close the server is to Node's ceiling.
  const bareRps = median(r.bare.map((x) => x.rps));
  if ((ratio !== undefined && ratio < 0.5 && label !== 'static asset') || p99 > 50) missed += 1;
  log(
    `${label.padEnd(20)} ${pad(rps.toFixed(0), 9)} ${pad(median(r.ours.map((x) => x.p50)).toFixed(2), 8)} ${pad(p99.toFixed(2), 8)} ${pad(
      r.ours.reduce((a, x) => a + x.errors, 0),
      7,
    )} ${pad(ng ? ng.toFixed(0) : '-', 10)} ${pad(ratio ? ratio.toFixed(2) : '-', 7)} ${pad(bareRps.toFixed(0), 9)} ${pad((rps / bareRps).toFixed(2), 6)}`,
  );
}
const afterRss = rssMiB(server.pid!);
log(
  `\nresident memory of the server: ${idleRss.toFixed(0)} MiB after start, ${afterRss.toFixed(0)} MiB after the runs`,
);

// 200 connections for LONG_SECONDS on the post page, memory sampled every second.
const samples: number[] = [];
const sampler = setInterval(() => samples.push(rssMiB(server.pid!)), 1000);
const long = await load(`${base}${postPath}`, LONG_SECONDS, 200);
clearInterval(sampler);
const half = Math.floor(samples.length / 2);
const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const [first, second] = [samples.slice(0, half), samples.slice(half)];
log(
  `${LONG_SECONDS} s at 200 connections on ${postPath}: ${long.rps.toFixed(0)} req/s, p99 ${long.p99.toFixed(1)} ms, ${long.errors} errors${long.errors && long.detail ? ` (${long.detail})` : ''}; ` +
    `memory first half avg ${avg(first).toFixed(0)} / max ${Math.max(...first).toFixed(0)} MiB, second half avg ${avg(second).toFixed(0)} / max ${Math.max(...second).toFixed(0)} MiB`,
);
const limit = databaseUrl ? 200 : 300;
log(
  `targets: ≥ 0.5× nginx and p99 ≤ 50 ms: ${missed ? `${missed} target(s) missed` : 'met'}; memory ≤ ${limit} MiB: ${afterRss <= limit ? 'met' : `missed (${afterRss.toFixed(0)} MiB)`}; 200 connections: ${long.errors === 0 ? '0 errors' : `${long.errors} errors`}`,
);

stop();
await new Promise((r) => server.once('exit', r));
fs.rmSync(work, { recursive: true, force: true });
