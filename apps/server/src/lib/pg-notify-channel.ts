import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ResponseCache } from '../plugins/response-cache';

/** The PostgreSQL channel every instance listens on for cache invalidations. */
export const CHANGE_CHANNEL = 'site_cache_invalidation';

export interface ChangeBus {
  /** Tells the other instances; undefined tags: everything. */
  publish(tags: readonly string[] | undefined): Promise<void>;
  close(): Promise<void>;
}

interface Message {
  from: string;
  tags: string[] | null;
}

/** The listening connection's application_name. */
export const LISTENER_NAME = 'site-cache-listener';

/** How long to wait before listening again after the connection was lost. */
const RETRY_MS = 1000;

/**
 * Invalidations reach every instance through PostgreSQL LISTEN/NOTIFY on a connection of its own
 * (a pooled connection cannot stay listening). On PGlite there is one instance per data folder, so
 * there is no one to tell: nothing to start. While the listening connection is down another
 * instance's change could be missed, so the cache is switched off until it is back, and emptied
 * then. docs/decisions/0065-content-cache.md
 */
export async function startChangeBus(app: FastifyInstance, cache: ResponseCache): Promise<ChangeBus | undefined> {
  const url = app.config.databaseUrl;
  if (app.database.kind !== 'postgres' || !url) return undefined;
  const self = crypto.randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (err?: Error) => {
    if (closed || !client) return;
    if (err) app.log.warn({ err }, 'cache invalidation listener lost; cache off until it is back');
    const old = client;
    client = undefined;
    cache.enabled = false;
    cache.invalidateLocal();
    old.end().catch(() => {});
    retry = setTimeout(() => void listen().catch(() => lost()), RETRY_MS);
    retry.unref();
  };

  async function listen() {
    if (closed) return;
    const c = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: app.config.dbConnectTimeoutMs,
      // Named, so that operators (and the tests) can find it in pg_stat_activity.
      application_name: LISTENER_NAME,
    });
    c.on('notification', (msg) => {
      if (msg.channel !== CHANGE_CHANNEL || !msg.payload) return;
      try {
        const m = JSON.parse(msg.payload) as Message;
        if (m.from !== self) cache.invalidateLocal(m.tags ?? undefined);
      } catch {
        cache.invalidateLocal();
      }
    });
    c.on('error', (err) => lost(err));
    c.on('end', () => lost());
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (err) {
      lost(err as Error);
      return;
    }
    // Whatever changed while no one listened is unknown: start empty.
    cache.invalidateLocal();
    cache.enabled = true;
  }

  cache.enabled = false;
  await listen();

  return {
    async publish(tags) {
      let payload = JSON.stringify({ from: self, tags: tags ? [...tags] : null } satisfies Message);
      // NOTIFY carries under 8000 bytes: a change too large to name empties everything instead.
      if (payload.length > 7000) payload = JSON.stringify({ from: self, tags: null } satisfies Message);
      try {
        await app.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
      } catch (err) {
        // The change is saved; the other instances learn of it when their listener comes back.
        app.log.warn({ err }, 'could not announce a cache invalidation');
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
