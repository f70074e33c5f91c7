import { sql } from 'drizzle-orm';
import { brusselsDate } from '@app/shared/brussels';
import { CANDIDATE_STAGES, type CandidateStage } from '@app/shared/schemas/candidates';
import { UPCOMING_INTERVIEW_DAYS, WAITING_DAYS, type RecruitingDashboard } from '@app/shared/schemas/dashboard';
import type { Db } from '../../db/client';

const WAITING_LISTED = 10;
const INTERVIEWS_LISTED = 20;
const DAY_MS = 86_400_000;

const iso = (d: Date | string) => new Date(d).toISOString();
const zeroCounts = () => Object.fromEntries(CANDIDATE_STAGES.map((s) => [s, 0])) as Record<CandidateStage, number>;

/**
 * The dashboard's recruiting part (decision 0160). Read-only aggregates over the pipeline's tables,
 * each one statement that an index serves: counts per stage through candidates_vacancy_stage_idx,
 * the coming interviews through interviews_starts_idx. Nothing is loaded to be counted in memory.
 */
export const recruitingDashboard = (db: Db) => ({
  async get(now = new Date()): Promise<RecruitingDashboard> {
    const today = brusselsDate(now);
    const [open, waiting, waitingTotal, interviews, hires] = await Promise.all([
      db.execute<{ id: number; title: string; stage: CandidateStage | null; n: number }>(sql`
        select v.id, v.title, c.stage, count(c.id)::int as n
        from vacancies v
        left join candidates c on c.vacancy_id = v.id
        where v.status = 'open' and (v.closing_date is null or v.closing_date >= ${today})
        group by v.id, v.title, c.stage
        order by v.title, v.id`),
      db.execute<{
        id: number;
        full_name: string;
        vacancy_id: number | null;
        vacancy_title: string | null;
        applied_at: Date;
      }>(sql`
        select c.id, a.full_name, c.vacancy_id, coalesce(v.title, c.vacancy_title) as vacancy_title, c.applied_at
        from candidates c
        join applicants a on a.id = c.applicant_id
        left join vacancies v on v.id = c.vacancy_id
        where c.answered_at is null and c.closed_at is null
          and c.stage not in ('hired', 'rejected', 'withdrawn')
          and c.applied_at < ${now.toISOString()}::timestamptz - make_interval(days => ${WAITING_DAYS})
        order by c.applied_at, c.id
        limit ${WAITING_LISTED}`),
      db.execute<{ n: number }>(sql`
        select count(*)::int as n from candidates c
        where c.answered_at is null and c.closed_at is null
          and c.stage not in ('hired', 'rejected', 'withdrawn')
          and c.applied_at < ${now.toISOString()}::timestamptz - make_interval(days => ${WAITING_DAYS})`),
      db.execute<{
        id: number;
        candidate_id: number;
        full_name: string;
        vacancy_title: string | null;
        starts_at: Date;
        duration_minutes: number;
      }>(sql`
        select i.id, i.candidate_id, a.full_name, coalesce(v.title, c.vacancy_title) as vacancy_title,
               i.starts_at, i.duration_minutes
        from interviews i
        join candidates c on c.id = i.candidate_id
        join applicants a on a.id = c.applicant_id
        left join vacancies v on v.id = c.vacancy_id
        where i.status = 'scheduled' and i.starts_at >= ${now.toISOString()}::timestamptz
          and i.starts_at < ${now.toISOString()}::timestamptz + make_interval(days => ${UPCOMING_INTERVIEW_DAYS})
        order by i.starts_at, i.id
        limit ${INTERVIEWS_LISTED}`),
      db.execute<{ vacancy_id: number | null; title: string | null; hired: number; median_days: number }>(sql`
        select c.vacancy_id, coalesce(max(v.title), max(c.vacancy_title)) as title, count(*)::int as hired,
               percentile_cont(0.5) within group (
                 order by extract(epoch from (c.hired_at - c.applied_at)) / 86400
               )::float8 as median_days
        from candidates c
        left join vacancies v on v.id = c.vacancy_id
        where c.hired_at is not null
        group by c.vacancy_id, case when c.vacancy_id is null then c.vacancy_title end
        order by title`),
    ]);

    const byVacancy = new Map<number, RecruitingDashboard['openVacancies'][number]>();
    for (const r of open.rows) {
      const id = Number(r.id);
      const entry = byVacancy.get(id) ?? { vacancyId: id, title: r.title, counts: zeroCounts(), total: 0 };
      if (r.stage) {
        entry.counts[r.stage] = Number(r.n);
        entry.total += Number(r.n);
      }
      byVacancy.set(id, entry);
    }

    return {
      openVacancies: [...byVacancy.values()],
      waiting: waiting.rows.map((r) => ({
        candidateId: Number(r.id),
        fullName: r.full_name,
        vacancyId: r.vacancy_id === null ? null : Number(r.vacancy_id),
        vacancyTitle: r.vacancy_title,
        appliedAt: iso(r.applied_at),
        days: Math.floor((now.getTime() - new Date(r.applied_at).getTime()) / DAY_MS),
      })),
      waitingTotal: Number(waitingTotal.rows[0]?.n ?? 0),
      upcomingInterviews: interviews.rows.map((r) => ({
        interviewId: Number(r.id),
        candidateId: Number(r.candidate_id),
        candidateName: r.full_name,
        vacancyTitle: r.vacancy_title,
        startsAt: iso(r.starts_at),
        durationMinutes: Number(r.duration_minutes),
      })),
      timeToHire: hires.rows.map((r) => ({
        vacancyId: r.vacancy_id === null ? null : Number(r.vacancy_id),
        title: r.title ?? 'General applications',
        hired: Number(r.hired),
        medianDays: Math.round(Number(r.median_days) * 10) / 10,
      })),
    };
  },
});
