/**
 * Builds the web app only when its build is missing or was made from other sources: a hash of
 * every input file (web and shared sources, build configuration, lock file) is stored beside the
 * build and compared. A hash rather than file times, because a checkout or a clone rewrites times.
 * `npm test` runs this; `--check` only reports (exit 1 when a build is needed); `--always` builds
 * anyway (`npm run build`) and still records the hash.
 */
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const stamp = path.join(dist, '.source-hash');
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'package-lock.json',
  'scripts/precompress.ts',
  'scripts/bundle-size.ts',
];

function* files(entry: string): Generator<string> {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const child of fs.readdirSync(full).sort()) yield* files(path.join(entry, child));
}

export function sourceHash(): string {
  const hash = crypto.createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(input)) {
      if (file.endsWith('.test.ts')) continue;
      hash.update(file).update('\0').update(fs.readFileSync(path.join(root, file))).update('\0');
    }
  }
  return hash.digest('hex');
}

const current = sourceHash();
const built = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : undefined;
const fresh = built === current && fs.existsSync(path.join(dist, 'server/entry-server.js'));

if (process.argv.includes('--check')) {
  console.log(fresh ? 'web build is up to date' : 'web build is missing or stale');
  process.exit(fresh ? 0 : 1);
}
if (fresh && !process.argv.includes('--always')) {
  console.log('web build is up to date with its sources: not rebuilding');
} else {
  console.log(fresh ? 'building the web app' : built ? 'web sources changed since the last build: building' : 'no web build yet: building');
  fs.rmSync(stamp, { force: true }); // a build that fails half-way must not pass for a fresh one
  execSync('npm run build -w @app/web', { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stamp, `${current}\n`);
}
