/**
 * The load runner the throughput scripts share (`npm run bench`, `npm run bench:scale`): wrk when
 * installed (installed with apt-get when missing and possible), else autocannon in a separate
 * process, so that the process generating load is never the one that measures or the server.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './bench-contenders';
import { aptInstall, has } from './debian-packages';

export interface Run {
  /** Answers completed in the run. */
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** What the errors were (wrk: non-2xx/3xx answers and socket errors by kind). */
  detail?: string;
}

let tool: 'wrk' | 'autocannon' | undefined;
/** The load generator in use; the first call installs wrk when it can. */
export function loadTool(): 'wrk' | 'autocannon' {
  tool ??= has('wrk') || aptInstall('wrk') ? 'wrk' : 'autocannon';
  return tool;
}

/** The resident memory of a process, in MiB (Linux). */
export const rssMiB = (pid: number): number => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

export const median = (xs: readonly number[]) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Parses wrk's "1.23ms" / "850.00us" / "1.2s" into milliseconds. */
const ms = (v: string) => {
  const m = /([\d.]+)(us|ms|s|m)/.exec(v);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000;
};

export interface LoadOptions {
  /** Request headers besides `Accept-Encoding: gzip` (a staff token). */
  headers?: Record<string, string>;
  /** How long one answer may take before it counts as an error (wrk's default is 2 s). */
  timeoutSeconds?: number;
  /** wrk only: a Lua script that writes each request (distinct addresses); autocannon refuses it. */
  wrkScript?: string;
}

/** `connections` clients requesting `url` for `seconds` with `Accept-Encoding: gzip`. */
export function load(url: string, seconds: number, connections: number, options: LoadOptions = {}): Promise<Run> {
  const useWrk = loadTool() === 'wrk';
  if (options.wrkScript && !useWrk) return Promise.reject(new Error('a request script needs wrk'));
  const headers = { 'Accept-Encoding': 'gzip', ...options.headers };
  return new Promise((resolve, reject) => {
    const args = useWrk
      ? [
          // wrk needs at least one connection per thread.
          `-t${Math.min(2, connections)}`,
          `-c${connections}`,
          `-d${seconds}s`,
          ...(options.timeoutSeconds ? [`--timeout`, `${options.timeoutSeconds}s`] : []),
          ...(options.wrkScript ? ['-s', options.wrkScript] : []),
          '--latency',
          ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
          url,
        ]
      : [
          path.join(root, 'node_modules/autocannon/autocannon.js'),
          '-j',
          '-c',
          String(connections),
          '-d',
          String(seconds),
          ...(options.timeoutSeconds ? ['-t', String(options.timeoutSeconds)] : []),
          ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k.toLowerCase()}=${v}`]),
          url,
        ];
    const child = spawn(useWrk ? 'wrk' : process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', () => {
      if (useWrk) {
        const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
        resolve({
          requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
          rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
          p50: ms(/\s50%\s+(\S+)/.exec(out)?.[1] ?? ''),
          p99: ms(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ''),
          errors:
            Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
            (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
          detail: `non-2xx/3xx ${/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0}${socket ? `; ${socket[0]}` : ''}`,
        });
      } else {
        const r = JSON.parse(out) as {
          requests: { average: number; total: number };
          latency: { p50: number; p99: number };
          non2xx: number;
          errors: number;
        };
        resolve({
          requests: r.requests.total,
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.non2xx + r.errors,
        });
      }
    });
  });
}
