/**
 * The measurement scripts (`npm run bench`, `npm run lighthouse`) install the Debian tools they
 * need when the machine lacks them, as `.ci/run` does for the browser tests, so that a fresh clone
 * measures without setup steps. Nothing is installed unless apt-get is there and we are root.
 */
import { spawnSync } from 'node:child_process';

/** Whether a command is on the PATH. */
export const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/** Installs a Debian package when apt-get can (root); false when it cannot. */
export function aptInstall(pkg: string): boolean {
  if (!has('apt-get') || process.getuid?.() !== 0) return false;
  process.stdout.write(`installing ${pkg} with apt-get …\n`);
  // RUNLEVEL=1: a package's scripts must not start a system-wide service (nginx).
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { env, stdio: 'ignore' }).status === 0;
  if (install()) return true;
  // The package lists may be missing or stale on a fresh machine.
  spawnSync('apt-get', ['update'], { env, stdio: 'ignore' });
  return install();
}
