import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { MSG } from '@app/shared/messages';
import type { MailLog, MessagesPage } from '@app/shared/schemas/mail';
import { contactMessages, mailboxes, mailLogs, siteSettings } from '../../db/schema';
import { buildTestApp, call, login } from '../../../test/helper';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer';
import { contactBody, pdfBytes, solveCaptcha, validContact } from '../../../test/contact-fixtures';
import { activeMailboxFor, freePort } from '../../../test/mail-fixtures';
import { until } from '../../../test/until';
import { MAIL_TEXT, mailboxKey } from '../mail-settings';
import { FAILURE_TEXT } from './smtp-failures';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from './worker';

let app: FastifyInstance;
let token: string;
let ip = 0;

const AUTH = { user: 'contact@company.example', pass: 'mailbox-pass' };

/**
 * Each test has its own SMTP peer (its own queue of answers and its own received mail), its own
 * active mailbox pointing at it, and starts from an empty outbox: what one test leaves behind
 * cannot be delivered, or counted, in the next. The peers take turns on one port, which the app
 * allows as SMTP_ALLOWED_PORTS would.
 */
let peer: SmtpPeer;
let peerPort: number;
let mailboxId: number;
let worker: MailWorker | undefined;

beforeAll(async () => {
  peerPort = await freePort();
  app = await buildTestApp({ smtpAllowedPorts: [peerPort] });
  token = await login(app);
  // These tests count what staff receive; the visitor's confirmation has its own (contact/confirmation.test.ts).
  await app.db.update(siteSettings).set({ confirmationEnabled: false });
});
beforeEach(async () => {
  peer = await startSmtpPeer({ auth: AUTH, port: peerPort });
  mailboxId = await activeMailboxFor(app, token, peer.port, { auth: true, password: AUTH.pass, username: AUTH.user });
});
afterEach(async () => {
  // Stopped first: it waits for the sends in flight to be recorded, then nothing moves any more.
  await worker?.stop();
  worker = undefined;
  await peer.close();
  await app.db.delete(mailLogs);
  await app.db.delete(contactMessages);
});
afterAll(() => app.close());

function startWorker(over: MailWorkerOptions = {}) {
  worker = createMailWorker(app.db, mailboxKey(app.secret), {
    pollMs: 50,
    backoffBaseMs: 100,
    backoffMaxMs: 400,
    smtpAllowedPorts: [peerPort],
    ...over,
  });
  worker.start();
  return worker;
}

async function store(fields: Record<string, string> = {}, file?: Buffer): Promise<number> {
  const body = await contactBody(
    { ...validContact, ...fields, altcha: await solveCaptcha(app) },
    file ? { data: file, name: 'cv.pdf' } : undefined,
  );
  const res = await call(app, {
    method: 'POST',
    url: '/api/mail',
    remoteAddress: `10.1.${Math.floor(++ip / 250)}.${ip % 250}`,
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
const row = async (id: number) => (await app.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]!;
const listed = async (id: number) =>
  ((await call(app, { method: 'GET', url: '/api/messages?pageSize=100', token })).json() as MessagesPage).items.find(
    (m) => m.id === id,
  )!;
/** Waits for a terminal state (sent or failed), read in one snapshot of the row. */
const settled = (id: number, timeoutMs = 20_000) =>
  until(
    async () => {
      const r = await row(id);
      return ['sent', 'failed'].includes(r.status) && r;
    },
    timeoutMs,
    `message ${id} to be sent or failed`,
  );
/** What the peer accepted with this message's Message-ID. */
const received = (messageId: string | null) => peer.messages.filter((m) => m.messageId === messageId);

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
      expect(logs).toHaveLength(1);
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
    const [vacancy] = (await call(app, { method: 'GET', url: '/api/vacancy' })).json() as {
      id: number;
      title: string;
    }[];
    const id = await store({ vacancyId: String(vacancy!.id) });
    startWorker();
    const sent = await settled(id);
    expect(received(sent.messageId)).toEqual([
      expect.objectContaining({
        subject: `Application for ${vacancy!.title}: ${validContact.fullName}`,
        to: [AUTH.user],
      }),
    ]);
  });

  it('retries after a 4xx and delivers exactly once', async () => {
    peer.next({ code: 451, message: 'Try again later' });
    const id = await store();
    startWorker();
    const done = await settled(id);
    expect(done).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(received(done.messageId)).toHaveLength(1);
    expect(peer.messages).toHaveLength(1);
  });

  it('stops at once on a 5xx and keeps the reason, with its code but not the server’s text; staff can send again', async () => {
    peer.next({ code: 550, message: 'Mailbox unavailable' });
    const id = await store();
    startWorker();
    const failed = await settled(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toBe(FAILURE_TEXT.rejected(550));
    expect(failed.lastError).toContain('SMTP 550');
    expect(failed.lastError).not.toContain('Mailbox unavailable');
    expect(await listed(id)).toMatchObject({ status: 'failed', lastError: failed.lastError });
    expect(peer.messages).toHaveLength(0);

    const resend = await call(app, { method: 'POST', url: `/api/messages/${id}/resend`, token });
    expect(resend.json()).toEqual({ message: MSG.messageResent });
    const sent = await settled(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(received(sent.messageId)).toHaveLength(1);
    expect((await call(app, { method: 'POST', url: `/api/messages/${id}/resend`, token })).statusCode).toBe(409);
  });

  it('gives up after the last attempt of temporary failures', async () => {
    peer.next({ code: 421 }, { code: 421 }, { code: 421 });
    const id = await store();
    startWorker({ maxAttempts: 3 });
    const failed = await settled(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed.lastError).toBe(`Gave up after 3 attempts: ${FAILURE_TEXT.rejected(421)}`);
    expect(peer.messages).toHaveLength(0);
  });

  it('waits while the server is down and delivers when it is back', async () => {
    await peer.down();
    const id = await store();
    // Many attempts allowed, so that the message cannot fail for good while the server is down.
    startWorker({ maxAttempts: 1000 });
    // One snapshot of the row: back in the queue after at least two refused connections. (Reading
    // the status separately would race the worker's next claim, which shows it as 'sending'.)
    const waiting = await until(
      async () => {
        const r = await row(id);
        return r.status === 'pending' && r.attempts >= 2 && r;
      },
      20_000,
      'a retry scheduled after two failed attempts',
    );
    expect(waiting.lastError).toBe(FAILURE_TEXT.refused);
    expect(waiting.sentAt).toBeNull();

    await peer.up();
    const sent = await settled(id);
    expect(sent).toMatchObject({ status: 'sent', lastError: null });
    expect(sent.attempts).toBeGreaterThan(waiting.attempts);
    expect(received(sent.messageId)).toHaveLength(1);
    expect(peer.messages).toHaveLength(1);
  });

  it('retries a server that stalls past the timeout', async () => {
    peer.next('stall');
    await app.db.update(mailboxes).set({ timeout: 300, writeTimeout: 300 }).where(eq(mailboxes.id, mailboxId));
    const id = await store();
    startWorker();
    // Between the two attempts the reason is the timeout, in our words.
    const retry = await until(async () => (await row(id)).lastError, 10_000, 'the timeout to be noted');
    expect(retry).toBe(FAILURE_TEXT.timeout);
    const sent = await settled(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received(sent.messageId)).toHaveLength(1);
  });

  it('stops on an authentication failure with the reason', async () => {
    const [active] = await app.db.select().from(mailboxes).where(eq(mailboxes.id, mailboxId));
    const put = await call(app, {
      method: 'PUT',
      url: `/api/mailboxes/${mailboxId}/update`,
      token,
      payload: { ...active, passwordEnc: undefined, id: undefined, password: 'wrong-password' },
    });
    expect(put.statusCode).toBe(200);
    const id = await store();
    startWorker();
    const failed = await settled(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toBe(FAILURE_TEXT.auth);
    expect(failed.lastError).not.toContain('Invalid username or password');
    expect(peer.messages).toHaveLength(0);
  });

  it('keeps messages waiting, with the reason, while no mailbox is active', async () => {
    await app.db.update(mailboxes).set({ active: false });
    const id = await store();
    startWorker();
    await until(async () => (await listed(id)).lastError === MSG.noActiveMailbox, 10_000, 'waiting reason');
    expect(await listed(id)).toMatchObject({ status: 'pending', attempts: 0 });
    await app.db.update(mailboxes).set({ active: true }).where(eq(mailboxes.id, mailboxId));
    expect(await settled(id)).toMatchObject({ status: 'sent', lastError: null });
  });

  it('keeps messages waiting, with the reason, while the active mailbox port is not allowed', async () => {
    const id = await store();
    startWorker({ smtpAllowedPorts: [] });
    await until(
      async () => (await listed(id)).lastError === MAIL_TEXT.activePortNotAllowed(peerPort),
      10_000,
      'waiting reason',
    );
    expect(await listed(id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(peer.connections).toBe(0);
    await worker!.stop();
    startWorker();
    expect(await settled(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('keeps messages waiting, with the reason, while the active mailbox needs its password', async () => {
    const [active] = await app.db.select().from(mailboxes).where(eq(mailboxes.id, mailboxId));
    await app.db.update(mailboxes).set({ passwordEnc: null }).where(eq(mailboxes.id, mailboxId));
    const id = await store();
    startWorker();
    await until(async () => (await listed(id)).lastError === MAIL_TEXT.activePasswordMissing, 10_000, 'waiting reason');
    expect(await listed(id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(peer.connections).toBe(0);
    await app.db.update(mailboxes).set({ passwordEnc: active!.passwordEnc }).where(eq(mailboxes.id, mailboxId));
    expect(await settled(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('is woken by a new message instead of waiting for its next poll', async () => {
    // A first message is there before the worker starts: its first pass sends it, then the worker
    // sleeps for a minute. Only the signal of the next store can bring it back within the wait below.
    const first = await store();
    startWorker({ pollMs: 60_000 });
    await settled(first);

    const id = await store();
    const sent = await settled(id, 10_000);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(received(sent.messageId)).toHaveLength(1);
  });
});
