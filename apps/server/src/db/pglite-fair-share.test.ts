import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';

// The embedded database runs on the event loop's thread (pglite-fair-share.ts): a queue of
// statements must not keep a client's request for a cached answer waiting until it is empty.
describe.skipIf(!!process.env['TEST_DATABASE_URL'])('the embedded database under a queue of statements', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app?.close());

  it('answers a cached read over a socket before the queue has run out', async () => {
    const cached = await fetch(`${base}/api/vacancy`);
    await cached.arrayBuffer();
    expect((await fetch(`${base}/api/vacancy`)).headers.get('x-cache')).toBe('hit');

    const queued = 400;
    let done = 0;
    const statements = Array.from({ length: queued }, () =>
      app.db.execute(sql`select count(*) from audit_log`).then(() => void done++),
    );
    const read = await fetch(`${base}/api/vacancy`);
    await read.arrayBuffer();
    const doneWhenAnswered = done;
    await Promise.all(statements);

    expect(read.status).toBe(200);
    expect(read.headers.get('x-cache')).toBe('hit');
    // Without a turn for the event loop between statements, the answer waited for all 400.
    expect(doneWhenAnswered).toBeLessThan(queued / 2);
  });
});
