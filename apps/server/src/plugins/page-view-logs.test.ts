/**
 * One page view is one story in the log: the API calls a server render makes in-process log with
 * the page request's id as `parentReqId` (lib/render-calls.ts), and a request from outside cannot
 * claim to be one.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { RENDER_CALL_HEADER } from '../lib/render-calls';

const webDist = path.resolve(import.meta.dirname, '../../../web/dist');
if (!fs.existsSync(path.join(webDist, 'server/entry-server.js'))) {
  throw new Error(`No web build in ${webDist}: run \`npm run build\` (or \`npm test\`, which builds when needed).`);
}

interface Line {
  reqId?: string;
  parentReqId?: string;
  msg?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}
const lines: Line[] = [];
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp(
    { webDist, logLevel: 'info' },
    { logStream: { write: (line) => void lines.push(JSON.parse(line) as Line) } },
  );
});
afterAll(() => app?.close());

describe('the log of a page view', () => {
  it("ties the render's API calls to the page request by its id", async () => {
    const page = await app.inject({ method: 'GET', url: '/post' });
    expect(page.statusCode).toBe(200);
    const id = page.headers['x-request-id'] as string;

    const own = lines.filter((l) => l.reqId === id);
    expect(own.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(own[0]!.req).toMatchObject({ method: 'GET', url: '/post' });

    const calls = lines.filter((l) => l.parentReqId === id);
    const started = calls.filter((l) => l.msg === 'incoming request');
    // The posts page reads at least its posts and the site settings through the API.
    expect(started.length).toBeGreaterThanOrEqual(2);
    for (const l of started) expect(l.req!.url).toMatch(/^\/api\//);
    expect(started.map((l) => l.req!.url)).toContain('/api/settings');
    // Each call its own id (one request, one id), each completed under it.
    const callIds = new Set(started.map((l) => l.reqId));
    expect(callIds.size).toBe(started.length);
    expect(callIds.has(id)).toBe(false);
    for (const callId of callIds)
      expect(calls.filter((l) => l.reqId === callId).map((l) => l.msg)).toEqual([
        'incoming request',
        'request completed',
      ]);

    // No API request of this view went unlinked.
    const orphans = lines.filter((l) => l.req?.url.startsWith('/api/') && !l.parentReqId);
    expect(orphans).toEqual([]);
  });

  it('gives no parent to a request from outside that sends the header', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { [RENDER_CALL_HEADER]: 'guessed-key some-page-request' },
    });
    const id = res.headers['x-request-id'] as string;
    const own = lines.filter((l) => l.reqId === id);
    expect(own.length).toBeGreaterThan(0);
    for (const l of own) expect(l.parentReqId).toBeUndefined();
  });
});
