import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AuditPage } from '@app/shared/schemas/audit';
import type { MessagesExport } from '@app/shared/schemas/mail';
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
} from '../../db/schema';
import { outboxRepository } from '../outbox';

const ctx = useTestApp();
type Method = 'GET' | 'DELETE';
const req = (method: Method, url: string) => call(ctx.app, { method, url, token: ctx.adminToken });

/**
 * A person with two candidates, as the pipeline leaves them: keep consent, a note, a stage change,
 * an interview with an interviewer's feedback, a candidate mail.
 */
async function applicantWithHistory(email: string) {
  const db = ctx.app.db;
  const first = await insertCandidate(ctx.app, { email, fullName: 'Robin Applicant', vacancyTitle: 'Welder' });
  const second = await insertCandidate(ctx.app, { email, fullName: 'Robin Applicant' });
  await db
    .update(applicants)
    .set({ keepConsentAt: new Date(), keepConsentText: 'You may keep my application for 24 months.' })
    .where(eq(applicants.id, first.applicantId));
  await db
    .update(candidates)
    .set({ stage: 'rejected', stageReason: 'Position filled', closedAt: new Date() })
    .where(eq(candidates.id, first.candidateId));
  await db.insert(candidateEvents).values([
    { candidateId: first.candidateId, kind: 'note', actorName: 'admin@example.com', data: { text: 'Friendly' } },
    { candidateId: first.candidateId, kind: 'stage', data: { from: 'new', to: 'rejected', reason: 'Position filled' } },
  ]);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  const [interview] = await db
    .insert(interviews)
    .values({
      candidateId: first.candidateId,
      startsAt: new Date('2026-03-02T09:00:00Z'),
      durationMinutes: 45,
      location: 'Meeting room 2',
      uid: `subject-${first.candidateId}@test`,
    })
    .returning({ id: interviews.id });
  await db.insert(interviewInterviewers).values({
    interviewId: interview!.id,
    userId: admin!.id,
    recommendation: 'yes',
    feedback: 'Good welder',
    feedbackAt: new Date(),
  });
  const mailId = await outboxRepository(db).insertCandidateMail({
    to: email,
    fullName: 'Robin Applicant',
    subject: 'Your application',
    text: 'Thank you for applying.',
    language: 'en',
  });
  await db
    .insert(candidateEvents)
    .values({ candidateId: first.candidateId, kind: 'mail', data: { mailKind: 'acknowledgement', outboxId: mailId } });
  return { first, second, interviewId: interview!.id, mailId };
}

describe('data-subject requests about a candidate', () => {
  it('the export holds the person, their consent, every candidate, the timeline, interviews, feedback and mails', async () => {
    const email = 'robin.export@visitor.example';
    const made = await applicantWithHistory(email);
    const res = await req('GET', `/api/messages/export?email=${encodeURIComponent('Robin.Export@visitor.example')}`);
    expect(res.statusCode).toBe(200);
    const data = res.json() as MessagesExport;
    expect(data.messages.map((m) => m.id).sort()).toEqual([made.first.messageId, made.second.messageId].sort());
    expect(data.applicant).toMatchObject({
      email,
      fullName: 'Robin Applicant',
      keepConsentText: 'You may keep my application for 24 months.',
    });
    expect(data.applicant?.keepConsentAt).toEqual(expect.any(String));
    expect(data.candidates.map((c) => c.id)).toEqual([made.first.candidateId, made.second.candidateId]);
    const first = data.candidates[0]!;
    expect(first).toMatchObject({ vacancyTitle: 'Welder', stage: 'rejected', stageReason: 'Position filled' });
    expect(first.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['applied', 'note', 'stage', 'mail']));
    expect(first.timeline.find((e) => e.kind === 'note')).toMatchObject({
      actor: 'admin@example.com',
      data: { text: 'Friendly' },
    });
    expect(first.interviews).toEqual([
      expect.objectContaining({
        id: made.interviewId,
        startsAt: '2026-03-02T09:00:00.000Z',
        durationMinutes: 45,
        location: 'Meeting room 2',
        interviewers: [
          expect.objectContaining({ name: 'admin@example.com', recommendation: 'yes', feedback: 'Good welder' }),
        ],
      }),
    ]);
    expect(data.candidateMails).toEqual([
      expect.objectContaining({ id: made.mailId, subject: 'Your application', body: 'Thank you for applying.' }),
    ]);
    const trail = (await req('GET', '/api/audit?area=messages&action=export')).json() as AuditPage;
    expect(trail.items[0]).toMatchObject({ changes: { candidates: { to: 2 } } });
  });

  it('an address that never applied exports no candidate part', async () => {
    const data = (
      await req('GET', '/api/messages/export?email=never.applied@visitor.example')
    ).json() as MessagesExport;
    expect(data).toMatchObject({ applicant: null, candidates: [], candidateMails: [] });
  });

  it("the erasure removes the person, their candidates, timelines, interviews, feedback and mails, and nobody else's", async () => {
    const email = 'robin.erase@visitor.example';
    const made = await applicantWithHistory(email);
    const other = await insertCandidate(ctx.app, { email: 'stays@visitor.example' });
    const res = await req('DELETE', `/api/messages?email=${encodeURIComponent(email)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ messages: 2, candidates: 2 });
    const count = async (table: string, where: ReturnType<typeof sql>) =>
      Number(
        (await ctx.app.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`))
          .rows[0]!.n,
      );
    expect(await count('applicants', sql`lower(email) = ${email}`)).toBe(0);
    const ids = [made.first.candidateId, made.second.candidateId];
    expect(await count('candidates', sql`id in (${ids[0]}, ${ids[1]})`)).toBe(0);
    expect(await count('candidate_events', sql`candidate_id in (${ids[0]}, ${ids[1]})`)).toBe(0);
    expect(await count('interviews', sql`id = ${made.interviewId}`)).toBe(0);
    expect(await count('interview_interviewers', sql`interview_id = ${made.interviewId}`)).toBe(0);
    expect(await ctx.app.db.select().from(contactMessages).where(eq(contactMessages.id, made.mailId))).toEqual([]);
    expect(await ctx.app.db.select().from(candidates).where(eq(candidates.id, other.candidateId))).toHaveLength(1);
    const trail = (await req('GET', '/api/audit?area=messages&action=erase-by-email')).json() as AuditPage;
    expect(trail.items[0]).toMatchObject({ changes: { candidates: { to: 2 } } });
    expect(JSON.stringify(trail.items[0])).not.toContain(email);
  });
});
