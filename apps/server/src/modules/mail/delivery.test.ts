import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { MSG } from '@app/shared/messages';
import type { ContactMessage, MailLog } from '@app/shared/schemas/mail';
import { contactMessages, mailboxes, siteSettings } from '../../db/schema';
import { deriveKey } from '../../lib/secret';
import { buildTestApp, call, login } from '../../../test/helper';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer';
import { contactBody, pdfBytes, solveCaptcha, validContact } from '../contact/testing';
import { activeMailboxFor, until } from './testing';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from './worker';

let app: FastifyInstance;
let token: string;
let peer: SmtpPeer;
let worker: MailWorker | undefined;
let ip = 0;

const AUTH = { user: 'contact@company.example', pass: 'mailbox-pass' };

beforeAll(async () => {
  app = await buildTestApp();
  token = await login(app);
  peer = await startSmtpPeer({ auth: AUTH });
  await activeMailboxFor(app, token, peer.port, { auth: true, password: AUTH.pass, username: AUTH.user });
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  peer.messages.length = 0;
  await peer.up();
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

function startWorker(over: MailWorkerOptions = {}) {
  worker = createMailWorker(app.db, deriveKey(app.secret, 'mailbox'), { pollMs: 50, backoffBaseMs: 100, backoffMaxMs: 400, ...over });
  worker.start();
  return worker;
}

async function store(fields: Record<string, string> = {}, file?: Buffer): Promise<number> {
  const body = await contactBody({ ...validContact, ...fields, altcha: await solveCaptcha(app) }, file ? { data: file, name: 'cv.pdf' } : undefined);
  const res = await call(app, { method: 'POST', url: '/api/mail', remoteAddress: `10.1.0.${++ip}`, ...body });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
const row = async (id: number) => (await app.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]!;
const listed = async (id: number) =>
  ((await call(app, { method: 'GET', url: '/api/messages', token })).json() as ContactMessage[]).find((m) => m.id === id)!;
const settled = (id: number) => until(async () => ['sent', 'failed'].includes((await row(id)).status) && row(id), 20_000, `message ${id}`);

describe('delivery worker', () => {
  it('delivers through the active mailbox with authentication, the PDF attached, and logs it', async () => {
    await app.db.update(siteSettings).set({ contactRecipients: 'sales@company.example, hr@company.example' });
    try {
      const pdf = pdfBytes(5000);
      const id = await store({}, pdf);
      startWorker();
      const sent = await settled(id);
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(peer.messages).toHaveLength(1);
      const mail = peer.messages[0]!;
      expect(mail).toMatchObject({
        user: AUTH.user,
        to: ['sales@company.example', 'hr@company.example'],
        subject: `Contact form: ${validContact.fullName}`,
        messageId: sent.messageId,
      });
      expect(mail.from).toContain(AUTH.user);
      expect(mail.replyTo).toContain(validContact.email);
      expect(mail.text).toContain(validContact.message);
      expect(mail.attachments).toEqual([{ filename: 'cv.pdf', contentType: 'application/pdf', content: pdf }]);

      const logs = (await call(app, { method: 'GET', url: '/api/mail-logs', token })).json() as MailLog[];
      expect(logs[0]).toMatchObject({
        senderFullName: validContact.fullName,
        senderEmail: validContact.email,
        sentToMailbox: AUTH.user,
        recipients: 'sales@company.example, hr@company.example',
      });
      expect(Date.parse(logs[0]!.sentTimestamp)).toBeGreaterThan(Date.now() - 60_000);
      const del = await call(app, { method: 'DELETE', url: `/api/mail-logs/${logs[0]!.id}`, token });
      expect(del.json()).toEqual({ message: MSG.mailLogDeleted });
    } finally {
      await app.db.update(siteSettings).set({ contactRecipients: '' });
    }
  });

  it("sends an application with the vacancy's title in the subject, to the mailbox's own address by default", async () => {
    const [vacancy] = (await call(app, { method: 'GET', url: '/api/vacancy' })).json() as { id: number; title: string }[];
    const id = await store({ vacancyId: String(vacancy!.id) });
    startWorker();
    await settled(id);
    expect(peer.messages[0]).toMatchObject({ subject: `Application for ${vacancy!.title}: ${validContact.fullName}`, to: [AUTH.user] });
  });

  it('retries after a 4xx and delivers exactly once', async () => {
    peer.next({ code: 451, message: 'Try again later' });
    const id = await store();
    startWorker();
    const done = await settled(id);
    expect(done).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(peer.messages.filter((m) => m.messageId === done.messageId)).toHaveLength(1);
  });

  it('stops at once on a 5xx and keeps the reason; staff can send again', async () => {
    peer.next({ code: 550, message: 'Mailbox unavailable' });
    const id = await store();
    startWorker();
    const failed = await settled(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toContain('550');
    expect(failed.lastError).toContain('Mailbox unavailable');
    expect(await listed(id)).toMatchObject({ status: 'failed', lastError: failed.lastError });
    expect(peer.messages).toHaveLength(0);

    const resend = await call(app, { method: 'POST', url: `/api/messages/${id}/resend`, token });
    expect(resend.json()).toEqual({ message: MSG.messageResent });
    await until(async () => (await row(id)).status === 'sent', 20_000, 'resent message');
    expect(peer.messages).toHaveLength(1);
    expect((await call(app, { method: 'POST', url: `/api/messages/${id}/resend`, token })).statusCode).toBe(409);
  });

  it('gives up after the last attempt of temporary failures', async () => {
    peer.next({ code: 421 }, { code: 421 }, { code: 421 });
    const id = await store();
    startWorker({ maxAttempts: 3 });
    const failed = await settled(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed.lastError).toMatch(/^Gave up after 3 attempts: 421/);
  });

  it('waits while the server is down and delivers when it is back', async () => {
    await peer.down();
    const id = await store();
    startWorker();
    await until(async () => (await row(id)).attempts >= 2, 20_000, 'failed attempts');
    expect((await row(id)).status).toBe('pending');
    expect((await row(id)).lastError).toMatch(/ECONNREFUSED|connect/i);
    await peer.up();
    expect(await settled(id)).toMatchObject({ status: 'sent' });
    expect(peer.messages).toHaveLength(1);
  });

  it('retries a server that stalls past the timeout', async () => {
    peer.next('stall');
    await app.db.update(mailboxes).set({ timeout: 300, writeTimeout: 300 }).where(eq(mailboxes.active, true));
    try {
      const id = await store();
      startWorker();
      expect(await settled(id)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(peer.messages).toHaveLength(1);
    } finally {
      await app.db.update(mailboxes).set({ timeout: 2000, writeTimeout: 2000 }).where(eq(mailboxes.active, true));
    }
  });

  it('stops on an authentication failure with the reason', async () => {
    const [active] = await app.db.select().from(mailboxes).where(eq(mailboxes.active, true));
    const put = (password: string) =>
      call(app, {
        method: 'PUT',
        url: `/api/mailboxes/${active!.id}/update`,
        token,
        payload: { ...active, passwordEnc: undefined, id: undefined, password },
      });
    expect((await put('wrong-password')).statusCode).toBe(200);
    try {
      const id = await store();
      startWorker();
      const failed = await settled(id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
      expect(failed.lastError).toContain('Invalid username or password');
    } finally {
      await put(AUTH.pass);
    }
  });

  it('keeps messages waiting, with the reason, while no mailbox is active', async () => {
    const [active] = await app.db.select().from(mailboxes).where(eq(mailboxes.active, true));
    await app.db.update(mailboxes).set({ active: false });
    const id = await store();
    startWorker();
    await until(async () => (await listed(id)).lastError === MSG.noActiveMailbox, 10_000, 'waiting reason');
    expect(await listed(id)).toMatchObject({ status: 'pending', attempts: 0 });
    await app.db.update(mailboxes).set({ active: true }).where(eq(mailboxes.id, active!.id));
    expect(await settled(id)).toMatchObject({ status: 'sent', lastError: null });
  });

  it('is woken by a new message instead of waiting for its next poll', async () => {
    startWorker({ pollMs: 60_000 });
    await until(async () => true);
    const id = await store();
    expect(await settled(id)).toMatchObject({ status: 'sent' });
  });
});
