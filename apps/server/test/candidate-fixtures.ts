import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Locale } from '@app/shared/locales';
import type { CandidateStage } from '@app/shared/schemas/candidates';
import { applicants, candidateEvents, candidates, contactMessages } from '../src/db/schema';
import { pdfBytes } from './contact-fixtures';

/**
 * A candidate as an application through the public form makes one (message, applicant, candidate,
 * 'applied' entry), written straight into the database: for tests of the parts that act on
 * candidates without going through the form and its captcha each time.
 */
export async function insertCandidate(
  app: FastifyInstance,
  opts: {
    email?: string;
    fullName?: string;
    language?: Locale;
    vacancyId?: number | null;
    vacancyTitle?: string | null;
    stage?: CandidateStage;
    withCv?: boolean;
    appliedAt?: Date;
  } = {},
): Promise<{ candidateId: number; applicantId: number; messageId: number }> {
  const email = opts.email ?? `candidate-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const fullName = opts.fullName ?? 'Sam Candidate';
  const language = opts.language ?? 'en';
  const appliedAt = opts.appliedAt ?? new Date();
  return app.db.transaction(async (tx) => {
    const [msg] = await tx
      .insert(contactMessages)
      .values({
        fullName,
        email,
        phoneNumber: '+32 3 123 45 67',
        message: 'I would like to join your team.',
        vacancyId: opts.vacancyId ?? null,
        vacancyTitle: opts.vacancyTitle ?? null,
        attachmentName: opts.withCv === false ? null : 'cv.pdf',
        attachment: opts.withCv === false ? null : pdfBytes(2048),
        language,
        status: 'sent',
        createdAt: appliedAt,
      })
      .returning({ id: contactMessages.id });
    const [known] = await tx
      .select({ id: applicants.id })
      .from(applicants)
      .where(sql`lower(${applicants.email}) = lower(${email})`);
    const [applicant] = known
      ? [known]
      : await tx
          .insert(applicants)
          .values({ email, fullName, phoneNumber: '+32 3 123 45 67', language })
          .returning({ id: applicants.id });
    const [candidate] = await tx
      .insert(candidates)
      .values({
        applicantId: applicant!.id,
        vacancyId: opts.vacancyId ?? null,
        vacancyTitle: opts.vacancyTitle ?? null,
        messageId: msg!.id,
        stage: opts.stage ?? 'new',
        appliedAt,
        stageChangedAt: appliedAt,
      })
      .returning({ id: candidates.id });
    await tx
      .insert(candidateEvents)
      .values({ candidateId: candidate!.id, kind: 'applied', at: appliedAt, data: { messageId: msg!.id } });
    return { candidateId: candidate!.id, applicantId: applicant!.id, messageId: msg!.id };
  });
}
