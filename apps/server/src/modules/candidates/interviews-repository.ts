import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Locale } from '@app/shared/locales';
import type { Interview, InterviewStatus, Recommendation } from '@app/shared/schemas/candidates';
import type { Db } from '../../db/client';
import {
  applicants,
  candidateEvents,
  candidates,
  contactMessages,
  interviewInterviewers,
  interviews,
  userRoles,
  users,
} from '../../db/schema';

/** A staff member as an interview names them: the profile's name, else the address. */
export interface Person {
  id: number;
  name: string;
  email: string;
}

export interface InterviewerRow {
  interviewId: number;
  userId: number;
  name: string;
  email: string;
  recommendation: Recommendation | null;
  feedback: string | null;
  feedbackAt: Date | null;
}

export interface InterviewRow {
  id: number;
  candidateId: number;
  startsAt: Date;
  durationMinutes: number;
  location: string;
  videoLink: string | null;
  status: InterviewStatus;
  uid: string;
  sequence: number;
  interviewers: InterviewerRow[];
}

/** The candidate an interview is about, as its mails and the interviewer's screen need them. */
export interface InterviewedCandidate {
  id: number;
  fullName: string;
  email: string;
  phoneNumber: string;
  language: Locale;
  vacancyTitle: string | null;
  message: string;
  hasCv: boolean;
}

/** An interview as the API answers it, every interviewer's feedback included (recruiters' view). */
export const interviewView = (r: InterviewRow): Interview => ({
  id: r.id,
  candidateId: r.candidateId,
  startsAt: r.startsAt.toISOString(),
  durationMinutes: r.durationMinutes,
  location: r.location,
  videoLink: r.videoLink,
  status: r.status,
  interviewers: r.interviewers.map((p) => ({
    userId: p.userId,
    name: p.name,
    recommendation: p.recommendation,
    feedback: p.feedback,
    feedbackAt: p.feedbackAt ? p.feedbackAt.toISOString() : null,
  })),
});

/** A staff member's name: the profile's display name, else the address. */
export const personName = sql<string>`coalesce(nullif(trim(${users.displayName}), ''), ${users.email})`;

/** The interviews and their interviewers (decision 0160); the candidates and users they name are read only. */
export const interviewsRepository = (db: Db) => {
  async function withInterviewers(rows: Omit<InterviewRow, 'interviewers'>[]): Promise<InterviewRow[]> {
    if (!rows.length) return [];
    const people = await db
      .select({
        interviewId: interviewInterviewers.interviewId,
        userId: interviewInterviewers.userId,
        name: personName,
        email: users.email,
        recommendation: interviewInterviewers.recommendation,
        feedback: interviewInterviewers.feedback,
        feedbackAt: interviewInterviewers.feedbackAt,
      })
      .from(interviewInterviewers)
      .innerJoin(users, eq(users.id, interviewInterviewers.userId))
      .where(
        inArray(
          interviewInterviewers.interviewId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(personName), asc(users.id));
    return rows.map((r) => ({ ...r, interviewers: people.filter((p) => p.interviewId === r.id) }));
  }

  const columns = {
    id: interviews.id,
    candidateId: interviews.candidateId,
    startsAt: interviews.startsAt,
    durationMinutes: interviews.durationMinutes,
    location: interviews.location,
    videoLink: interviews.videoLink,
    status: interviews.status,
    uid: interviews.uid,
    sequence: interviews.sequence,
  };

  return {
    async candidate(id: number): Promise<InterviewedCandidate | undefined> {
      const [row] = await db
        .select({
          id: candidates.id,
          fullName: applicants.fullName,
          email: applicants.email,
          phoneNumber: applicants.phoneNumber,
          language: applicants.language,
          vacancyTitle: candidates.vacancyTitle,
          message: sql<string>`coalesce(${contactMessages.message}, '')`,
          hasCv: sql<boolean>`${contactMessages.attachment} is not null`,
        })
        .from(candidates)
        .innerJoin(applicants, eq(applicants.id, candidates.applicantId))
        .leftJoin(contactMessages, eq(contactMessages.id, candidates.messageId))
        .where(eq(candidates.id, id));
      return row ? { ...row, hasCv: Boolean(row.hasCv) } : undefined;
    },

    /** The CV of the candidate's application (the first message's PDF), if it is still there. */
    async cv(candidateId: number): Promise<{ name: string | null; content: Buffer } | undefined> {
      const [row] = await db
        .select({ name: contactMessages.attachmentName, content: contactMessages.attachment })
        .from(candidates)
        .innerJoin(contactMessages, eq(contactMessages.id, candidates.messageId))
        .where(eq(candidates.id, candidateId));
      return row?.content ? { name: row.name, content: row.content } : undefined;
    },

    /** The staff users among `ids` (a user holding at least one role), with their names. */
    async staff(ids: number[]): Promise<Person[]> {
      if (!ids.length) return [];
      return db
        .selectDistinct({ id: users.id, name: personName, email: users.email })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(inArray(users.id, ids));
    },

    /** Every interview of these candidates, soonest first, with its interviewers and their feedback. */
    async ofCandidates(ids: number[]): Promise<InterviewRow[]> {
      if (!ids.length) return [];
      const rows = await db
        .select(columns)
        .from(interviews)
        .where(inArray(interviews.candidateId, ids))
        .orderBy(asc(interviews.startsAt), asc(interviews.id));
      return withInterviewers(rows);
    },

    async find(id: number): Promise<InterviewRow | undefined> {
      const rows = await db.select(columns).from(interviews).where(eq(interviews.id, id));
      return (await withInterviewers(rows))[0];
    },

    /** A candidate's interviews, the earliest first. */
    async ofCandidate(candidateId: number): Promise<InterviewRow[]> {
      return withInterviewers(
        await db
          .select(columns)
          .from(interviews)
          .where(eq(interviews.candidateId, candidateId))
          .orderBy(asc(interviews.startsAt), asc(interviews.id)),
      );
    },

    /** The interviews naming `userId` as interviewer, with their candidate's name and vacancy; `candidateId` narrows them. */
    async ofInterviewer(userId: number, candidateId?: number) {
      const rows = await db
        .select({ ...columns, candidateName: applicants.fullName, vacancyTitle: candidates.vacancyTitle })
        .from(interviewInterviewers)
        .innerJoin(interviews, eq(interviews.id, interviewInterviewers.interviewId))
        .innerJoin(candidates, eq(candidates.id, interviews.candidateId))
        .innerJoin(applicants, eq(applicants.id, candidates.applicantId))
        .where(
          and(
            eq(interviewInterviewers.userId, userId),
            candidateId === undefined ? undefined : eq(interviews.candidateId, candidateId),
          ),
        )
        .orderBy(asc(interviews.startsAt), asc(interviews.id));
      const full = await withInterviewers(rows);
      return full.map((r, i) => ({ ...r, candidateName: rows[i]!.candidateName, vacancyTitle: rows[i]!.vacancyTitle }));
    },

    async insert(values: {
      candidateId: number;
      startsAt: Date;
      durationMinutes: number;
      location: string;
      videoLink: string | null;
      uid: string;
      createdBy: number;
      interviewerIds: number[];
    }): Promise<number> {
      const { interviewerIds, ...interview } = values;
      const [row] = await db.insert(interviews).values(interview).returning({ id: interviews.id });
      await db.insert(interviewInterviewers).values(interviewerIds.map((userId) => ({ interviewId: row!.id, userId })));
      return row!.id;
    },

    /** A new time, place or panel: the sequence rises; feedback of the interviewers kept stays. */
    async reschedule(
      id: number,
      values: { startsAt: Date; durationMinutes: number; location: string; videoLink: string | null },
      interviewerIds: number[],
    ): Promise<void> {
      await db
        .update(interviews)
        .set({ ...values, sequence: sql`${interviews.sequence} + 1`, updatedAt: new Date() })
        .where(eq(interviews.id, id));
      await db
        .delete(interviewInterviewers)
        .where(
          and(eq(interviewInterviewers.interviewId, id), notInArray(interviewInterviewers.userId, interviewerIds)),
        );
      await db
        .insert(interviewInterviewers)
        .values(interviewerIds.map((userId) => ({ interviewId: id, userId })))
        .onConflictDoNothing();
    },

    /** Cancels a scheduled interview; false when it was cancelled already (another request was first). */
    async cancel(id: number): Promise<boolean> {
      const done = await db
        .update(interviews)
        .set({ status: 'cancelled', sequence: sql`${interviews.sequence} + 1`, updatedAt: new Date() })
        .where(and(eq(interviews.id, id), eq(interviews.status, 'scheduled')))
        .returning({ id: interviews.id });
      return done.length > 0;
    },

    /** Locks the interview's row for the rest of the transaction, so two changes to it queue up. */
    async lock(id: number): Promise<void> {
      await db.select({ id: interviews.id }).from(interviews).where(eq(interviews.id, id)).for('update');
    },

    async saveFeedback(
      interviewId: number,
      userId: number,
      values: { recommendation: Recommendation; feedback: string },
    ): Promise<void> {
      await db
        .update(interviewInterviewers)
        .set({ ...values, feedbackAt: new Date() })
        .where(and(eq(interviewInterviewers.interviewId, interviewId), eq(interviewInterviewers.userId, userId)));
    },

    /** Whether `userId` interviews (or interviewed) the candidate in any of their interviews, cancelled ones too. */
    async interviews(userId: number, candidateId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: interviews.id })
        .from(interviews)
        .innerJoin(interviewInterviewers, eq(interviewInterviewers.interviewId, interviews.id))
        .where(and(eq(interviews.candidateId, candidateId), eq(interviewInterviewers.userId, userId)))
        .limit(1);
      return Boolean(row);
    },

    /**
     * Whether the candidate got the invitation to this interview: the mails module's send records a
     * 'mail' entry with mailKind 'invitation' and the interview's id; only then do updates and
     * cancellations reach the candidate too.
     */
    async candidateInvited(candidateId: number, interviewId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: candidateEvents.id })
        .from(candidateEvents)
        .where(
          and(
            eq(candidateEvents.candidateId, candidateId),
            eq(candidateEvents.kind, 'mail'),
            sql`${candidateEvents.data}->>'mailKind' = 'invitation'`,
            sql`${candidateEvents.data}->>'interviewId' = ${String(interviewId)}`,
          ),
        )
        .limit(1);
      return Boolean(row);
    },
  };
};
