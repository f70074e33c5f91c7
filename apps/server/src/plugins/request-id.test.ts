import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, login } from '../../test/helper';

const lines: Record<string, unknown>[] = [];
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp(
    { seedDemo: false, logLevel: 'info' },
    { logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
  );
});
afterAll(() => app?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const linesOf = (reqId: string) => lines.filter((l) => l['reqId'] === reqId);

describe('request ids', () => {
  it('an error answer carries the id its log lines carry, and a client cannot choose it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/vacancy/424242',
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    expect(res.statusCode).toBe(404);
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(UUID);
    expect(linesOf(id).map((l) => l['msg'])).toContain('request completed');
    expect(lines.some((l) => l['reqId'] === 'chosen-by-client')).toBe(false);
  });

  it('back-office log lines name the staff member by id; public ones name nobody', async () => {
    const token = await login(app);
    const me = (await call(app, { method: 'GET', url: '/api/authorized', token })).json() as { userId: number };
    const staff = await call(app, { method: 'GET', url: '/api/users/getById/999999', token });
    expect(staff.statusCode).toBe(404);
    const staffLines = linesOf(String(staff.headers['x-request-id']));
    expect(staffLines.find((l) => l['msg'] === 'request completed')).toMatchObject({ userId: me.userId });

    const visitor = await app.inject({ method: 'GET', url: '/api/vacancy' });
    const visitorLines = linesOf(String(visitor.headers['x-request-id']));
    expect(visitorLines.length).toBeGreaterThan(0);
    expect(visitorLines.every((l) => !('userId' in l))).toBe(true);
  });
});

describe('personal data in the request log', () => {
  it('the data-subject routes log their e-mail query as redacted, in every line', async () => {
    const token = await login(app);
    const from = lines.length;
    const address = 'jane.doe%2Bcv%40example.com';
    for (const [method, url] of [
      ['GET', `/api/messages?email=${address}`],
      ['GET', `/api/messages/export?email=${address}&x=1`],
      ['DELETE', `/api/messages?email=${address}`],
    ] as const) {
      const res = await call(app, { method, url, token });
      expect(res.statusCode, url).toBe(200);
    }
    const written = lines.slice(from);
    const urls = written.map((l) => (l['req'] as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toEqual([
      '/api/messages?email=[redacted]',
      '/api/messages/export?email=[redacted]&x=1',
      '/api/messages?email=[redacted]',
    ]);
    expect(JSON.stringify(written)).not.toMatch(/jane|example\.com/i);
  });
});
