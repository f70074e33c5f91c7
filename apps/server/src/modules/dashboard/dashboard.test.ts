import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ROLE_USER } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import type { Dashboard } from '@app/shared/schemas/dashboard';
import { contactMessages, mailboxes } from '../../db/schema';
import { buildTestApp, call, login, tokenFor } from '../../../test/helper';
import { activeMailboxFor, freePort } from '../../../test/mail-fixtures';
import { outboxService } from '../outbox';

/**
 * GET /api/dashboard (docs/behaviour/back-office.md#dashboard-admin): staff only, counts from the
 * database, the mail state the Messages screen would show, the five newest messages.
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

const dashboard = async () => {
  const res = await call(app, { method: 'GET', url: '/api/dashboard', token });
  expect(res.statusCode).toBe(200);
  return res.json() as Dashboard;
};
const enqueue = (fullName: string) =>
  outboxService(app.db).enqueue({ fullName, email: 'ann@example.com', phoneNumber: '', message: 'Hello there' });

describe('GET /api/dashboard', () => {
  it('is for ROLE_ADMIN only: 401 without a token, 403 for ROLE_USER', async () => {
    expect((await call(app, { method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    const { token: user } = await tokenFor(app, ROLE_USER);
    const res = await call(app, { method: 'GET', url: '/api/dashboard', token: user });
    expect(res.statusCode).toBe(403);
  });

  it('counts posts, vacancies and users as they change', async () => {
    const before = await dashboard();
    const created = await call(app, {
      method: 'POST',
      url: '/api/vacancy',
      token,
      payload: {
        title: 'Dashboard count',
        expectation: 'Some',
        function: 'Tester',
        description: 'Counting vacancies.',
        offer: 'Fun',
      },
    });
    expect(created.statusCode).toBe(201);
    await tokenFor(app, ROLE_USER);
    const after = await dashboard();
    expect(after.counts).toEqual({
      posts: before.counts.posts,
      vacancies: before.counts.vacancies + 1,
      users: before.counts.users + 1,
    });
  });

  it('shows waiting messages with the mail notice, the five newest messages and the last delivery', async () => {
    await app.db.update(mailboxes).set({ active: false });
    const ids: number[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) ids.push(await enqueue(`Sender ${name}`));
    const waiting = await dashboard();
    expect(waiting.mail).toMatchObject({ waiting: 6, notice: MSG.messagesWaiting(6) });
    expect(waiting.activeMailbox).toBeNull();
    expect(waiting.lastDelivery).toBeNull();
    expect(waiting.latestMessages.map((m) => m.fullName)).toEqual([
      'Sender Six',
      'Sender Five',
      'Sender Four',
      'Sender Three',
      'Sender Two',
    ]);
    expect(waiting.latestMessages[0]).toEqual({
      id: ids[5],
      fullName: 'Sender Six',
      email: 'ann@example.com',
      status: 'pending',
      createdAt: expect.any(String),
      vacancyTitle: null,
    });

    // As the worker records a refused delivery, then an active mailbox appears.
    await app.db
      .update(contactMessages)
      .set({ status: 'failed', attempts: 1, lastError: 'Mailbox unavailable (550).' })
      .where(eq(contactMessages.id, ids[5]!));
    await activeMailboxFor(app, token, port);
    const failed = await dashboard();
    expect(failed.mail.failed).toBe(1);
    expect(failed.activeMailbox).toMatchObject({ host: '127.0.0.1' });
    expect(failed.lastDelivery).toMatchObject({
      messageId: ids[5],
      status: 'failed',
      error: 'Mailbox unavailable (550).',
    });
  });
});
