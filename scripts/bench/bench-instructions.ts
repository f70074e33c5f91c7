/**
 * `npm run bench:instructions`: how many instructions the server spends per answer, against the bare
 * node:http handler and nginx answering the very same bytes (scripts/bench/bench-contenders.ts), counted
 * by valgrind's callgrind.
 *
 * Why beside `npm run bench`: on a small shared machine its requests per second move by up to 40%
 * between runs, more than the differences it is meant to show. An instruction count does not move
 * with the machine's load: the same build and requests give the same figure within a few percent
 * (what the JIT compiles when), so a change to the cached path shows in it at once.
 *
 * - Each contender runs under `valgrind --tool=callgrind`, instrumentation off until it is measured.
 * - Every target gets BENCH_WARMUP requests (default 5,000) uncounted, then each in turn a fifth of
 *   that again and three windows of BENCH_REQUESTS (default 3,000) counted, at 50 connections with
 *   `Accept-Encoding: gzip`. The median window is printed: a window holding one of the process's
 *   occasional full garbage collections (more frequent under valgrind, where allocation per second
 *   is low) would otherwise count all of it.
 * - Counted: user-space instructions of every thread of the process (JIT code, V8, libuv, the
 *   garbage collector). Not counted: the kernel's work (reading and writing the sockets), which is
 *   the same for every contender.
 * - BENCH_KEEP=1 keeps callgrind's dumps (one per target and contender) and prints their folder:
 *   `callgrind_annotate` on a dump of the server and one of the bare handler shows where they differ.
 * - On a fresh embedded database, or with DATABASE_URL on that PostgreSQL database. valgrind and
 *   nginx from Debian's packages, installed when missing and possible; without nginx the script
 *   says so and leaves its column empty.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { bareServerArgs, benchServerOptions, benchTargets, nginxConfig, root, saveCopies } from './bench-contenders';
import { aptInstall, has } from './debian-packages';
import { freePort, PRODUCTION_NODE_FLAGS, startServer, waitFor } from './production-server';

const WARMUP = Number(process.env['BENCH_WARMUP'] ?? 5000);
const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 3000);
const WINDOWS = 3;
const CONNECTIONS = 50;
const databaseUrl = process.env['DATABASE_URL'];
const log = (line = '') => process.stdout.write(`${line}\n`);

if (!(has('valgrind') || aptInstall('valgrind'))) {
  log('valgrind is not installed and could not be installed (needs root and apt-get): nothing to count with.');
  process.exit(1);
}

/** `count` GETs over CONNECTIONS keep-alive connections, as wrk sends them; throws on any other status than 200. */
async function requests(url: string, count: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let left = count;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
          res.resume().on('end', resolve);
        })
        .on('error', reject);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (left-- > 0) await one();
    }),
  );
  agent.destroy();
}

/** A process under callgrind and the file prefix its dumps are written to. */
interface Counted {
  process: ChildProcess;
  out: string;
}

function underCallgrind(name: string, work: string): { wrapper: string[]; out: string } {
  const out = path.join(work, `callgrind-${name}`);
  // valgrind's own messages to a file: the terminal shows the table and the contenders' errors.
  const wrapper = [
    'valgrind',
    '--tool=callgrind',
    '--instr-atstart=no',
    `--callgrind-out-file=${out}`,
    `--log-file=${out}.log`,
  ];
  return { wrapper, out };
}

/** Runs `command` under callgrind, uncounted until `perAnswer` counts. */
function grind(name: string, work: string, command: readonly string[]): Counted {
  const { wrapper, out } = underCallgrind(name, work);
  const [file, ...args] = [...wrapper, ...command];
  return { process: spawn(file!, args, { stdio: ['ignore', 'inherit', 'inherit'], env: GRIND_ENV }), out };
}

/**
 * valgrind names its command pipe after the user and `$HOST` in the process's environment, and
 * callgrind_control looks for it under the same names in its own: the server is started with
 * HOST=127.0.0.1 (its listening address), so every contender and callgrind_control get that value.
 */
const GRIND_ENV = { ...process.env, HOST: '127.0.0.1' };

function control(counted: Counted, ...args: string[]): void {
  const r = spawnSync('callgrind_control', [...args, String(counted.process.pid)], {
    encoding: 'utf8',
    env: GRIND_ENV,
  });
  // callgrind_control exits 0 even when it found no such process: its output tells.
  if (r.status !== 0 || !/\bOK\b/.test(r.stdout)) {
    throw new Error(`callgrind_control ${args.join(' ')} ${counted.process.pid}: ${r.stderr || r.stdout}`);
  }
}

/**
 * Per target, the instructions `counted` spends per answer. Every target is warmed up before the
 * first is counted, so that the first does not pay for compiling the path the others share.
 */
async function perAnswer(counted: Counted, urls: readonly string[]): Promise<number[]> {
  for (const url of urls) await requests(url, WARMUP);
  const counts: number[] = [];
  for (const url of urls) {
    await requests(url, Math.ceil(WARMUP / 5));
    // A window that holds one of the process's occasional full collections counts all of it: the
    // median of three windows is the answer's own cost.
    const windows: number[] = [];
    for (let i = 0; i < WINDOWS; i++) windows.push(await counted1(counted, url));
    counts.push(windows.sort((a, b) => a - b)[Math.floor(WINDOWS / 2)]!);
  }
  return counts;
}

/** The instructions `counted` spends per answer of `url`, counted over REQUESTS answers. */
async function counted1(counted: Counted, url: string): Promise<number> {
  control(counted, '-i', 'on');
  control(counted, '-z');
  await requests(url, REQUESTS);
  const folder = path.dirname(counted.out);
  const prefix = `${path.basename(counted.out)}.`;
  // callgrind numbers its dumps: callgrind-server.1, .2, …
  const dumps = () =>
    fs.readdirSync(folder).filter((f) => f.startsWith(prefix) && /^\d+$/.test(f.slice(prefix.length)));
  const before = new Set(dumps());
  control(counted, '-d');
  control(counted, '-i', 'off');
  // callgrind_control returns once the command is taken; the dump is written after it, `totals:` last.
  let summary: RegExpExecArray | null = null;
  for (const deadline = Date.now() + 60_000; !summary && Date.now() < deadline;) {
    const dump = dumps().find((f) => !before.has(f));
    const text = dump ? fs.readFileSync(path.join(folder, dump), 'utf8') : '';
    summary = /^totals: /m.test(text) ? /^summary: (\d+)/m.exec(text) : null;
    if (!summary) await new Promise((r) => setTimeout(r, 200));
  }
  if (!summary) throw new Error(`callgrind wrote no dump for ${url}`);
  return Number(summary[1]) / REQUESTS;
}

async function stopped(counted: Counted): Promise<void> {
  if (counted.process.exitCode !== null) return;
  const exited = new Promise((r) => counted.process.once('exit', r));
  counted.process.kill('SIGTERM');
  await exited;
}

// ---- the server, under callgrind ------------------------------------------------------------------
execFileSync(process.execPath, [path.join(root, 'scripts/build/build-if-stale.mjs')], { stdio: 'inherit' });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-instructions-'));
fs.chmodSync(work, 0o755);
const running: Counted[] = [];
process.once('exit', () => running.forEach((c) => c.process.kill('SIGKILL')));

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const serverGrind = underCallgrind('server', work);
const server: Counted = {
  process: startServer({ port, ...benchServerOptions(work, databaseUrl), wrapper: serverGrind.wrapper }),
  out: serverGrind.out,
};
running.push(server);
log('starting the server under valgrind (a minute or more) …');
// Under valgrind, opening and migrating a fresh embedded database takes a while.
await waitFor(`${base}/api/health`, 15 * 60_000);
const targets = await benchTargets(base);
const copies = await saveCopies(base, targets, work);

const machine = `${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}, ${os.type()} ${os.release()}`;
log(`\n${machine}`);
log(
  `database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)'}; callgrind; ${CONNECTIONS} connections, gzip, median of ${WINDOWS} windows of ${REQUESTS} counted answers per target after ${WARMUP} uncounted\n`,
);

const serverCounts = await perAnswer(
  server,
  targets.map(([, url]) => `${base}${url}`),
);
await stopped(server);

// ---- the bare node:http handler and nginx on the saved copies -------------------------------------
const barePort = await freePort();
const bare = grind('bare', work, [
  process.execPath,
  ...PRODUCTION_NODE_FLAGS,
  ...bareServerArgs(work, copies, barePort),
]);
running.push(bare);
await waitFor(`http://127.0.0.1:${barePort}${copies.savedPath('/')}`, 120_000);
const bareCounts = await perAnswer(
  bare,
  targets.map(([, url]) => `http://127.0.0.1:${barePort}${copies.savedPath(url)}`),
);
await stopped(bare);

let nginxCounts: number[] = [];
if (has('nginx') || aptInstall('nginx')) {
  const nginxPort = await freePort();
  // One process without a master: the one callgrind follows.
  const conf = nginxConfig(work, copies.docroot, nginxPort, true);
  const nginx = grind('nginx', work, ['nginx', '-c', conf, '-g', 'daemon off;']);
  running.push(nginx);
  await waitFor(`http://127.0.0.1:${nginxPort}${copies.savedPath('/')}`, 120_000);
  nginxCounts = await perAnswer(
    nginx,
    targets.map(([, url]) => `http://127.0.0.1:${nginxPort}${copies.savedPath(url)}`),
  );
  await stopped(nginx);
} else {
  log('nginx is not installed and could not be installed (needs root and apt-get): no nginx column below.');
}

// ---- the table ------------------------------------------------------------------------------------
const pad = (s: string, n: number) => s.padStart(n);
const thousands = (n: number | undefined) => (n === undefined ? '-' : Math.round(n).toLocaleString('en-US'));
log('instructions per answer (user space, all threads)');
log(
  `${'target'.padEnd(20)} ${pad('server', 10)} ${pad('bare', 10)} ${pad('÷ bare', 7)} ${pad('nginx', 9)} ${pad('bare ÷ nginx', 13)}`,
);
targets.forEach(([label], i) => {
  const [ours, bareOne, nginxOne] = [serverCounts[i]!, bareCounts[i]!, nginxCounts[i]];
  log(
    `${label.padEnd(20)} ${pad(thousands(ours), 10)} ${pad(thousands(bareOne), 10)} ${pad((ours / bareOne).toFixed(2), 7)} ${pad(thousands(nginxOne), 9)} ${pad(nginxOne ? (bareOne / nginxOne).toFixed(1) : '-', 13)}`,
  );
});
log('\n÷ bare: 1.00 means the server spends what a bare node:http handler spends on the same bytes.');
if (process.env['BENCH_KEEP'])
  log(`callgrind's dumps, one per target and contender (callgrind_annotate reads them): ${work}`);
else fs.rmSync(work, { recursive: true, force: true });
