import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@app/shared/locales';
import {
  CANDIDATE_STAGES,
  type CandidateListQuery,
  type CandidateStage,
  type CandidateSummary,
  type Interview,
  type TimelineEntry,
} from '@app/shared/schemas/candidates';
import type { Db } from '../../db/client';
import { interviewView, interviewsRepository, personName } from './interviews-repository';
import { applicants, candidateEvents, candidates, contactMessages, users, vacancies } from '../../db/schema';

const c = candidates;
const a = applicants;
const m = contactMessages;

/** A vacancy id, the general pool, or every candidate. */
export type VacancyChoice = number | 'pool' | undefined;

/** The general pool: no vacancy and no kept title (a deleted vacancy's candidates keep its title). */
export const inPool = and(isNull(c.vacancyId), isNull(c.vacancyTitle));

const ofVacancy = (vacancy: VacancyChoice): SQL | undefined =>
  vacancy === 'pool' ? inPool : vacancy === undefined ? undefined : eq(c.vacancyId, vacancy);

/** No answer yet: still New and no mail (answered_at is set by the first stage move or mail). */
const waitingSql = sql<boolean>`(${c.answeredAt} is null and ${c.stage} = 'new')`;
/** The stages' order on the board, for sorting by stage. */
const stageOrder = sql`array_position(array[${sql.join(
  CANDIDATE_STAGES.map((s) => sql`${s}`),
  sql`, `,
)}]::text[], ${c.stage})`;

const summaryColumns = {
  id: c.id,
  fullName: a.fullName,
  email: a.email,
  language: a.language,
  vacancyId: c.vacancyId,
  vacancyTitle: c.vacancyTitle,
  stage: c.stage,
  stageChangedAt: c.stageChangedAt,
  appliedAt: c.appliedAt,
  waiting: waitingSql,
  hasCv: sql<boolean>`(${m.attachment} is not null)`,
  otherApplications: sql<number>`(select count(*)::int from ${c} o where o.applicant_id = ${c.applicantId} and o.id <> ${c.id})`,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: K extends 'stageChangedAt' | 'appliedAt'
    ? Date
    : K extends 'waiting' | 'hasCv'
      ? boolean
      : K extends 'otherApplications'
        ? number
        : unknown;
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

const toSummary = (r: SummaryRow): CandidateSummary => ({
  id: r.id as number,
  fullName: r.fullName as string,
  email: r.email as string,
  language: r.language as Locale,
  vacancyId: r.vacancyId as number | null,
  vacancyTitle: r.vacancyTitle as string | null,
  stage: r.stage as CandidateStage,
  stageChangedAt: iso(r.stageChangedAt),
  appliedAt: iso(r.appliedAt),
  waiting: Boolean(r.waiting),
  hasCv: Boolean(r.hasCv),
  otherApplications: Number(r.otherApplications),
});

/** The list's ORDER BY: the asked key, then the id so that pages never overlap. */
function orderOf(sort: CandidateListQuery['sort'] = 'applied', direction: 'asc' | 'desc' = 'desc'): SQL[] {
  const dir = direction === 'asc' ? asc : desc;
  switch (sort) {
    case 'name':
      return [dir(sql`lower(${a.fullName})`), dir(c.id)];
    case 'stage':
      return [dir(stageOrder), dir(c.appliedAt), dir(c.id)];
    case 'waiting':
      // Ascending: those still waiting first, the longest waiting first among them.
      return [direction === 'asc' ? desc(waitingSql) : asc(waitingSql), dir(c.appliedAt), dir(c.id)];
    default:
      return [dir(c.appliedAt), dir(c.id)];
  }
}

/** The only code that reads and writes applicants and candidates (the timeline: events.ts). */
export const candidatesRepository = (db: Db) => {
  const summaries = () =>
    db.select(summaryColumns).from(c).innerJoin(a, eq(a.id, c.applicantId)).leftJoin(m, eq(m.id, c.messageId));

  return {
    async list(q: {
      vacancy?: VacancyChoice;
      stage?: CandidateStage;
      sort?: CandidateListQuery['sort'];
      direction?: 'asc' | 'desc';
      limit: number;
      offset: number;
    }): Promise<CandidateSummary[]> {
      const rows = await summaries()
        .where(and(ofVacancy(q.vacancy), q.stage ? eq(c.stage, q.stage) : undefined))
        .orderBy(...orderOf(q.sort, q.direction))
        .limit(q.limit)
        .offset(q.offset);
      return rows.map((r) => toSummary(r as SummaryRow));
    },

    async count(q: { vacancy?: VacancyChoice; stage?: CandidateStage }): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(c)
        .where(and(ofVacancy(q.vacancy), q.stage ? eq(c.stage, q.stage) : undefined));
      return Number(row?.n ?? 0);
    },

    /** Each stage's count for one vacancy or the pool. */
    async stageCounts(vacancy: VacancyChoice): Promise<Map<CandidateStage, number>> {
      const rows = await db
        .select({ stage: c.stage, n: sql<number>`count(*)::int` })
        .from(c)
        .where(ofVacancy(vacancy))
        .groupBy(c.stage);
      return new Map(rows.map((r) => [r.stage, Number(r.n)]));
    },

    /** Every vacancy with candidates or open, with its candidates counted per stage; the pool's counts. */
    async vacancyCounts() {
      const counts = await db
        .select({
          vacancyId: c.vacancyId,
          vacancyTitle: c.vacancyTitle,
          stage: c.stage,
          n: sql<number>`count(*)::int`,
        })
        .from(c)
        .groupBy(c.vacancyId, c.vacancyTitle, c.stage);
      const listed = await db
        .select({
          id: vacancies.id,
          title: vacancies.title,
          status: vacancies.status,
          closingDate: vacancies.closingDate,
          date: vacancies.date,
        })
        .from(vacancies)
        .where(sql`${vacancies.status} = 'open' or exists (select 1 from ${c} where ${c.vacancyId} = ${vacancies.id})`)
        .orderBy(desc(vacancies.date), desc(vacancies.id));
      return { counts, listed };
    },

    async vacancyTitle(id: number): Promise<string | undefined> {
      const [row] = await db.select({ title: vacancies.title }).from(vacancies).where(eq(vacancies.id, id));
      return row?.title;
    },

    async find(id: number) {
      const [row] = await db
        .select({
          ...summaryColumns,
          applicantId: c.applicantId,
          phoneNumber: a.phoneNumber,
          stageReason: c.stageReason,
          message: sql<string | null>`${m.message}`,
          keepConsentAt: a.keepConsentAt,
          keepConsentText: a.keepConsentText,
          rejectionMailId: c.rejectionMailId,
          answeredAt: c.answeredAt,
          hiredAt: c.hiredAt,
          closedAt: c.closedAt,
        })
        .from(c)
        .innerJoin(a, eq(a.id, c.applicantId))
        .leftJoin(m, eq(m.id, c.messageId))
        .where(eq(c.id, id));
      if (!row) return undefined;
      return {
        ...toSummary(row as unknown as SummaryRow),
        applicantId: row.applicantId,
        phoneNumber: row.phoneNumber,
        stageReason: row.stageReason,
        message: row.message ?? '',
        keepConsentAt: row.keepConsentAt ? iso(row.keepConsentAt) : null,
        keepConsentText: row.keepConsentText,
        rejectionSent: row.rejectionMailId !== null,
      };
    },

    /** The row as the stage change reads it, locked until the transaction ends. */
    async lockStage(id: number) {
      const [row] = await db
        .select({ id: c.id, stage: c.stage, answeredAt: c.answeredAt })
        .from(c)
        .where(eq(c.id, id))
        .for('update');
      return row;
    },

    async setStage(id: number, to: CandidateStage, reason: string | null, answered: boolean) {
      const closing = to === 'rejected' || to === 'withdrawn';
      await db
        .update(c)
        .set({
          stage: to,
          stageReason: reason,
          stageChangedAt: sql`now()`,
          ...(answered ? {} : { answeredAt: sql`now()` }),
          hiredAt: to === 'hired' ? sql`coalesce(${c.hiredAt}, now())` : null,
          closedAt: closing ? sql`now()` : null,
        })
        .where(eq(c.id, id));
    },

    /** The timeline, newest first. */
    async timeline(candidateId: number): Promise<TimelineEntry[]> {
      const rows = await db
        .select()
        .from(candidateEvents)
        .where(eq(candidateEvents.candidateId, candidateId))
        .orderBy(desc(candidateEvents.at), desc(candidateEvents.id));
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        at: iso(r.at),
        actor: r.actorName,
        data: r.data as Record<string, unknown>,
      }));
    },

    /** The candidate's interviews, soonest first, with every interviewer's feedback. */
    interviewsOf: async (candidateId: number): Promise<Interview[]> =>
      (await interviewsRepository(db).ofCandidates([candidateId])).map(interviewView),

    /** Every staff member, by name. */
    interviewers: () =>
      db
        .select({
          id: users.id,
          name: personName,
          email: users.email,
        })
        .from(users)
        .orderBy(sql`lower(${personName})`, asc(users.id)),

    /** The first application's CV, if it carried one. */
    async cv(id: number) {
      const [row] = await db
        .select({ name: m.attachmentName, data: m.attachment, fullName: a.fullName })
        .from(c)
        .innerJoin(a, eq(a.id, c.applicantId))
        .leftJoin(m, eq(m.id, c.messageId))
        .where(eq(c.id, id));
      if (!row) return undefined;
      return row;
    },

    exists: async (id: number) => (await db.select({ id: c.id }).from(c).where(eq(c.id, id))).length > 0,
  };
};
export type CandidatesRepository = ReturnType<typeof candidatesRepository>;
