/**
 * `npm test`: builds the web app and the compiled server when their sources changed, then runs the
 * API tests (Vitest) and the end-to-end tests (Playwright) at the same time. The e2e run is mostly
 * waiting on a browser and one server and leaves a core free, which the API tests use; side by side
 * they take about as long as the e2e run alone. Output lines carry their suite's name; the exit code
 * is the worst of both.
 *
 * The engine:
 * - nothing set: both suites on embedded PGlite (the README's test command);
 * - TEST_DATABASE_URL: both suites on that PostgreSQL server;
 * - TEST_BOTH_ENGINES=<PostgreSQL server URL> (CI): both engines in one run. The whole API suite
 *   runs on PGlite and again on PostgreSQL: that suite is where engine differences show (SQL, locks,
 *   migrations, the upgrade test). The browser tests run once, in two parts (E2E_PART in
 *   playwright.config.ts): the public site against a server on PGlite, the back office against one
 *   on PostgreSQL. Two lanes side by side, each pairing a browser run with an API run so that the
 *   two cores are shared by one of each: API on PGlite then back office on PostgreSQL; public site on
 *   PGlite then API on PostgreSQL. Running the whole e2e suite twice took longer than everything
 *   else in CI together (docs/decisions/0075-one-ci-test-run.md).
 *
 * TEST_LABEL prefixes the lines too; E2E_PORT keeps two runs' servers apart, and each e2e run
 * writes its results to its own folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import readline from 'node:readline';

const label = process.env['TEST_LABEL'] ? `${process.env['TEST_LABEL']} ` : '';
const port = Number(process.env['E2E_PORT'] ?? 3210);
const bothEngines = process.env['TEST_BOTH_ENGINES'];

const build = spawnSync('node', ['scripts/build/build-if-stale.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

interface Result {
  name: string;
  code: number;
  seconds: number;
}

function run(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<Result> {
  const started = Date.now();
  const child = spawn(command, args, {
    env: { ...process.env, FORCE_COLOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

/** Runs the steps one after the other; a failed step does not stop the next (every failure shows). */
async function lane(steps: (() => Promise<Result>)[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const step of steps) results.push(await step());
  return results;
}

const api =
  (name: string, env: Record<string, string | undefined> = {}) =>
  () =>
    run(name, 'npx', ['vitest', 'run'], env);
const e2e =
  (name: string, e2ePort: number, extra: string[], env: Record<string, string | undefined> = {}) =>
  () =>
    run(name, 'npx', ['playwright', 'test', `--output=test-results/e2e-${e2ePort}`, ...extra], {
      E2E_PORT: String(e2ePort),
      ...env,
    });

let results: Result[];
if (bothEngines) {
  // PGlite steps must not inherit a PostgreSQL URL from the caller's environment.
  const pglite = { TEST_DATABASE_URL: undefined };
  const postgres = { TEST_DATABASE_URL: bothEngines };
  // One browser per part: the two lanes already keep both cores busy. Two browsers per part gained
  // little (test phase 263–286 s against 287 s) and made rare timing races between tests likelier.
  const workers = { E2E_WORKERS: process.env['E2E_WORKERS'] ?? '1' };
  const lanes = await Promise.all([
    lane([api('api pglite', pglite), e2e('e2e postgres', port + 100, [], { ...postgres, ...workers, E2E_PART: '2' })]),
    lane([e2e('e2e pglite', port, [], { ...pglite, ...workers, E2E_PART: '1' }), api('api postgres', postgres)]),
  ]);
  results = lanes.flat();
} else {
  results = await Promise.all([api('api')(), e2e('e2e', port, [])()]);
}
for (const r of results) {
  process.stdout.write(`[${label}${r.name}] ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${r.seconds}s\n`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
