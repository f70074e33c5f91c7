import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { isLocale, LOCALES, type Locale } from '@app/shared/locales';
import { CANDIDATES_MSG as M } from '@app/shared/messages/candidates';
import {
  CANDIDATE_MAIL_KINDS,
  type CandidateMailKind,
  type CandidateMailPreview,
  type MailTemplate,
} from '@app/shared/schemas/candidates';
import type { Db } from '../../db/client';
import { applicants, candidateMailTemplates, candidates, interviews } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { recordAudit } from '../audit';
import { outboxRepository, outboxService } from '../outbox';
import { vacanciesRepository } from '../vacancies';
import { calendarOrganizer, companyName } from './calendar-organizer';
import { actorOf, recordCandidateEvent } from './events';
import { interviewIcs } from './ics';
import { POOL_VACANCY_NAME } from './template-defaults';
import { candidateMailText, templateFor, type TemplateValues } from './template-render';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What a candidate mail needs to know of its candidate. */
interface Addressee {
  candidateId: number;
  email: string;
  fullName: string;
  language: Locale;
  vacancyId: number | null;
  vacancyTitle: string | null;
  rejectionMailId: number | null;
}

type InterviewRow = typeof interviews.$inferSelect;

/** A mail ready to queue: the filled-in text and, for an invitation, its interview. */
interface RenderedMail extends CandidateMailPreview {
  candidate: Addressee;
  interview?: InterviewRow;
}

/**
 * Candidate mails (decision 0160): the templates staff edit per kind and language, and the mails a
 * recruiter previews and sends to one candidate, in the candidate's language. Sending renders the
 * mail again from the same inputs as the preview, so what was shown is what goes.
 */
export function candidateMailsService(app: FastifyInstance) {
  const db = app.db;

  async function addressee(candidateId: number): Promise<Addressee> {
    const [row] = await db
      .select({
        candidateId: candidates.id,
        email: applicants.email,
        fullName: applicants.fullName,
        language: applicants.language,
        vacancyId: candidates.vacancyId,
        vacancyTitle: candidates.vacancyTitle,
        rejectionMailId: candidates.rejectionMailId,
      })
      .from(candidates)
      .innerJoin(applicants, eq(applicants.id, candidates.applicantId))
      .where(eq(candidates.id, candidateId));
    if (!row) throw notFound(M.candidateNotFound);
    return { ...row, language: isLocale(row.language) ? row.language : 'en' };
  }

  /**
   * {vacancy} as the candidate reads it: the vacancy's published translation in their language (the
   * title the public site showed them), else the title they applied for; the pool has its own words.
   */
  async function vacancyName(c: Addressee): Promise<string> {
    if (c.vacancyId !== null) {
      const translated = (await vacanciesRepository(db).translationsOf([c.vacancyId])).find(
        (t) => t.language === c.language && t.status === 'published',
      );
      if (translated) return translated.title;
      if (c.vacancyTitle) return c.vacancyTitle;
      const vacancy = await vacanciesRepository(db).find(c.vacancyId);
      if (vacancy) return vacancy.title;
    }
    return c.vacancyTitle ?? POOL_VACANCY_NAME[c.language];
  }

  /** The signature's company: the site settings' name, else the site's address (as account mails do). */
  const company = () => companyName(db, app.config.publicUrl);

  /** The scheduled interview an invitation announces: the candidate's own, not cancelled. */
  async function interviewFor(candidateId: number, interviewId: number | undefined): Promise<InterviewRow> {
    if (interviewId === undefined)
      throw badRequest(M.interviewRequired, [{ field: 'interviewId', message: M.interviewRequired }]);
    const [row] = await db
      .select()
      .from(interviews)
      .where(and(eq(interviews.id, interviewId), eq(interviews.candidateId, candidateId)));
    if (!row) throw notFound(M.interviewNotFound);
    if (row.status !== 'scheduled') throw conflict(M.interviewCancelled);
    return row;
  }

  /** Where the interview is: its place, and its video link when there is one. */
  const placeOf = (i: InterviewRow) => [i.location.trim(), i.videoLink ?? ''].filter(Boolean).join(' — ');

  async function render(candidateId: number, kind: CandidateMailKind, interviewId?: number): Promise<RenderedMail> {
    const candidate = await addressee(candidateId);
    const interview = kind === 'invitation' ? await interviewFor(candidateId, interviewId) : undefined;
    const values: TemplateValues = {
      name: candidate.fullName,
      vacancy: await vacancyName(candidate),
      company: await company(),
      ...(interview
        ? {
            interview: {
              startsAt: interview.startsAt,
              durationMinutes: interview.durationMinutes,
              place: placeOf(interview),
            },
          }
        : {}),
    };
    const text = await candidateMailText(db, kind, candidate.language, values);
    return {
      to: candidate.email,
      language: candidate.language,
      ...text,
      candidate,
      ...(interview ? { interview } : {}),
    };
  }

  /**
   * The invitation's calendar file: the company organises, the candidate attends. The interviewers
   * are not listed, so their addresses are not handed out (the updates and cancellations the
   * interviews send the candidate list the candidate alone too).
   */
  async function invitationIcs(mail: RenderedMail & { interview: InterviewRow }, sender: string) {
    const name = await company();
    return interviewIcs({
      uid: mail.interview.uid,
      sequence: mail.interview.sequence,
      method: 'REQUEST',
      startsAt: mail.interview.startsAt,
      durationMinutes: mail.interview.durationMinutes,
      summary: mail.subject,
      description: mail.body,
      location: mail.interview.location,
      videoLink: mail.interview.videoLink,
      organizer: { name, email: await calendarOrganizer(db, app.config.adminEmail, sender) },
      attendees: [{ name: mail.candidate.fullName, email: mail.candidate.email }],
    });
  }

  return {
    /** Every kind in every language: staff's text where they changed it, the built-in one elsewhere. */
    async listTemplates(): Promise<MailTemplate[]> {
      const out: MailTemplate[] = [];
      for (const kind of CANDIDATE_MAIL_KINDS)
        for (const language of LOCALES) {
          const t = await templateFor(db, kind, language);
          out.push({
            kind,
            language,
            subject: t.subject,
            body: t.body,
            isDefault: t.isDefault,
            updatedAt: iso(t.updatedAt),
          });
        }
      return out;
    },

    async saveTemplate(
      key: { kind: CandidateMailKind; language: Locale },
      form: { subject: string; body: string },
      req: FastifyRequest,
    ): Promise<MailTemplate> {
      const before = await templateFor(db, key.kind, key.language);
      const now = new Date();
      await db.transaction(async (tx) => {
        await tx
          .insert(candidateMailTemplates)
          .values({ ...key, ...form, updatedAt: now, updatedBy: req.principal?.userId ?? null })
          .onConflictDoUpdate({
            target: [candidateMailTemplates.kind, candidateMailTemplates.language],
            set: { ...form, updatedAt: now, updatedBy: req.principal?.userId ?? null },
          });
        await recordAudit(
          tx as unknown as Db,
          {
            area: 'candidate-mails',
            action: 'update',
            recordId: `${key.kind}/${key.language}`,
            changes: {
              ...(before.subject !== form.subject ? { subject: { from: before.subject, to: form.subject } } : {}),
              ...(before.body !== form.body ? { body: { from: before.body, to: form.body } } : {}),
            },
          },
          req,
        );
      });
      return { ...key, ...form, isDefault: false, updatedAt: now.toISOString() };
    },

    /** Back to the built-in text: the stored row goes (nothing to do when there is none). */
    async resetTemplate(
      key: { kind: CandidateMailKind; language: Locale },
      req: FastifyRequest,
    ): Promise<MailTemplate> {
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(candidateMailTemplates)
          .where(and(eq(candidateMailTemplates.kind, key.kind), eq(candidateMailTemplates.language, key.language)))
          .returning({ subject: candidateMailTemplates.subject });
        if (removed.length)
          await recordAudit(
            tx as unknown as Db,
            { area: 'candidate-mails', action: 'reset', recordId: `${key.kind}/${key.language}` },
            req,
          );
      });
      const t = await templateFor(db, key.kind, key.language);
      return { ...key, subject: t.subject, body: t.body, isDefault: t.isDefault, updatedAt: iso(t.updatedAt) };
    },

    async preview(candidateId: number, kind: CandidateMailKind, interviewId?: number): Promise<CandidateMailPreview> {
      const { to, language, subject, body } = await render(candidateId, kind, interviewId);
      return { to, language, subject, body };
    },

    /**
     * Queues the mail the preview showed, with its timeline entry, in one transaction. A rejection
     * is recorded on the candidate by a conditional update, so of two racing requests one sends and
     * the other is refused (409) with nothing queued. Without an active mailbox the mail waits in
     * the outbox, as every other mail the site sends does, and goes once a mailbox is active.
     */
    async send(
      candidateId: number,
      kind: CandidateMailKind,
      interviewId: number | undefined,
      req: FastifyRequest,
    ): Promise<CandidateMailPreview> {
      const mail = await render(candidateId, kind, interviewId);
      if (kind === 'rejection' && mail.candidate.rejectionMailId !== null) throw conflict(M.rejectionAlreadySent);
      const attachment = mail.interview
        ? {
            name: 'interview.ics',
            content: await invitationIcs({ ...mail, interview: mail.interview }, req.principal?.email ?? mail.to),
          }
        : undefined;
      await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const outboxId = await outboxRepository(tx).insertCandidateMail({
          to: mail.to,
          fullName: mail.candidate.fullName,
          subject: mail.subject,
          text: mail.body,
          language: mail.language,
          ...(attachment ? { attachment } : {}),
        });
        if (kind === 'rejection') {
          const marked = await tx
            .update(candidates)
            .set({ rejectionMailId: outboxId })
            .where(and(eq(candidates.id, candidateId), isNull(candidates.rejectionMailId)))
            .returning({ id: candidates.id });
          if (!marked.length) throw conflict(M.rejectionAlreadySent);
        }
        await tx
          .update(candidates)
          .set({ answeredAt: new Date() })
          .where(and(eq(candidates.id, candidateId), isNull(candidates.answeredAt)));
        await recordCandidateEvent(tx, {
          candidateId,
          kind: 'mail',
          actor: actorOf(req.principal ?? null),
          data: {
            mailKind: kind,
            language: mail.language,
            subject: mail.subject,
            outboxId,
            ...(mail.interview ? { interviewId: mail.interview.id } : {}),
          },
        });
      });
      outboxService(db).wake();
      return { to: mail.to, language: mail.language, subject: mail.subject, body: mail.body };
    },
  };
}
