import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

export interface NotifyChannel {
  /** Tells the other listeners (not this one); what they hear is `data` after a JSON round trip. */
  publish(data: unknown): Promise<void>;
  close(): Promise<void>;
}

export interface NotifyChannelOptions {
  url: string;
  channel: string;
  /** The listening connection's application_name, so that operators can find it in pg_stat_activity. */
  applicationName: string;
  connectTimeoutMs: number;
  /** Where NOTIFY is sent: a pooled connection, which works while the listening one is down. */
  db: Db;
  log: FastifyBaseLogger;
  /** Another listener's message; undefined when it could not be read. */
  onMessage(data: unknown): void;
  /** The listening connection is lost: messages may be missed until onUp. */
  onDown(): void;
  /** Listening (again): what was said while no one listened is unknown. */
  onUp(): void;
}

/** NOTIFY carries under 8000 bytes. */
export const MAX_PAYLOAD = 7000;

interface Message {
  from: string;
  data: unknown;
}

/** How long to wait before listening again after the connection was lost. */
const RETRY_MS = 1000;

/**
 * A PostgreSQL LISTEN/NOTIFY channel between the instances of the server, on a connection of its
 * own (a pooled connection cannot stay listening), listening again whenever that connection is
 * lost. It knows nothing of what its messages mean: the response cache is its user
 * (plugins/response-cache/index.ts). Resolves once the first attempt to listen has ended, either way.
 */
export async function openNotifyChannel(opts: NotifyChannelOptions): Promise<NotifyChannel> {
  const self = crypto.randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (err?: Error) => {
    if (closed || !client) return;
    if (err) opts.log.warn({ err, channel: opts.channel }, 'notification listener lost; listening again');
    const old = client;
    client = undefined;
    opts.onDown();
    old.end().catch(() => {});
    retry = setTimeout(() => void listen().catch(() => lost()), RETRY_MS);
    retry.unref();
  };

  async function listen() {
    if (closed) return;
    const c = new pg.Client({
      connectionString: opts.url,
      keepAlive: true,
      connectionTimeoutMillis: opts.connectTimeoutMs,
      application_name: opts.applicationName,
    });
    c.on('notification', (msg) => {
      if (msg.channel !== opts.channel || !msg.payload) return;
      let m: Message | undefined;
      try {
        m = JSON.parse(msg.payload) as Message;
      } catch {
        m = undefined;
      }
      if (m?.from !== self) opts.onMessage(m?.data);
    });
    c.on('error', (err) => lost(err));
    c.on('end', () => lost());
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${opts.channel}`);
    } catch (err) {
      lost(err as Error);
      return;
    }
    opts.onUp();
  }

  await listen();

  return {
    async publish(data) {
      const payload = JSON.stringify({ from: self, data } satisfies Message);
      if (payload.length > MAX_PAYLOAD) throw new RangeError(`a notification of ${payload.length} bytes`);
      try {
        await opts.db.execute(sql`select pg_notify(${opts.channel}, ${payload})`);
      } catch (err) {
        // What the message tells is saved; the other listeners learn of it when they listen again.
        opts.log.warn({ err, channel: opts.channel }, 'could not send a notification');
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
