/**
 * `npm test`: builds the web app when its sources changed, then runs the API tests (Vitest) and
 * the end-to-end tests (Playwright) at the same time. The e2e run is mostly waiting on a browser
 * and one server and leaves a core free, which the API tests use; side by side they take about as
 * long as the e2e run alone. Output lines carry their suite's name; the exit code is the worst of both.
 *
 * TEST_LABEL prefixes the lines too (CI runs a PGlite and a PostgreSQL lane at once); E2E_PORT
 * keeps two lanes' servers apart, and each lane writes its e2e results to its own folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import readline from 'node:readline';

const label = process.env['TEST_LABEL'] ? `${process.env['TEST_LABEL']} ` : '';
const port = process.env['E2E_PORT'] ?? '3210';

const build = spawnSync('node', ['scripts/build-if-stale.mjs', '--only=web'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

function run(name: string, command: string, args: string[]): Promise<{ name: string; code: number; seconds: number }> {
  const started = Date.now();
  const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${label}${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) =>
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds: Math.round((Date.now() - started) / 1000) }),
    );
  });
}

const results = await Promise.all([
  run('api', 'npx', ['vitest', 'run']),
  run('e2e', 'npx', ['playwright', 'test', `--output=test-results/e2e-${port}`]),
]);
for (const r of results) {
  process.stdout.write(`[${label}${r.name}] ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${r.seconds}s\n`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
