/**
 * Copies the web build aside so an e2e run is not disturbed by a rebuild of apps/web/dist:
 *
 *   node --import tsx e2e/snapshot-web-dist.ts /tmp/e2e-dist && WEB_DIST=/tmp/e2e-dist npx playwright test
 *
 * The server bundle imports its packages by name (react, @mui/material, ...), which Node looks up
 * in node_modules folders above the file. A copy outside the repository has none, so the copy gets
 * a node_modules folder of links to the packages apps/web sees (its own first, then the root's).
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const target = path.resolve(process.argv[2] ?? '/tmp/e2e-web-dist');
const source = path.join(root, 'apps/web/dist');

for (const needed of ['client/index.html', 'server/entry-server.js'])
  if (!fs.existsSync(path.join(source, needed)))
    throw new Error(`No complete web build in ${source} (${needed} missing): run npm run build -w @app/web`);

fs.rmSync(target, { recursive: true, force: true });
fs.cpSync(source, target, { recursive: true });

// A build running meanwhile may have replaced files under us: every asset the page names must be there.
const html = fs.readFileSync(path.join(target, 'client/index.html'), 'utf8');
for (const [, asset] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g))
  if (!fs.existsSync(path.join(target, 'client', asset!)))
    throw new Error(`Incomplete copy: ${asset} is missing; build again and retry`);

const modules = path.join(target, 'node_modules');
fs.mkdirSync(modules);
const link = (from: string, to: string) => {
  fs.rmSync(to, { recursive: true, force: true });
  fs.symlinkSync(from, to);
};
for (const dir of [path.join(root, 'node_modules'), path.join(root, 'apps/web/node_modules')]) {
  if (!fs.existsSync(dir)) continue;
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const from = path.join(dir, name);
    const to = path.join(modules, name);
    if (name.startsWith('@')) {
      // A scope: a real folder, so both places can contribute packages to it.
      if (fs.existsSync(to) && fs.lstatSync(to).isSymbolicLink()) {
        const earlier = fs.realpathSync(to);
        fs.unlinkSync(to);
        fs.mkdirSync(to);
        for (const pkg of fs.readdirSync(earlier)) link(path.join(earlier, pkg), path.join(to, pkg));
      }
      if (!fs.existsSync(to)) {
        link(from, to);
        continue;
      }
      for (const pkg of fs.readdirSync(from)) link(path.join(from, pkg), path.join(to, pkg));
    } else link(from, to);
  }
}
console.log(`web build copied to ${target}`);
