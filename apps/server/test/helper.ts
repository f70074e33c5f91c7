import crypto from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { BuildOptions } from '../src/app';
import { startApp } from '../src/start-app';
import type { AppConfig } from '../src/config';
import { testConfig } from './config';
import { databaseOn, withServer } from './global-setup';

export const ADMIN = { username: 'admin@example.com', password: 'admin-password' };
const XSRF = 'test-xsrf-token';

/**
 * A fresh app on a fresh copy of the run's migrated and seeded database (global-setup.ts): PGlite
 * in memory loaded from the snapshot, or a new database made from the template on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped again when the app closes). `seedDemo: false` starts
 * from the snapshot without demo content.
 */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const snapshots = inject('snapshots');
  const snapshot = overrides.seedDemo === false ? snapshots.base : snapshots.demo;
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (snapshots.kind === 'pglite' || !serverUrl)
    return startApp(testConfig(overrides), { pgliteSnapshot: snapshot, ...options });
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  await withServer(serverUrl, (c) => c.query(`create database ${name} template ${snapshot}`));
  const app = await startApp(testConfig({ databaseUrl: databaseOn(serverUrl, name), ...overrides }), options);
  app.addHook('onClose', () => withServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)));
  return app;
}

/**
 * One app for the whole test file, signed in as the admin: built in a beforeAll registered here
 * (so a file's own beforeAll hooks, registered later, run after it) and closed after the file.
 * Read `app` and `adminToken` inside hooks and tests, not at the top level of the file.
 */
export function useTestApp(overrides: Partial<AppConfig> = {}) {
  let app: FastifyInstance | undefined;
  let adminToken: string | undefined;
  beforeAll(async () => {
    app = await buildTestApp(overrides);
    adminToken = await login(app);
  });
  afterAll(() => app?.close());
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useTestApp: read app and adminToken inside hooks and tests');
    return value;
  };
  return {
    get app() {
      return ready(app);
    },
    get adminToken() {
      return ready(adminToken);
    },
  };
}

/** Headers a browser client sends: the CSRF pair, and the bearer token when there is one. */
export function clientHeaders(token?: string): Record<string, string> {
  return {
    cookie: `XSRF-TOKEN=${XSRF}`,
    'x-xsrf-token': XSRF,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

/** app.inject with the browser's CSRF pair and an optional bearer token. */
export function call(app: FastifyInstance, opts: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = opts;
  return app.inject({ ...rest, headers: { ...clientHeaders(token), ...headers } });
}

export async function login(
  app: FastifyInstance,
  username = ADMIN.username,
  password = ADMIN.password,
): Promise<string> {
  const res = await call(app, { method: 'POST', url: '/api/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().user.token;
}

/** Creates a user with the given role name and returns a token for it. */
export async function tokenFor(
  app: FastifyInstance,
  role: string,
  email = `${role.toLowerCase()}-${crypto.randomUUID()}@example.com`,
) {
  const admin = await login(app);
  const roles = (await call(app, { method: 'GET', url: '/api/roles', token: admin })).json() as {
    id: number;
    name: string;
  }[];
  const roleId = roles.find((r) => r.name === role)!.id;
  const created = await call(app, {
    method: 'POST',
    url: '/api/users/create',
    token: admin,
    payload: { email, password: 'secret-pw', roleIds: [roleId] },
  });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  return { token: await login(app, email, 'secret-pw'), userId: created.json().userId as number, email };
}
