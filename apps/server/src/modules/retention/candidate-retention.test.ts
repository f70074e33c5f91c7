import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AuditPage } from '@app/shared/schemas/audit';
import type { CandidateStage } from '@app/shared/schemas/candidates';
import { call, useTestApp } from '../../../test/helper';
import { insertCandidate } from '../../../test/candidate-fixtures';
import {
  applicants,
  candidateEvents,
  candidates,
  contactMessages,
  interviewInterviewers,
  interviews,
  users,
  vacancies,
} from '../../db/schema';
import { runRetention } from './service';

const ctx = useTestApp();
const get = (url: string) => call(ctx.app, { method: 'GET', url, token: ctx.adminToken });
const MONTHS = 6;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const run = () => runRetention(ctx.app.db, 365, MONTHS);

let n = 0;
async function vacancy(fields: Partial<typeof vacancies.$inferInsert> = {}) {
  n += 1;
  const [row] = await ctx.app.db
    .insert(vacancies)
    .values({ title: `Role ${n}`, offer: 'o', slug: `retention-role-${n}`, ...fields })
    .returning({ id: vacancies.id });
  return row!.id;
}

/** A candidate with a note, an interview and an interviewer's feedback, as a recruiter leaves them. */
async function candidate(opts: {
  vacancyId?: number | null;
  stage?: CandidateStage;
  closedDaysAgo?: number;
  consent?: boolean;
  appliedDaysAgo?: number;
}) {
  const db = ctx.app.db;
  const made = await insertCandidate(ctx.app, {
    vacancyId: opts.vacancyId ?? null,
    stage: opts.stage ?? 'new',
    appliedAt: daysAgo(opts.appliedDaysAgo ?? 1),
  });
  if (opts.closedDaysAgo !== undefined)
    await db
      .update(candidates)
      .set({ closedAt: daysAgo(opts.closedDaysAgo), stageReason: 'Another profile' })
      .where(eq(candidates.id, made.candidateId));
  if (opts.consent)
    await db
      .update(applicants)
      .set({ keepConsentAt: new Date(), keepConsentText: 'You may keep my application.' })
      .where(eq(applicants.id, made.applicantId));
  await db.insert(candidateEvents).values({ candidateId: made.candidateId, kind: 'note', data: { text: 'Strong CV' } });
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  const [interview] = await db
    .insert(interviews)
    .values({
      candidateId: made.candidateId,
      startsAt: daysAgo(30),
      durationMinutes: 60,
      location: 'Antwerp office',
      uid: `retention-${made.candidateId}@test`,
    })
    .returning({ id: interviews.id });
  await db
    .insert(interviewInterviewers)
    .values({ interviewId: interview!.id, userId: admin!.id, recommendation: 'no', feedback: 'Not for us' });
  return { ...made, interviewId: interview!.id };
}

const exists = async (candidateId: number) =>
  (await ctx.app.db.select({ id: candidates.id }).from(candidates).where(eq(candidates.id, candidateId))).length > 0;
const messageOf = async (id: number) =>
  (await ctx.app.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]!;

describe('candidate retention', () => {
  it('erases a rejected candidate past the period: CV, notes, interviews, feedback and the person, with an audit row', async () => {
    const gone = await candidate({ stage: 'rejected', closedDaysAgo: 200, appliedDaysAgo: 210 });
    const outcome = await run();
    expect(outcome.ran && outcome.candidates).toBeGreaterThanOrEqual(1);

    expect(await exists(gone.candidateId)).toBe(false);
    const events = await ctx.app.db
      .select()
      .from(candidateEvents)
      .where(eq(candidateEvents.candidateId, gone.candidateId));
    expect(events).toEqual([]);
    expect(await ctx.app.db.select().from(interviews).where(eq(interviews.id, gone.interviewId))).toEqual([]);
    expect(
      await ctx.app.db
        .select()
        .from(interviewInterviewers)
        .where(eq(interviewInterviewers.interviewId, gone.interviewId)),
    ).toEqual([]);
    expect(await ctx.app.db.select().from(applicants).where(eq(applicants.id, gone.applicantId))).toEqual([]);
    // The message keeps its row (counts stay right) but nothing personal, and no CV.
    expect(await messageOf(gone.messageId)).toMatchObject({
      fullName: '',
      email: '',
      phoneNumber: '',
      message: '',
      attachment: null,
      attachmentName: null,
    });

    const trail = (await get(`/api/audit?area=candidates&action=erase&pageSize=100`)).json() as AuditPage;
    const entry = trail.items.find((i) => i.recordId === String(gone.candidateId));
    expect(entry).toMatchObject({ userId: null, email: null });
    expect(JSON.stringify(entry)).not.toContain('Sam Candidate');
    const runs = (await get('/api/audit?area=retention&action=run')).json() as AuditPage;
    expect(runs.items[0]?.changes).toMatchObject({ candidates: { to: outcome.ran ? outcome.candidates : -1 } });
  });

  it('keeps a candidate rejected inside the period, one who agreed to be kept, and a hired one', async () => {
    const recent = await candidate({ stage: 'rejected', closedDaysAgo: 100 });
    const kept = await candidate({ stage: 'rejected', closedDaysAgo: 400, consent: true, appliedDaysAgo: 420 });
    const vacancyId = await vacancy({ status: 'closed', closedAt: daysAgo(400) });
    const hired = await candidate({ vacancyId, stage: 'hired' });
    await run();
    expect(await exists(recent.candidateId)).toBe(true);
    expect(await exists(kept.candidateId)).toBe(true);
    expect(await exists(hired.candidateId)).toBe(true);
    expect((await messageOf(kept.messageId)).attachmentName).toBe('cv.pdf');
  });

  it('erases one who agreed to be kept once their last application is two years old', async () => {
    const old = await candidate({ stage: 'rejected', closedDaysAgo: 800, consent: true, appliedDaysAgo: 800 });
    await run();
    expect(await exists(old.candidateId)).toBe(false);
  });

  it('erases the candidates of a vacancy closed past the period, keeps those of an open vacancy', async () => {
    const closedId = await vacancy({ status: 'closed', closedAt: daysAgo(200) });
    const expiredId = await vacancy({ closingDate: daysAgo(200).toISOString().slice(0, 10) });
    const openId = await vacancy();
    const recentlyClosedId = await vacancy({ status: 'closed', closedAt: daysAgo(20) });
    const ofClosed = await candidate({ vacancyId: closedId, stage: 'interview', appliedDaysAgo: 300 });
    const ofExpired = await candidate({ vacancyId: expiredId, stage: 'screening', appliedDaysAgo: 300 });
    const ofOpen = await candidate({ vacancyId: openId, stage: 'screening', appliedDaysAgo: 300 });
    const ofRecent = await candidate({ vacancyId: recentlyClosedId, stage: 'offer', appliedDaysAgo: 300 });
    await run();
    expect(await exists(ofClosed.candidateId)).toBe(false);
    expect(await exists(ofExpired.candidateId)).toBe(false);
    expect(await exists(ofOpen.candidateId)).toBe(true);
    expect(await exists(ofRecent.candidateId)).toBe(true);
    expect((await messageOf(ofClosed.messageId)).attachment).toBeNull();
  });

  it('keeps the person while another candidate of theirs remains', async () => {
    const openId = await vacancy();
    const email = 'two-applications@visitor.example';
    const first = await insertCandidate(ctx.app, { email, stage: 'rejected' });
    await ctx.app.db
      .update(candidates)
      .set({ closedAt: daysAgo(300) })
      .where(eq(candidates.id, first.candidateId));
    const second = await insertCandidate(ctx.app, { email, vacancyId: openId });
    await run();
    expect(await exists(first.candidateId)).toBe(false);
    expect(await exists(second.candidateId)).toBe(true);
    expect(
      (await ctx.app.db.execute<{ n: number }>(sql`select count(*)::int as n from applicants where email = ${email}`))
        .rows[0]?.n,
    ).toBe(1);
  });

  it('sets and clears a vacancy closed_at when staff close and reopen it', async () => {
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/vacancy',
      token: ctx.adminToken,
      payload: { title: 'Closing role', offer: 'o', status: 'closed' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json() as { id: number; version: number };
    const closedAt = async () =>
      (await ctx.app.db.select({ at: vacancies.closedAt }).from(vacancies).where(eq(vacancies.id, id)))[0]!.at;
    expect(await closedAt()).toBeInstanceOf(Date);
    const reopened = await call(ctx.app, {
      method: 'POST',
      url: `/api/vacancy/${id}/reopen`,
      token: ctx.adminToken,
      payload: { version },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await closedAt()).toBeNull();
  });
});
