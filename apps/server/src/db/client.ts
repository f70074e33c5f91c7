import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import path from 'node:path';
import { serverRoot } from '../lib/server-root';
import * as schema from './schema';
import { createPglite, openPgliteFolder } from './open-pglite';
import { shareTheEventLoop } from './pglite-fair-share';

/**
 * Both drivers expose the same query builder; the PGlite one is typed as the node-postgres one
 * so that repositories have one type to work with (the APIs they use are identical).
 */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (used for health checks and tests). */
  ping(): Promise<void>;
  /** Why the last write failed (full, read-only, …), until a write succeeds again; undefined when writes work. */
  writeFailure(): string | undefined;
  /** Called by the error handler and on successful changes (plugins/errors.ts, plugins/db.ts). */
  recordWrite(outcome: { ok: true } | { ok: false; reason: string }): void;
  /** PostgreSQL only: the connection pool's figures right now (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** PGlite only: the whole data folder as one tar file, consistent at the moment it is taken. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PGlite only: a tar written by `dumpDataDir` that an empty or in-memory database starts from. */
  loadDataDir?: Blob;
  /** PostgreSQL: a connection lost, idle or in use (a query under way fails on its own). */
  onConnectionError?: (err: Error) => void;
  /** PostgreSQL: how long to wait for a connection before the request is answered 503. */
  connectTimeoutMs?: number;
  /** PostgreSQL: the longest a statement may run (server side) or wait for its answer (client side). */
  statementTimeoutMs?: number;
}

/** Closing twice (an outage handler, then the app's shutdown) closes once. */
const once = (fn: () => Promise<void>) => {
  let closing: Promise<void> | undefined;
  return () => (closing ??= fn());
};

export const migrationsFolder = path.join(serverRoot, 'drizzle');

export async function openDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
  opts: OpenOptions = {},
): Promise<Database> {
  const { loadDataDir, onConnectionError = () => {}, connectTimeoutMs = 5000, statementTimeoutMs = 15_000 } = opts;
  let lastWriteFailure: string | undefined;
  const writes = {
    writeFailure: () => lastWriteFailure,
    recordWrite: (outcome: { ok: true } | { ok: false; reason: string }) => {
      lastWriteFailure = outcome.ok ? undefined : outcome.reason;
    },
  };
  if (databaseUrl && !databaseUrl.startsWith('memory://')) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      // Without these a hanging server hangs every request, health included.
      connectionTimeoutMillis: connectTimeoutMs,
      statement_timeout: statementTimeoutMs,
      query_timeout: statementTimeoutMs + 1000,
      idle_in_transaction_session_timeout: statementTimeoutMs * 2,
      keepAlive: true,
    });
    // A server restart or failover drops connections; the pool replaces them, the process lives on.
    // The pool listens on idle clients only: a client checked out (a transaction, a query under
    // way) that loses its connection emits 'error' too, and an 'error' nobody listens to ends the
    // process (twice in seven PostgreSQL restarts under load). Every client gets a listener of its
    // own for its whole life; the query that was running fails on its own and is answered 503.
    pool.on('connect', (client) => client.on('error', onConnectionError));
    // An idle client's error reaches the pool as well: already told by the client's own listener.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ...writes,
      ping: async () => void (await pool.query('select 1')),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: once(() => pool.end()),
    };
  }
  let client: PGlite;
  let release = () => {};
  if (databaseUrl?.startsWith('memory://')) {
    client = await createPglite(loadDataDir ? { loadDataDir } : {});
  } else {
    ({ client, release } = await openPgliteFolder(path.join(dataDir, 'pglite'), loadDataDir));
  }
  shareTheEventLoop(client);
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
  } catch (err) {
    await client.close().catch(() => {});
    release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ...writes,
    ping: async () => void (await client.query('select 1')),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: once(async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    }),
  };
}
