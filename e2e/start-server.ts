/**
 * Starts the built site for the end-to-end run. With E2E_POSTGRES_URL set (a PostgreSQL server),
 * a fresh database is created for this run and the site runs on it instead of embedded PGlite.
 */
import pg from 'pg';

const serverUrl = process.env['E2E_POSTGRES_URL'];
if (serverUrl) {
  const name = `e2e_${(process.env['E2E_RUN_ID'] ?? String(Date.now())).replace(/\W/g, '_')}`;
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
