import { inArray, sql } from 'drizzle-orm';
import { CANDIDATE_CONSENT_MONTHS } from '@app/shared/retention-periods';
import type { Db } from '../../db/client';
import { applicants, candidates } from '../../db/schema';
import { outboxRepository } from '../outbox';
import { recordAudit } from '../audit';

/**
 * The contact messages and candidate mails that belong to these candidates: the first application,
 * every later one (an 'applied' entry) and every mail sent to them (a 'mail' entry). Also used by the
 * data-subject requests.
 */
export async function messageIdsOf(db: Db, candidateIds: number[]): Promise<number[]> {
  if (!candidateIds.length) return [];
  const ids = sql.join(
    candidateIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db.execute<{ id: number }>(sql`
    select message_id as id from candidates where id in (${ids}) and message_id is not null
    union
    select (data->>'messageId')::int from candidate_events
      where candidate_id in (${ids}) and kind = 'applied' and data->>'messageId' is not null
    union
    select (data->>'outboxId')::int from candidate_events
      where candidate_id in (${ids}) and kind = 'mail' and data->>'outboxId' is not null`);
  return rows.rows.map((r) => Number(r.id));
}

/**
 * The candidates whose time is up (decision 0160). Without keep consent, N months
 * (CANDIDATE_RETENTION_MONTHS) after: the rejection or withdrawal; the vacancy's close (closed by
 * hand, or its closing date passed); for a candidate without a vacancy (the pool, or a vacancy since
 * deleted), the last change of stage. With consent: CANDIDATE_CONSENT_MONTHS after the person's last
 * application, whatever the stage. Hired candidates are never erased here: they became staff, and
 * their data is the personnel file's business from then on.
 */
async function dueCandidates(db: Db, months: number): Promise<{ id: number; applicantId: number }[]> {
  const rows = await db.execute<{ id: number; applicant_id: number }>(sql`
    select c.id, c.applicant_id
    from candidates c
    join applicants a on a.id = c.applicant_id
    left join vacancies v on v.id = c.vacancy_id
    where c.stage <> 'hired' and (
      (a.keep_consent_at is null and (
        (c.stage in ('rejected', 'withdrawn') and c.closed_at < now() - make_interval(months => ${months}))
        or (v.status = 'closed' and v.closed_at < now() - make_interval(months => ${months}))
        or (v.closing_date < (now() - make_interval(months => ${months}))::date)
        or (c.vacancy_id is null and c.stage_changed_at < now() - make_interval(months => ${months}))
      ))
      or (a.keep_consent_at is not null and (
        select max(greatest(c2.applied_at, coalesce(
          (select max(e.at) from candidate_events e where e.candidate_id = c2.id and e.kind = 'applied'),
          c2.applied_at)))
        from candidates c2 where c2.applicant_id = a.id
      ) < now() - make_interval(months => ${CANDIDATE_CONSENT_MONTHS}))
    )
    order by c.id`);
  return rows.rows.map((r) => ({ id: Number(r.id), applicantId: Number(r.applicant_id) }));
}

/**
 * Erases candidates past their period, inside the retention run's transaction: the personal
 * fields and the CV of each one's applications and mails go (the rows stay counted, as retention
 * does for messages), the candidate row goes with its timeline, interviews and feedback (cascade),
 * and the person goes when no candidate of theirs is left. One audit row per candidate, without
 * personal data. Answers how many candidates were erased.
 */
export async function eraseDueCandidates(db: Db, months: number): Promise<number> {
  const due = await dueCandidates(db, months);
  if (!due.length) return 0;
  const ids = due.map((c) => c.id);
  await outboxRepository(db).eraseIds(await messageIdsOf(db, ids));
  await db.delete(candidates).where(inArray(candidates.id, ids));
  const people = [...new Set(due.map((c) => c.applicantId))];
  await db
    .delete(applicants)
    .where(
      sql`${inArray(applicants.id, people)} and not exists (select 1 from candidates c where c.applicant_id = ${applicants.id})`,
    );
  for (const id of ids)
    await recordAudit(db, {
      area: 'candidates',
      action: 'erase',
      recordId: id,
      userId: null,
      email: null,
      address: null,
      changes: { retentionMonths: { to: months } },
    });
  return ids.length;
}
