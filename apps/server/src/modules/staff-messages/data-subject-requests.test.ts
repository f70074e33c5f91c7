import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { ROLE_USER } from '@app/shared/constants';
import type { AuditPage } from '@app/shared/schemas/audit';
import type { MessagesExport, MessagesPage } from '@app/shared/schemas/mail';
import { call, tokenFor, useTestApp } from '../../../test/helper';
import { pdfBytes } from '../../../test/contact-fixtures';
import { contactMessages, mailLogs } from '../../db/schema';
import { mailLogRepository, outboxService } from '../outbox';

const ctx = useTestApp();
type Method = 'GET' | 'DELETE';
const req = (method: Method, url: string, token = ctx.adminToken) => call(ctx.app, { method, url, token });

let n = 0;
/** A message from `email`; with `logged`, a mail-log row as the worker writes after sending it. */
async function message(email: string, opts: { cv?: Buffer; logged?: boolean } = {}) {
  n += 1;
  const id = await outboxService(ctx.app.db).enqueue({
    fullName: `Person ${n}`,
    email,
    phoneNumber: '',
    message: `Message number ${n}.`,
    ...(opts.cv ? { attachmentName: 'cv.pdf', attachment: opts.cv } : {}),
  });
  if (opts.logged)
    await mailLogRepository(ctx.app.db).insert({
      messageId: id,
      senderFullName: `Person ${n}`,
      senderEmail: email,
      sentToMailbox: 'box',
      recipients: 'staff@company.example',
    });
  return id;
}
const exists = async (id: number) =>
  (await ctx.app.db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id))).length >
  0;
const logsOf = async (id: number) => ctx.app.db.select().from(mailLogs).where(eq(mailLogs.messageId, id));
const lastAudit = async (action: string) =>
  ((await req('GET', `/api/audit?area=messages&action=${action}`)).json() as AuditPage).items[0];

describe("finding a person's messages", () => {
  it('GET /api/messages?email= answers every message from that address, ignoring case, and no other', async () => {
    const a = await message('finder@visitor.example');
    const b = await message('Finder@Visitor.Example');
    const other = await message('someone.else@visitor.example');
    const res = await req('GET', '/api/messages?email=FINDER@visitor.example');
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as MessagesPage).items.map((m) => m.id);
    expect((res.json() as MessagesPage).total).toBe(2);
    expect(ids.sort()).toEqual([a, b].sort());
    expect(ids).not.toContain(other);
  });

  it('refuses an address that is not one (400) and is for administrators only (403)', async () => {
    const bad = await req('GET', '/api/messages?email=not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toEqual({ field: 'email', message: MSG.emailInvalidContact });
    const user = await tokenFor(ctx.app, ROLE_USER);
    for (const [method, url] of [
      ['GET', '/api/messages?email=a@b.example'],
      ['GET', '/api/messages/export?email=a@b.example'],
      ['DELETE', '/api/messages?email=a@b.example'],
      ['DELETE', '/api/messages/1'],
    ] as const)
      expect((await req(method, url, user.token)).statusCode, `${method} ${url}`).toBe(403);
  });
});

describe('export', () => {
  it('is one JSON file with every message, its CV in base64 and its mail-log rows', async () => {
    const cv = pdfBytes(3000);
    const id = await message('export@visitor.example', { cv, logged: true });
    const plain = await message('export@visitor.example');
    const res = await req('GET', '/api/messages/export?email=export@visitor.example');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="messages-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json() as MessagesExport;
    expect(data.email).toBe('export@visitor.example');
    const withCv = data.messages.find((m) => m.id === id)!;
    expect(Buffer.from(withCv.attachmentBase64!, 'base64').equals(cv)).toBe(true);
    expect(withCv).toMatchObject({ attachmentName: 'cv.pdf', email: 'export@visitor.example' });
    expect(withCv.mailLogs).toEqual([
      expect.objectContaining({ senderEmail: 'export@visitor.example', recipients: 'staff@company.example' }),
    ]);
    expect(data.messages.find((m) => m.id === plain)).toMatchObject({ attachmentBase64: null, mailLogs: [] });
    // The export is accounted for, without the person's address in the trail.
    const row = await lastAudit('export');
    expect(row).toMatchObject({ changes: { messages: { to: 2 } } });
    expect(JSON.stringify(row)).not.toContain('export@visitor.example');
  });
});

describe('erasure', () => {
  it('DELETE /api/messages/{id} erases one message, its CV and its mail-log rows', async () => {
    const id = await message('single@visitor.example', { cv: pdfBytes(), logged: true });
    const kept = await message('single@visitor.example', { logged: true });
    const res = await req('DELETE', `/api/messages/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: STAFF_MSG.messageErased });
    expect(await exists(id)).toBe(false);
    expect(await logsOf(id)).toEqual([]);
    expect(await exists(kept)).toBe(true);
    expect(await logsOf(kept)).toHaveLength(1);
    expect(await lastAudit('erase')).toMatchObject({ recordId: String(id), changes: null });

    const again = await req('DELETE', `/api/messages/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MSG.messageNotFound);
  });

  it("DELETE /api/messages?email= erases the person's messages and mail-log rows, and nobody else's", async () => {
    const a = await message('erase.me@visitor.example', { cv: pdfBytes(), logged: true });
    const b = await message('ERASE.ME@visitor.example', { logged: true });
    const other = await message('keep.me@visitor.example', { logged: true });
    // A mail-log row whose message is already gone still names the sender.
    await mailLogRepository(ctx.app.db).insert({
      messageId: null as unknown as number,
      senderFullName: 'Old',
      senderEmail: 'erase.me@visitor.example',
      sentToMailbox: 'box',
      recipients: 'r',
    });

    const res = await req('DELETE', '/api/messages?email=erase.me@visitor.example');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: STAFF_MSG.messagesErased(2), messages: 2, mailLogs: 3, candidates: 0 });
    expect(await exists(a)).toBe(false);
    expect(await exists(b)).toBe(false);
    expect(await exists(other)).toBe(true);
    expect(await logsOf(other)).toHaveLength(1);
    const left = await ctx.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_logs where lower(sender_email) = 'erase.me@visitor.example'`,
    );
    expect(left.rows[0]!.n).toBe(0);
    expect((await req('GET', '/api/messages?email=erase.me@visitor.example')).json()).toMatchObject({
      items: [],
      total: 0,
    });
    expect(await lastAudit('erase-by-email')).toMatchObject({ changes: { messages: { to: 2 }, mailLogs: { to: 3 } } });
  });

  it('needs an address to erase by', async () => {
    expect((await req('DELETE', '/api/messages')).statusCode).toBe(400);
  });

  it('a mail-log row deleted on its own is in the trail', async () => {
    const id = await message('log.only@visitor.example', { logged: true });
    const [log] = await logsOf(id);
    expect((await req('DELETE', `/api/mail-logs/${log!.id}`)).statusCode).toBe(200);
    const trail = (await req('GET', '/api/audit?area=mail-log&action=delete')).json() as AuditPage;
    expect(trail.items[0]).toMatchObject({ recordId: String(log!.id) });
  });
});
