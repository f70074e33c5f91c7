import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Removes this run's database (PGlite folder or PostgreSQL database) once the web server has stopped. */
export default async function globalTeardown() {
  const id = process.env['E2E_RUN_ID'];
  if (!id) return;
  fs.rmSync(path.join(os.tmpdir(), `site-e2e-${id}`), { recursive: true, force: true });
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists e2e_${id.replace(/\W/g, '_')} with (force)`);
    await admin.end();
  }
}
