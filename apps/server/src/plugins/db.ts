import fp from 'fastify-plugin';
import { isApiRoute } from './csrf';
import fs from 'node:fs';
import { openDatabase, type Database, type Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export const dbPlugin = fp<{
  databaseUrl: string | undefined;
  dataDir: string;
  /** BuildOptions.pgliteSnapshot. */
  pgliteSnapshot: string | undefined;
}>(async (app, opts) => {
  const snapshot = opts.pgliteSnapshot;
  const database = await openDatabase(opts.databaseUrl, opts.dataDir, {
    ...(snapshot ? { loadDataDir: new Blob([fs.readFileSync(snapshot)]) } : {}),
    onConnectionError: (err) => app.log.warn({ err }, 'database connection lost'),
    connectTimeoutMs: app.config.dbConnectTimeoutMs,
    statementTimeoutMs: app.config.dbStatementTimeoutMs,
  });
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.addHook('onClose', async () => database.close());
  // A change that went through proves writes work again (health stops reporting a write failure).
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400 && isApiRoute(req)) {
      database.recordWrite({ ok: true });
    }
  });
});
