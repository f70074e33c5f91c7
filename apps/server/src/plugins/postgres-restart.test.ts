import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../start-app';
import { testConfig } from '../../test/config';
import { outboxService } from '../modules/outbox';
import { until } from '../../test/until';

/**
 * A real PostgreSQL server stopped (`pg_ctlcluster … stop -m fast`, which ends every connection
 * with 57P01) and started again while contact messages are being stored and transactions hold
 * connections: the process lives on (an 'error' nobody listened to used to end it), requests during
 * the outage are answered 503 with Retry-After, and service returns without a restart.
 *
 * The server is a cluster of its own (Debian's pg_createcluster, on a port of its own, trust auth), so
 * stopping it disturbs no other test. It runs in the PostgreSQL lane of the suite.
 */
const serverUrl = process.env['TEST_DATABASE_URL'];
const HAS_CLUSTER_TOOLS = fs.existsSync('/usr/bin/pg_createcluster');
if (serverUrl && process.env['CI'] && !HAS_CLUSTER_TOOLS)
  throw new Error('CI: the PostgreSQL restart test needs pg_createcluster (Debian postgresql-common)');

const version = () => fs.readdirSync('/usr/lib/postgresql').sort().at(-1)!;
describe.skipIf(!serverUrl || !HAS_CLUSTER_TOOLS)('a PostgreSQL server restarted under write load', () => {
  const cluster = `restart_${crypto.randomBytes(3).toString('hex')}`;
  let app: FastifyInstance;
  const ctl = (...args: string[]) => execFileSync('pg_ctlcluster', [version(), cluster, ...args], { stdio: 'pipe' });

  beforeAll(async () => {
    // pg_createcluster takes the next port no other cluster has; its configuration says which.
    execFileSync('pg_createcluster', [version(), cluster, '--start', '--', '--auth=trust'], { stdio: 'pipe' });
    const conf = fs.readFileSync(`/etc/postgresql/${version()}/${cluster}/postgresql.conf`, 'utf8');
    const port = Number(/^port\s*=\s*(\d+)/m.exec(conf)![1]);
    app = await startApp(
      testConfig({
        databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
        seedDemo: false,
        dbConnectTimeoutMs: 1000,
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    execFileSync('pg_dropcluster', [version(), cluster, '--stop'], { stdio: 'pipe' });
  });

  const health = () => app.inject({ method: 'GET', url: '/api/health' });

  it('keeps the process, answers 503 with Retry-After meanwhile, and serves again after each restart', async () => {
    const outbox = outboxService(app.db);
    let stored = 0;
    let failed = 0;
    let running = true;
    const message = (n: number) => ({
      fullName: `Visitor ${n}`,
      email: `visitor${n}@example.com`,
      phoneNumber: '',
      message: `Message ${n} during a restart.`,
    });
    // Contact messages stored back to back, and transactions that hold their connection (checked
    // out of the pool) across the moment the server goes away.
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let n = 0; running; n++) {
        try {
          if (n % 2) {
            await app.db.transaction(async (tx) => {
              await tx.execute(sql`select pg_sleep(0.05)`);
              await tx.execute(sql`select 1`);
            });
          } else {
            await outbox.enqueue(message(w * 100_000 + n));
          }
          stored++;
        } catch {
          failed++;
          // The outage: try again soon, as visitors would.
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    });
    try {
      for (let round = 0; round < 3; round++) {
        const before = stored;
        await until(async () => stored > before + 20, 30_000, 'writes going through');
        ctl('stop', '-m', 'fast');
        const during = await health();
        expect(during.statusCode).toBe(503);
        expect(during.headers['retry-after']).toBeDefined();
        ctl('start');
        await until(async () => (await health()).statusCode === 200, 60_000, 'health back after the restart');
        const after = stored;
        await until(async () => stored > after + 20, 30_000, 'writes going through again');
      }
    } finally {
      running = false;
      await Promise.all(writers);
    }
    // The restarts cost some writes (answered 503 to their visitors), never the process.
    expect(failed).toBeGreaterThan(0);
    const [{ n }] = (await app.db.execute(sql`select count(*)::int as n from contact_messages`)).rows as [
      { n: number },
    ];
    expect(n).toBeGreaterThan(0);
  });
});
