import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/shared/messages';
import { contactMessages, posts } from '../db/schema';
import { buildTestApp, call, clientHeaders, login } from '../../test/helper';
import { contactBody, pdfBytes, solveCaptcha, validContact } from '../../test/contact-fixtures';
import { file, multipart } from '../../test/multipart';
import { png, postJson } from '../../test/post-fixtures';
import { until } from '../../test/until';

/**
 * A body cut short is the client's problem, never the database's: a whole request whose multipart
 * body ends inside a part answers 400 and stores nothing; a client that closes the connection in
 * the middle of an upload leaves health at "ok" and logs no database failure.
 */
const lines: Record<string, unknown>[] = [];
let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await buildTestApp(
    { logLevel: 'info' },
    { logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
  );
  token = await login(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app?.close());

const rows = async () => ({
  posts: (await app.db.select({ n: count() }).from(posts))[0]!.n,
  messages: (await app.db.select({ n: count() }).from(contactMessages))[0]!.n,
});
const healthy = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  return res.statusCode === 200 && (res.json() as { writes: string }).writes === 'ok';
};
const databaseErrors = () => lines.filter((l) => l['msg'] === 'database unavailable' || Number(l['level']) >= 50);

describe('a multipart body that ends inside a part', () => {
  it('answers 400 with a clear message on /api/posts (in an image) and /api/mail (in the file), storing nothing', async () => {
    const before = await rows();
    const post = await multipart([
      ['post', postJson()],
      ['imageFiles', file(await png(200, 200)), 'a.png'],
    ]);
    const mail = await contactBody({ ...validContact, altcha: await solveCaptcha(app) }, { data: pdfBytes(64 * 1024) });
    for (const [url, body, auth] of [
      ['/api/posts', post, token],
      ['/api/mail', mail, undefined],
    ] as const) {
      const res = await call(app, {
        method: 'POST',
        url,
        token: auth,
        headers: body.headers,
        payload: body.payload.subarray(0, body.payload.length - 300),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(MSG.multipartInvalid);
    }
    expect(await rows()).toEqual(before);
    expect(await healthy()).toBe(true);
    expect(databaseErrors()).toEqual([]);
  });
});

describe('a client that closes the connection during an upload', () => {
  it('is not a database outage: health stays ok, nothing is stored, no error is logged', async () => {
    const before = await rows();
    const body = await contactBody(
      { ...validContact, altcha: await solveCaptcha(app) },
      { data: pdfBytes(512 * 1024) },
    );
    const port = (app.server.address() as AddressInfo).port;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const head = [
      'POST /api/mail HTTP/1.1',
      'Host: 127.0.0.1',
      `Content-Type: ${body.headers['content-type']}`,
      `Content-Length: ${body.payload.length}`,
      ...Object.entries(clientHeaders()).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\r\n');
    socket.write(head);
    socket.write(body.payload.subarray(0, 200 * 1024));
    // The server has the request and part of the file: then the tab is closed.
    await until(
      async () =>
        lines.some((l) => l['msg'] === 'incoming request' && (l['req'] as { url: string }).url === '/api/mail'),
      10_000,
      'the request under way',
    );
    socket.destroy();
    await until(
      async () => lines.some((l) => l['msg'] === 'client closed the request' || l['msg'] === 'request completed'),
      10_000,
      'the request ended',
    );
    expect(await healthy()).toBe(true);
    expect(await rows()).toEqual(before);
    expect(databaseErrors()).toEqual([]);
  });
});
