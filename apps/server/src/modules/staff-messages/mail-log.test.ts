import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, call, login } from '../../../test/helper';

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  app = await buildTestApp();
  token = await login(app);
});
afterAll(async () => {
  await app.close();
});

const req = (method: 'GET' | 'POST' | 'DELETE', url: string) => call(app, { method, url, token });

describe('mail log and messages', () => {
  it('answers 404 for unknown rows', async () => {
    expect((await req('DELETE', '/api/mail-logs/999999')).statusCode).toBe(404);
    expect((await req('POST', '/api/messages/999999/resend')).statusCode).toBe(404);
    expect((await req('GET', '/api/mail-logs')).json()).toEqual([]);
  });

  it('is for administrators only', async () => {
    for (const url of ['/api/mail-logs', '/api/messages', '/api/providers/all', '/api/mailboxes/all'])
      expect((await call(app, { method: 'GET', url })).statusCode).toBe(401);
  });
});
