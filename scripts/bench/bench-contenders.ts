/**
 * What the two speed scripts compare, set up once: the pages and reads they measure on the server
 * (started by production-server.ts's startServer), saved copies of the server's very bytes, and the
 * two references that serve those copies (a bare node:http handler and nginx with `gzip_static`).
 *
 * - `npm run bench` (scripts/bench/bench.ts) times them under load: requests per second, latency, memory.
 * - `npm run bench:instructions` (scripts/bench/bench-instructions.ts) counts the instructions each spends
 *   per answer under callgrind, a figure that does not move with the machine's load.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * The server both speed scripts measure, for production-server.ts's startServer: a fresh data
 * folder in `work`, and the PostgreSQL server when a URL is given (else the embedded database).
 */
export const benchServerOptions = (work: string, databaseUrl: string | undefined) => ({
  dataDir: path.join(work, 'data'),
  env: { ADMIN_PASSWORD: 'bench-password', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
});

/** A measured address: its label in the tables and its path on the server. */
export type Target = readonly [label: string, url: string];

/** The pages and API reads the throughput targets name (docs/performance.md), on the demo content the server started with. */
export async function benchTargets(base: string): Promise<Target[]> {
  const posts = (await (await fetch(`${base}/api/posts`)).json()) as { id: number }[];
  const vacancies = (await (await fetch(`${base}/api/vacancy`)).json()) as { id: number }[];
  // The canonical address of a post or vacancy (with its slug): /post/{id} and /vacancy/{id} alone
  // answer a redirect to it, and the figures are those of the page.
  const canonical = async (url: string) => new URL((await fetch(`${base}${url}`, { redirect: 'follow' })).url).pathname;
  const postPath = await canonical(`/post/${posts[0]?.id ?? 1}`);
  const vacancyPath = await canonical(`/vacancy/${vacancies[0]?.id ?? 1}`);
  // A Dutch and a French page (decision 0152): the same targets hold in every language.
  const frenchPostPath = await canonical(`/fr/post/${posts[0]?.id ?? 1}`);
  const asset = /"(\/assets\/index-[\w-]+\.js)"/.exec(await (await fetch(`${base}/`)).text())?.[1] ?? '/favicon.svg';
  return [
    ['page /', '/'],
    ['page /post', '/post'],
    ['page /post/{id}', postPath],
    ['page /vacancy/{id}', vacancyPath],
    ['page /nl', '/nl'],
    ['page /fr/post/{id}', frenchPostPath],
    ['GET /api/posts', '/api/posts'],
    ['GET /api/vacancy', '/api/vacancy'],
    ['static asset', asset],
  ];
}

/** One target's answer as it leaves the server for `Accept-Encoding: gzip`: headers and body, undecoded. */
const rawGet = (url: string) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

export interface SavedCopies {
  /** nginx's root: one flat file per target and its `.gz` beside it. */
  docroot: string;
  /** Where a target's copy lives under the docroot (a page's path may be another's folder). */
  savedPath: (url: string) => string;
  /** The bare handler's manifest: per saved path, the server's own headers and the body file. */
  bareManifest: string;
}

/** Saves each target's bytes and headers as the server sends them, for nginx and the bare handler. */
export async function saveCopies(base: string, targets: readonly Target[], work: string): Promise<SavedCopies> {
  const docroot = path.join(work, 'www');
  const savedPath = (url: string) => `/copy-${targets.findIndex(([, u]) => u === url)}`;
  const manifest: Record<string, { headers: Record<string, string>; file: string }> = {};
  for (const [, url] of targets) {
    const res = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity' } });
    const bytes = Buffer.from(await res.arrayBuffer());
    const file = path.join(docroot, savedPath(url));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    // The server's own gzip bytes when it compresses this answer, so that every contender sends the same bytes.
    const gz = await rawGet(`${base}${url}`);
    const gzipped = gz.headers['content-encoding'] === 'gzip';
    fs.writeFileSync(`${file}.gz`, gzipped ? gz.body : zlib.gzipSync(bytes, { level: 9 }));
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(gz.headers)) {
      if (['date', 'connection', 'keep-alive', 'x-request-id', 'transfer-encoding'].includes(name)) continue;
      if (typeof value === 'string') headers[name] = value;
    }
    manifest[savedPath(url)] = { headers, file: gzipped ? `${file}.gz` : file };
  }
  const bareManifest = path.join(work, 'bare.json');
  fs.writeFileSync(bareManifest, JSON.stringify(manifest));
  return { docroot, savedPath, bareManifest };
}

/**
 * Writes the bare node:http server and returns its arguments after `node`: a server answering the
 * stored buffers with the server's headers, the ceiling of a route in Node on this machine (no
 * routing, no hooks, no reply objects), in a process of its own.
 */
export function bareServerArgs(work: string, copies: SavedCopies, port: number): string[] {
  const script = path.join(work, 'bare.mjs');
  fs.writeFileSync(
    script,
    `import fs from 'node:fs';
import http from 'node:http';
const manifest = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const answers = new Map(Object.entries(manifest).map(([url, { headers, file }]) => {
  const body = fs.readFileSync(file);
  return [url, { headers: { ...headers, 'content-length': String(body.length) }, body }];
}));
http.createServer((req, res) => {
  const a = answers.get(req.url);
  if (!a) return void res.writeHead(404).end();
  res.writeHead(200, a.headers).end(a.body);
}).listen(Number(process.argv[3]), '127.0.0.1');
`,
  );
  return [script, copies.bareManifest, String(port)];
}

/**
 * Writes an nginx configuration serving the saved copies pre-compressed (`gzip_static`: nginx does
 * no compression work) and returns its path. `single`: one process, no master (what callgrind
 * follows); else one worker per core, as a production nginx runs.
 */
export function nginxConfig(work: string, docroot: string, port: number, single = false): string {
  const conf = path.join(work, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `${single ? 'worker_processes 1;\nmaster_process off;' : 'worker_processes auto;'}
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  default_type text/html;
  types { application/javascript js; image/svg+xml svg; }
  gzip off;
  gzip_static on;
  client_body_temp_path ${work}/nginx-body;
  proxy_temp_path ${work}/nginx-proxy;
  fastcgi_temp_path ${work}/nginx-fastcgi;
  uwsgi_temp_path ${work}/nginx-uwsgi;
  scgi_temp_path ${work}/nginx-scgi;
  server {
    listen 127.0.0.1:${port};
    root ${docroot};
  }
}
`,
  );
  return conf;
}
