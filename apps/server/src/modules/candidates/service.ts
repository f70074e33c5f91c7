import type { FastifyRequest } from 'fastify';
import { CANDIDATES_MSG as M } from '@app/shared/messages/candidates';
import {
  BOARD_COLUMN_SIZE,
  CANDIDATE_STAGES,
  type CandidateBoard,
  type CandidateDetail,
  type CandidatePage,
  type CandidateStage,
  type PipelineVacancy,
  type TimelineEntry,
} from '@app/shared/schemas/candidates';
import { vacancyIsOpen } from '@app/shared/vacancy-facts';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { onePage } from '../../lib/bounded-list';
import { recordAudit } from '../audit';
import { actorOf, recordCandidateEvent } from './events';
import { candidatesRepository, type VacancyChoice } from './repository';

const emptyCounts = (): Record<CandidateStage, number> =>
  Object.fromEntries(CANDIDATE_STAGES.map((s) => [s, 0])) as Record<CandidateStage, number>;

/** A safe file name for a CV: letters, digits, dot, dash and underscore, ending in .pdf. */
export const cvFileName = (attachmentName: string | null, fullName: string): string => {
  const base = (attachmentName ?? `cv-${fullName}`)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${base || 'cv'}.pdf`;
};

/** The pipeline as the recruiter's screens use it (decision 0160). */
export const candidatesService = (db: Db) => {
  const repo = candidatesRepository(db);

  async function detail(id: number): Promise<CandidateDetail> {
    const found = await repo.find(id);
    if (!found) throw notFound(M.candidateNotFound);
    const { applicantId: _applicant, ...candidate } = found;
    const [timeline, interviews] = await Promise.all([repo.timeline(id), repo.interviewsOf(id)]);
    return { ...candidate, timeline, interviews };
  }

  return {
    page: (q: {
      vacancy?: VacancyChoice;
      stage?: CandidateStage;
      sort?: 'applied' | 'name' | 'stage' | 'waiting';
      direction?: 'asc' | 'desc';
      page?: number;
      pageSize?: number;
    }): Promise<CandidatePage> =>
      onePage(
        q,
        (limit, offset) => repo.list({ ...q, limit, offset }),
        () => repo.count(q),
      ),

    /** A column per stage: its count and its first cards, oldest application first. */
    async board(vacancy: VacancyChoice): Promise<CandidateBoard> {
      const counts = await repo.stageCounts(vacancy);
      const columns = await Promise.all(
        CANDIDATE_STAGES.map(async (stage) => ({
          stage,
          count: counts.get(stage) ?? 0,
          items:
            (counts.get(stage) ?? 0)
              ? await repo.list({
                  vacancy,
                  stage,
                  sort: 'applied',
                  direction: 'asc',
                  limit: BOARD_COLUMN_SIZE,
                  offset: 0,
                })
              : [],
        })),
      );
      let vacancyTitle: string | null = null;
      if (typeof vacancy === 'number')
        // A deleted vacancy's candidates are no longer chosen by its id: its cards, if any, keep the title.
        vacancyTitle = (await repo.vacancyTitle(vacancy)) ?? columns.flatMap((c) => c.items)[0]?.vacancyTitle ?? null;
      return { vacancyId: typeof vacancy === 'number' ? vacancy : null, vacancyTitle, columns };
    },

    /** Every vacancy with candidates or open (newest first), then the pool. */
    async vacancies(): Promise<PipelineVacancy[]> {
      const { counts, listed } = await repo.vacancyCounts();
      const byVacancy = new Map<number, Record<CandidateStage, number>>();
      const pool = emptyCounts();
      for (const row of counts) {
        if (row.vacancyId === null) {
          // Candidates of a deleted vacancy keep its title but belong to no vacancy the chooser lists.
          if (row.vacancyTitle === null) pool[row.stage] += Number(row.n);
          continue;
        }
        const entry = byVacancy.get(row.vacancyId) ?? emptyCounts();
        entry[row.stage] += Number(row.n);
        byVacancy.set(row.vacancyId, entry);
      }
      const total = (c: Record<CandidateStage, number>) => Object.values(c).reduce((s, n) => s + n, 0);
      const out: PipelineVacancy[] = listed.map((v) => {
        const c = byVacancy.get(v.id) ?? emptyCounts();
        return {
          vacancyId: v.id,
          title: v.title,
          status: vacancyIsOpen(v) ? 'open' : 'closed',
          counts: c,
          total: total(c),
        };
      });
      out.push({ vacancyId: null, title: 'General pool', status: 'pool', counts: pool, total: total(pool) });
      return out;
    },

    interviewers: () => repo.interviewers(),

    detail,

    /**
     * Moves a candidate to a stage, with the timeline entry and the audit row in the same
     * transaction. The same stage again changes nothing and writes nothing.
     */
    async moveStage(id: number, to: CandidateStage, reason: string | undefined, req: FastifyRequest) {
      await db.transaction(async (tx) => {
        const txRepo = candidatesRepository(tx);
        const row = await txRepo.lockStage(id);
        if (!row) throw notFound(M.candidateNotFound);
        if (row.stage === to) return;
        const why = reason?.trim() ? reason.trim() : null;
        await txRepo.setStage(id, to, why, row.answeredAt !== null || to === 'new');
        await recordCandidateEvent(tx, {
          candidateId: id,
          kind: 'stage',
          actor: actorOf(req.principal),
          data: { from: row.stage, to, reason: why },
        });
        // No personal data in the trail: the stages, and whether a reason was given.
        await recordAudit(
          tx,
          {
            area: 'candidates',
            action: 'stage',
            recordId: id,
            changes: { stage: { from: row.stage, to }, ...(why ? { reason: { changed: true } } : {}) },
          },
          req,
        );
      });
      return detail(id);
    },

    /** A private note on the timeline. */
    async addNote(id: number, text: string, req: FastifyRequest): Promise<TimelineEntry> {
      await db.transaction(async (tx) => {
        if (!(await candidatesRepository(tx).exists(id))) throw notFound(M.candidateNotFound);
        await recordCandidateEvent(tx, {
          candidateId: id,
          kind: 'note',
          actor: actorOf(req.principal),
          data: { text },
        });
        await recordAudit(tx, { area: 'candidates', action: 'note', recordId: id }, req);
      });
      const entry = (await repo.timeline(id)).find((e) => e.kind === 'note');
      return entry!;
    },

    /** The first application's CV, or a 404 that says there is none. */
    async cv(id: number) {
      const row = await repo.cv(id);
      if (!row) throw notFound(M.candidateNotFound);
      if (!row.data) throw notFound(M.noCv);
      return { data: row.data, fileName: cvFileName(row.name, row.fullName) };
    },
  };
};
