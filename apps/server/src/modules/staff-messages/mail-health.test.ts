import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ROLE_USER } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import type { MailHealth } from '@app/shared/schemas/mail';
import { contactMessages, mailboxes } from '../../db/schema';
import { buildTestApp, call, login, tokenFor } from '../../../test/helper';
import { activeMailboxFor, freePort } from '../../../test/mail-fixtures';
import { outboxService } from '../outbox';

/**
 * Honest mail health (docs/behaviour/mail.md): staff are told when messages wait with no working
 * mailbox, waiting messages are tried at once when a mailbox is saved, and one can be sent now.
 * The delivery worker is off in API tests, so what it would note is written through the outbox.
 */
let app: FastifyInstance;
let token: string;
let port: number;
beforeAll(async () => {
  port = await freePort();
  app = await buildTestApp({ seedDemo: false, smtpAllowedPorts: [port] });
  token = await login(app);
});
afterAll(() => app.close());

const health = async () => (await call(app, { method: 'GET', url: '/api/mail/health', token })).json() as MailHealth;
const enqueue = () =>
  outboxService(app.db).enqueue({
    fullName: 'Ann Peeters',
    email: 'ann@example.com',
    phoneNumber: '+32 470 12 34 56',
    message: 'Hello',
  });
const dueAt = async (id: number) =>
  (
    await app.db.select({ at: contactMessages.nextAttemptAt }).from(contactMessages).where(eq(contactMessages.id, id))
  )[0]!.at;
/** As the worker does after a failed attempt: the message waits for its backoff, with the reason. */
const backOff = async (id: number) =>
  app.db
    .update(contactMessages)
    .set({ nextAttemptAt: new Date(Date.now() + 3_600_000), lastError: 'The mail server could not be reached.' })
    .where(eq(contactMessages.id, id));

describe('mail health', () => {
  it('says how many messages wait when no mailbox is active', async () => {
    await app.db.update(mailboxes).set({ active: false });
    expect(await health()).toMatchObject({ waiting: 0, activeMailbox: false, working: false, notice: null });
    await enqueue();
    await enqueue();
    expect(await health()).toMatchObject({ waiting: 2, activeMailbox: false, notice: MSG.messagesWaiting(2) });
    expect(MSG.messagesWaiting(2)).toBe('2 messages are waiting: no working mailbox');
  });

  it('saving a mailbox tries waiting messages at once, and the notice goes once one works', async () => {
    const id = await enqueue();
    await backOff(id);
    expect((await dueAt(id)).getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect((await health()).notice).toMatch(/messages are waiting: no working mailbox$/);

    await activeMailboxFor(app, token, port);
    expect((await dueAt(id)).getTime()).toBeLessThanOrEqual(Date.now());
    // Still in vain until a delivery works: the last error stands.
    expect((await health()).working).toBe(false);
    await app.db.update(contactMessages).set({ status: 'sent', lastError: null });
    expect(await health()).toMatchObject({ waiting: 0, activeMailbox: true, working: true, notice: null });
  });

  it('"Send now" makes one waiting message due at once; other states and strangers are refused', async () => {
    const id = await enqueue();
    await backOff(id);
    const res = await call(app, { method: 'POST', url: `/api/messages/${id}/send-now`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.messageSendingNow });
    expect((await dueAt(id)).getTime()).toBeLessThanOrEqual(Date.now());

    await app.db.update(contactMessages).set({ status: 'failed' }).where(eq(contactMessages.id, id));
    const notWaiting = await call(app, { method: 'POST', url: `/api/messages/${id}/send-now`, token });
    expect(notWaiting.statusCode).toBe(409);
    expect(notWaiting.json().message).toBe(MSG.messageNotWaiting);
    expect((await call(app, { method: 'POST', url: '/api/messages/999999/send-now', token })).statusCode).toBe(404);
    const { token: user } = await tokenFor(app, ROLE_USER);
    expect((await call(app, { method: 'POST', url: `/api/messages/${id}/send-now`, token: user })).statusCode).toBe(
      403,
    );
    expect((await call(app, { method: 'GET', url: '/api/mail/health', token: user })).statusCode).toBe(403);
  });
});

describe('the demo seed', () => {
  it('ships no active mailbox pointing at nothing: the demo mailbox is inactive, and a stored message is reported waiting', async () => {
    const demo = await buildTestApp();
    try {
      const admin = await login(demo);
      const boxes = (await call(demo, { method: 'GET', url: '/api/mailboxes/all', token: admin })).json() as {
        port: number;
        active: boolean;
      }[];
      expect(boxes.map((b) => ({ port: b.port, active: b.active }))).toEqual([{ port: 1025, active: false }]);
      await outboxService(demo.db).enqueue({
        fullName: 'Ann Peeters',
        email: 'ann@example.com',
        phoneNumber: '',
        message: 'Hello',
      });
      const res = await call(demo, { method: 'GET', url: '/api/mail/health', token: admin });
      expect(res.json()).toMatchObject({ waiting: 1, activeMailbox: false, notice: MSG.messagesWaiting(1) });
    } finally {
      await demo.close();
    }
  });
});
