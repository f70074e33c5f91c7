import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ROLE_USER } from '@app/shared/constants';
import type { RecruitingDashboard } from '@app/shared/schemas/dashboard';
import { MSG } from '@app/shared/messages';
import type { Dashboard } from '@app/shared/schemas/dashboard';
import { candidates, contactMessages, interviews, mailboxes, vacancies } from '../../db/schema';
import { insertCandidate } from '../../../test/candidate-fixtures';
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

describe('GET /api/dashboard/recruiting', () => {
  const DAY = 86_400_000;
  const ago = (days: number) => new Date(Date.now() - days * DAY);
  const recruiting = async (as = token) => {
    const res = await call(app, { method: 'GET', url: '/api/dashboard/recruiting', token: as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RecruitingDashboard;
  };
  let n = 0;
  const vacancy = async (fields: Partial<typeof vacancies.$inferInsert> = {}) => {
    n += 1;
    const [row] = await app.db
      .insert(vacancies)
      .values({ title: `Recruiting role ${n}`, offer: 'o', slug: `recruiting-role-${n}`, ...fields })
      .returning({ id: vacancies.id });
    return row!.id;
  };

  it('is for holders of the candidates capability: a recruiter yes, ROLE_USER and ROLE_EDITOR no', async () => {
    expect((await call(app, { method: 'GET', url: '/api/dashboard/recruiting' })).statusCode).toBe(401);
    for (const role of [ROLE_USER, 'ROLE_EDITOR']) {
      const { token: other } = await tokenFor(app, role);
      expect((await call(app, { method: 'GET', url: '/api/dashboard/recruiting', token: other })).statusCode).toBe(403);
    }
    const { token: recruiter } = await tokenFor(app, 'ROLE_RECRUITER');
    expect(await recruiting(recruiter)).toMatchObject({ openVacancies: expect.any(Array) });
  });

  it('answers open vacancies per stage, who waits over a week, coming interviews and the median time to hire', async () => {
    const open = await vacancy();
    const closed = await vacancy({ status: 'closed', closedAt: new Date() });
    const expired = await vacancy({ closingDate: '2020-01-31' });
    await insertCandidate(app, { vacancyId: open, stage: 'new' });
    await insertCandidate(app, { vacancyId: open, stage: 'new' });
    const screening = await insertCandidate(app, { vacancyId: open, stage: 'screening' });
    await insertCandidate(app, { vacancyId: closed });
    await insertCandidate(app, { vacancyId: expired });

    const board = await recruiting();
    const row = board.openVacancies.find((v) => v.vacancyId === open);
    expect(row).toMatchObject({ title: expect.stringMatching(/^Recruiting role/), total: 3 });
    expect(row?.counts).toMatchObject({ new: 2, screening: 1, interview: 0, hired: 0 });
    expect(board.openVacancies.map((v) => v.vacancyId)).not.toContain(closed);
    expect(board.openVacancies.map((v) => v.vacancyId)).not.toContain(expired);

    // Waiting: no answer, applied more than a week ago, not closed.
    const longWait = await insertCandidate(app, { vacancyId: open, fullName: 'Long Wait', appliedAt: ago(10) });
    const answered = await insertCandidate(app, { vacancyId: open, appliedAt: ago(12) });
    await app.db
      .update(candidates)
      .set({ answeredAt: ago(11) })
      .where(eq(candidates.id, answered.candidateId));
    const rejected = await insertCandidate(app, { vacancyId: open, stage: 'rejected', appliedAt: ago(20) });
    await app.db
      .update(candidates)
      .set({ closedAt: ago(1) })
      .where(eq(candidates.id, rejected.candidateId));
    const fresh = await insertCandidate(app, { vacancyId: open, appliedAt: ago(3) });

    // Interviews: one tomorrow, one in three weeks, one cancelled, one yesterday.
    const at = (days: number, status: 'scheduled' | 'cancelled' = 'scheduled') =>
      app.db
        .insert(interviews)
        .values({
          candidateId: screening.candidateId,
          startsAt: new Date(Date.now() + days * DAY),
          durationMinutes: 30,
          location: 'Office',
          status,
          uid: `dashboard-${days}-${status}@test`,
        })
        .returning({ id: interviews.id });
    const [soon] = await at(1);
    await at(21);
    await at(2, 'cancelled');
    await at(-1);

    // Hires: 10 and 20 days after applying (median 15), another vacancy's at 4 days.
    const hire = async (vacancyId: number, days: number) => {
      const c = await insertCandidate(app, { vacancyId, stage: 'hired', appliedAt: ago(days + 30) });
      await app.db
        .update(candidates)
        .set({ hiredAt: new Date(ago(days + 30).getTime() + days * DAY), answeredAt: ago(30) })
        .where(eq(candidates.id, c.candidateId));
    };
    await hire(open, 10);
    await hire(open, 20);
    await hire(closed, 4);

    const now = await recruiting();
    const waitingIds = now.waiting.map((w) => w.candidateId);
    expect(waitingIds).toContain(longWait.candidateId);
    expect(waitingIds).not.toContain(answered.candidateId);
    expect(waitingIds).not.toContain(rejected.candidateId);
    expect(waitingIds).not.toContain(fresh.candidateId);
    expect(now.waiting.find((w) => w.candidateId === longWait.candidateId)).toMatchObject({
      fullName: 'Long Wait',
      vacancyId: open,
      days: 10,
    });
    expect(now.waitingTotal).toBe(now.waiting.length);

    expect(now.upcomingInterviews).toEqual([
      expect.objectContaining({
        interviewId: soon!.id,
        candidateId: screening.candidateId,
        candidateName: 'Sam Candidate',
        vacancyTitle: expect.stringMatching(/^Recruiting role/),
        durationMinutes: 30,
      }),
    ]);

    expect(now.timeToHire.find((t) => t.vacancyId === open)).toMatchObject({ hired: 2, medianDays: 15 });
    expect(now.timeToHire.find((t) => t.vacancyId === closed)).toMatchObject({ hired: 1, medianDays: 4 });
  });
});
