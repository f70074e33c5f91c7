import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MessagesExport } from '@app/shared/schemas/mail';
import type { Db } from '../../db/client';
import { interviewView, interviewsRepository } from '../candidates';
import { applicants, candidateEvents, candidates, contactMessages } from '../../db/schema';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? iso(d) : null);
const byAddress = (email: string) => sql`lower(${applicants.email}) = lower(${email})`;

type CandidatePart = Pick<MessagesExport, 'applicant' | 'candidates' | 'candidateMails'>;

/**
 * What the candidate pipeline holds about one address (decision 0160), for the data-subject
 * requests: the person and their agreement to be kept, each candidate with its whole timeline
 * (staff notes included: they are about the person), its interviews and every interviewer's
 * feedback, and the candidate mails sent to them.
 */
export async function candidateDataOf(db: Db, email: string): Promise<CandidatePart> {
  const [person] = await db.select().from(applicants).where(byAddress(email));
  const mails = await db
    .select()
    .from(contactMessages)
    .where(
      and(
        sql`lower(${contactMessages.email}) = lower(${email})`,
        eq(contactMessages.kind, 'candidate'),
        sql`${contactMessages.erasedAt} is null`,
      ),
    )
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
  const candidateMails = mails.map((m) => ({
    id: m.id,
    subject: m.subject ?? '',
    body: m.message,
    status: m.status,
    createdAt: iso(m.createdAt),
    sentAt: isoOrNull(m.sentAt),
  }));
  if (!person) return { applicant: null, candidates: [], candidateMails };

  const rows = await db
    .select()
    .from(candidates)
    .where(eq(candidates.applicantId, person.id))
    .orderBy(asc(candidates.appliedAt), asc(candidates.id));
  const ids = rows.map((c) => c.id);
  const events = ids.length
    ? await db
        .select()
        .from(candidateEvents)
        .where(inArray(candidateEvents.candidateId, ids))
        .orderBy(asc(candidateEvents.at), asc(candidateEvents.id))
    : [];
  const meetings = (await interviewsRepository(db).ofCandidates(ids)).map(interviewView);

  return {
    applicant: {
      email: person.email,
      fullName: person.fullName,
      phoneNumber: person.phoneNumber,
      language: person.language,
      keepConsentAt: isoOrNull(person.keepConsentAt),
      keepConsentText: person.keepConsentText,
      createdAt: iso(person.createdAt),
    },
    candidates: rows.map((c) => ({
      id: c.id,
      vacancyId: c.vacancyId,
      vacancyTitle: c.vacancyTitle,
      stage: c.stage,
      stageReason: c.stageReason,
      appliedAt: iso(c.appliedAt),
      stageChangedAt: iso(c.stageChangedAt),
      answeredAt: isoOrNull(c.answeredAt),
      hiredAt: isoOrNull(c.hiredAt),
      closedAt: isoOrNull(c.closedAt),
      timeline: events
        .filter((e) => e.candidateId === c.id)
        .map((e) => ({ id: e.id, kind: e.kind, at: iso(e.at), actor: e.actorName, data: { ...e.data } })),
      interviews: meetings.filter((m) => m.candidateId === c.id),
    })),
    candidateMails,
  };
}

/**
 * Erasure on request: the person goes, and with them (cascade) every candidate, timeline entry,
 * interview and feedback; the candidate mails sent to the address go too. Answers how many
 * candidates were erased. Their contact messages are the caller's to erase (by address).
 */
export async function eraseCandidateDataOf(db: Db, email: string): Promise<{ candidates: number; mails: number }> {
  const [person] = await db.select({ id: applicants.id }).from(applicants).where(byAddress(email));
  const count = person
    ? (await db.select({ id: candidates.id }).from(candidates).where(eq(candidates.applicantId, person.id))).length
    : 0;
  if (person) await db.delete(applicants).where(eq(applicants.id, person.id));
  const mails = await db
    .delete(contactMessages)
    .where(and(sql`lower(${contactMessages.email}) = lower(${email})`, eq(contactMessages.kind, 'candidate')))
    .returning({ id: contactMessages.id });
  return { candidates: count, mails: mails.length };
}
