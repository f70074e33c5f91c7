import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import * as schema from './schema';

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
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export async function openDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
  onIdleError: (err: Error) => void = () => {},
): Promise<Database> {
  if (databaseUrl && !databaseUrl.startsWith('memory://')) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // A server restart or failover drops idle connections; the pool replaces them, the process lives on.
    pool.on('error', onIdleError);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (databaseUrl?.startsWith('memory://')) {
    client = await PGlite.create();
  } else {
    const dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
