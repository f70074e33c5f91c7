import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '@app/shared/locales';
import type { Db } from '../../db/client';
import { applicants, candidates } from '../../db/schema';
import { recordCandidateEvent } from './events';
import { inPool } from './repository';

/** A stored contact message, as the pipeline sees it. */
export interface Application {
  messageId: number;
  email: string;
  fullName: string;
  phoneNumber: string;
  language: Locale;
  vacancyId: number | null;
  vacancyTitle: string | null;
  hasCv: boolean;
  /** The text of the "keep me for future vacancies" checkbox when ticked; null when not. */
  keepConsentText: string | null;
}

/** What an application did: nothing (a plain message), a new candidate, or one more application of one. */
export type ApplicationOutcome = { candidateId: number; created: boolean } | undefined;

/**
 * Makes a stored message a candidate (decision 0160), in the caller's transaction so that the
 * message and its candidate exist together or not at all. The person is one applicant per address
 * (their latest name, phone and language kept); an application for a vacancy, or one without a
 * vacancy that carries a CV (the general pool), is a candidate; a second one for the same vacancy
 * or the pool is an 'applied' entry on the same candidate. A plain message is no candidate.
 */
export async function recordApplication(tx: Db, app: Application): Promise<ApplicationOutcome> {
  const forVacancy = app.vacancyId !== null;
  if (!forVacancy && !app.hasCv) return undefined;
  const consent = app.keepConsentText !== null;

  // One applicant per address whatever its case; the latest application's name, phone and language.
  const upserted = await tx.execute<{ id: number }>(sql`
    insert into ${applicants} (email, full_name, phone_number, language, keep_consent_at, keep_consent_text)
    values (${app.email}, ${app.fullName}, ${app.phoneNumber}, ${app.language},
            ${consent ? sql`now()` : null}, ${app.keepConsentText})
    on conflict (lower(email)) do update set
      full_name = excluded.full_name,
      phone_number = excluded.phone_number,
      language = excluded.language,
      keep_consent_at = coalesce(excluded.keep_consent_at, ${applicants}.keep_consent_at),
      keep_consent_text = coalesce(excluded.keep_consent_text, ${applicants}.keep_consent_text)
    returning id`);
  const applicantId = Number(upserted.rows[0]!.id);

  const [inserted] = await tx
    .insert(candidates)
    .values({
      applicantId,
      vacancyId: app.vacancyId,
      vacancyTitle: forVacancy ? app.vacancyTitle : null,
      messageId: app.messageId,
    })
    // One candidate per person and vacancy (or pool): a repeated application joins the existing one.
    .onConflictDoNothing()
    .returning({ id: candidates.id });
  let candidateId = inserted?.id;
  if (candidateId === undefined) {
    const [existing] = await tx
      .select({ id: candidates.id })
      .from(candidates)
      .where(
        and(eq(candidates.applicantId, applicantId), forVacancy ? eq(candidates.vacancyId, app.vacancyId!) : inPool),
      );
    candidateId = existing!.id;
  }

  await recordCandidateEvent(tx, { candidateId, kind: 'applied', actor: null, data: { messageId: app.messageId } });
  if (consent) {
    await recordCandidateEvent(tx, {
      candidateId,
      kind: 'consent',
      actor: null,
      data: { text: app.keepConsentText!, agreed: true },
    });
  }
  return { candidateId, created: inserted !== undefined };
}
