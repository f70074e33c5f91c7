import fs from 'node:fs';
import pg from 'pg';
import { AUTH_DIR, DATA_DIR, RUN_ID } from './env';

/** Asks the site to shut down (it finishes the mail in flight and closes the database) and waits. */
async function stopSite() {
  const pidFile = `${DATA_DIR}.pid`;
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  fs.rmSync(pidFile, { force: true });
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!pid || !alive()) return;
  process.kill(pid, 'SIGTERM');
  // The site gives itself 10 s to close; then it is gone either way.
  const deadline = Date.now() + 15_000;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Removes what this run left: its database (PGlite folder or PostgreSQL database) and its signed-in
 * browser states. Playwright runs this before it stops the web server, so the site is stopped here
 * first. (The SMTP peer is stopped by the function the global setup returned.)
 */
export default async function globalTeardown() {
  if (!process.env['E2E_RUN_ID']) return;
  await stopSite();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.rmSync(AUTH_DIR, { recursive: true, force: true });
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists e2e_${RUN_ID.replace(/\W/g, '_')} with (force)`);
    await admin.end();
  }
}
