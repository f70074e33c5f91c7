/**
 * Starts the built site for the end-to-end run. With E2E_POSTGRES_URL set (a PostgreSQL server),
 * a fresh database is created for this run and the site runs on it instead of embedded PGlite.
 */
import fs from 'node:fs';
import pg from 'pg';
import { DATA_DIR, RUN_ID } from './env';

const serverUrl = process.env['E2E_POSTGRES_URL'];
if (serverUrl) {
  const name = `e2e_${RUN_ID.replace(/\W/g, '_')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env['DATABASE_URL'] = url.toString();
}

await import('../apps/server/src/server');

// Listening. The global teardown stops the site through this before it removes the database:
// Playwright itself stops the web server only after the teardown, when the database is gone.
fs.writeFileSync(`${DATA_DIR}.pid`, String(process.pid));
