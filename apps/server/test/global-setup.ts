import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startApp } from '../src/start-app';
import { testConfig } from './config';

/**
 * Migrates and seeds once per run and keeps two snapshots, with and without the demo content;
 * every test file starts from a copy of one (see helper.ts). On PGlite a snapshot is a dump of the
 * data folder; on a PostgreSQL server (TEST_DATABASE_URL) it is a template database.
 */
export interface TestSnapshots {
  kind: 'pglite' | 'postgres';
  /** PGlite: tar files; PostgreSQL: template database names. */
  demo: string;
  base: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    snapshots: TestSnapshots;
  }
}

export default async function setup(project: TestProject) {
  // The command tests run the compiled commands, as `npm run admin|backup|restore` do (cli.ts).
  execFileSync(process.execPath, ['scripts/build/build-if-stale.mjs', '--only=server'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    stdio: 'inherit',
  });
  const serverUrl = process.env['TEST_DATABASE_URL'];
  const runId = `${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
    const [demo, base] = await Promise.all([dumpPglite(dir, true), dumpPglite(dir, false)]);
    project.provide('snapshots', { kind: 'pglite', demo, base });
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const demo = `tpl_${runId}_demo`;
  const base = `tpl_${runId}_base`;
  await Promise.all([preparePostgres(serverUrl, demo, true), preparePostgres(serverUrl, base, false)]);
  project.provide('snapshots', { kind: 'postgres', demo, base });
  return async () => {
    await withServer(serverUrl, async (c) => {
      for (const name of [demo, base]) await c.query(`drop database if exists ${name} with (force)`);
    });
  };
}

async function dumpPglite(dir: string, seedDemo: boolean): Promise<string> {
  const app = await startApp(testConfig({ seedDemo }));
  try {
    await app.ready();
    const tar = await app.database.dumpDataDir!();
    const file = path.join(dir, `${seedDemo ? 'demo' : 'base'}.tar`);
    fs.writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
    return file;
  } finally {
    await app.close();
  }
}

async function preparePostgres(serverUrl: string, name: string, seedDemo: boolean) {
  await withServer(serverUrl, (c) => c.query(`create database ${name}`));
  const app = await startApp(testConfig({ seedDemo, databaseUrl: databaseOn(serverUrl, name) }));
  await app.ready();
  // Closing the pool leaves the template without connections, which CREATE DATABASE … TEMPLATE needs.
  await app.close();
}

export function databaseOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withServer<T>(serverUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
