import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../test/helper';
import { contactBody, pdfBytes, solveCaptcha, validContact } from '../../test/contact-fixtures';

const lines: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => app?.close());

describe('logs of a failed request', () => {
  it('name the database error by code and table, with the request id, and carry nothing the visitor sent', async () => {
    // Every insert of a contact message fails, as on a full disk or a broken table.
    await app.db.execute(sql`alter table contact_messages rename to contact_messages_gone`);
    const secretText = 'My very private message about a job change';
    const pdf = Buffer.concat([pdfBytes(2000), Buffer.from('UNIQUE-ATTACHMENT-MARKER')]);
    const body = await contactBody(
      { ...validContact, message: secretText, altcha: await solveCaptcha(app) },
      { data: pdf },
    );
    const res = await call(app, { method: 'POST', url: '/api/mail', ...body });
    await app.db.execute(sql`alter table contact_messages_gone rename to contact_messages`);

    expect(res.statusCode).toBe(500);
    const reqId = res.headers['x-request-id'];
    const errorLines = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l['level'] === 50);
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toMatchObject({
      err: { type: 'DatabaseError', code: '42P01', class: '42' },
      reqId: expect.any(String),
    });
    expect(errorLines[0]!['reqId']).toBe(reqId);

    const all = lines.join('\n');
    for (const personal of [
      validContact.fullName,
      validContact.email,
      validContact.phoneNumber,
      secretText,
      'UNIQUE-ATTACHMENT-MARKER',
      '%PDF',
      'insert into',
    ]) {
      expect(all.toLowerCase()).not.toContain(personal.toLowerCase());
    }
  });
});
