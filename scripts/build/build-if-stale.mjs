// @ts-check
/**
 * Builds what is missing or was made from other sources: the web app (client and server-render
 * bundles) and the compiled server. A hash of every input file is stored beside each build and
 * compared — a hash rather than file times, because a checkout or a clone rewrites times.
 *
 * Plain JavaScript on purpose: `npm start` runs it before the compiled server, and a production
 * tree pruned of its development dependencies (no tsx, no Vite, no esbuild) must still be able to
 * say "the build is current" and start. When a build is needed and the build tools are gone, it
 * says so and stops.
 *
 *   node scripts/build/build-if-stale.mjs            build what is stale
 *   node scripts/build/build-if-stale.mjs --always   build everything anyway (`npm run build`)
 *   node scripts/build/build-if-stale.mjs --check    only report; exit 1 when something needs a build
 *   --only=web | --only=server                 one of the two
 */
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** @typedef {{ name: string, dist: string, output: string, inputs: string[], command: string, tool: string }} Target */
/** @type {Target[]} */
const TARGETS = [
  {
    name: 'web',
    dist: 'apps/web/dist',
    output: 'apps/web/dist/server/entry-server.js',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      'packages/shared/src',
      'package-lock.json',
      'scripts/build/precompress.ts',
      'scripts/build/bundle-size.ts',
    ],
    command: 'npm run build -w @app/web',
    tool: 'vite',
  },
  {
    name: 'server',
    dist: 'apps/server/dist',
    output: 'apps/server/dist/server.js',
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'packages/shared/src',
      'package-lock.json',
      'scripts/build/build-server.mjs',
    ],
    command: 'node scripts/build/build-server.mjs',
    tool: 'esbuild',
  },
];

/** @param {string} entry @returns {Generator<string>} */
function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const child of fs.readdirSync(full).sort()) yield* files(path.join(entry, child));
}

/** @param {Target} target */
export function sourceHash(target) {
  const hash = crypto.createHash('sha256');
  for (const input of target.inputs) {
    for (const file of files(input)) {
      if (file.endsWith('.test.ts')) continue;
      hash
        .update(file.split(path.sep).join('/'))
        .update('\0')
        .update(fs.readFileSync(path.join(root, file)))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

/** @param {string} name */
function toolInstalled(name) {
  try {
    createRequire(path.join(root, 'apps/web/package.json')).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
let stale = false;
for (const target of TARGETS.filter((t) => !only || t.name === only)) {
  const stamp = path.join(root, target.dist, '.source-hash');
  const current = sourceHash(target);
  const built = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : undefined;
  const fresh = built === current && fs.existsSync(path.join(root, target.output));
  if (args.includes('--check')) {
    console.log(`${target.name} build is ${fresh ? 'up to date' : 'missing or stale'}`);
    stale ||= !fresh;
    continue;
  }
  if (fresh && !args.includes('--always')) {
    console.log(`${target.name} build is up to date with its sources: not rebuilding`);
    continue;
  }
  if (!toolInstalled(target.tool)) {
    console.error(
      `The ${target.name} build is ${built ? 'older than its sources' : 'missing'} and the build tools are not installed ` +
        `(${target.tool} is a development dependency): run \`npm ci && npm run build\`, then prune if you wish.`,
    );
    process.exit(1);
  }
  console.log(
    fresh
      ? `building the ${target.name}`
      : built
        ? `${target.name} sources changed since the last build: building`
        : `no ${target.name} build yet: building`,
  );
  fs.rmSync(stamp, { force: true }); // a build that fails half-way must not pass for a fresh one
  execSync(target.command, { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stamp, `${current}\n`);
}
if (stale) process.exit(1);
