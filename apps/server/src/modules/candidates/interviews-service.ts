import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fromBrusselsLocal } from '@app/shared/brussels';
import { CANDIDATES_MSG as M } from '@app/shared/messages/candidates';
import type {
  Interview,
  InterviewCandidate,
  InterviewFormValues,
  MyInterview,
  MyInterviews,
  Recommendation,
} from '@app/shared/schemas/candidates';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import type { Principal } from '../auth';
import { messageIdDomain } from '../mail-settings';
import { outboxService } from '../outbox';
import { calendarOrganizer, companyName } from './calendar-organizer';
import { actorOf, recordCandidateEvent } from './events';
import { interviewMails, type MailSetting } from './interview-mails';
import { interviewView, interviewsRepository, type InterviewRow, type Person } from './interviews-repository';

/** An interview as one of its interviewers sees it: the panel's names, only their own feedback. */
const myView = (
  r: InterviewRow & { candidateName: string; vacancyTitle: string | null },
  userId: number,
): MyInterview => {
  const mine = r.interviewers.find((p) => p.userId === userId);
  const full = interviewView(r);
  return {
    ...full,
    interviewers: full.interviewers.map((p) =>
      p.userId === userId ? p : { ...p, recommendation: null, feedback: null, feedbackAt: null },
    ),
    candidateName: r.candidateName,
    vacancyTitle: r.vacancyTitle,
    myRecommendation: mine?.recommendation ?? null,
    myFeedback: mine?.feedback ?? null,
  };
};

const startsAtField = (message: string) => badRequest(message, [{ field: 'startsAt', message }]);
const interviewersField = () =>
  badRequest(M.interviewerUnknown, [{ field: 'interviewerIds', message: M.interviewerUnknown }]);

/**
 * Interviews of the candidate pipeline (decision 0160): recruiters schedule, move and cancel them,
 * and every change mails the people it concerns (interviewers always, the candidate once invited)
 * with the interview's .ics, in the change's transaction, with its timeline entry. Interviewers see
 * their own interviews and candidates, and give their feedback.
 */
export function interviewsService(app: FastifyInstance) {
  /**
   * The ORGANIZER of the interview's calendar file: the company by name, at the active mailbox's
   * address (the mail comes from it, replies go to it); without one (the mails wait in the outbox
   * meanwhile) the administrator's address the site was set up with, else the staff member acting.
   * The same rule as the candidate's invitation (calendar-organizer.ts), so every version of the
   * event names one organizer.
   */
  async function mailSetting(db: Db, principal: Principal): Promise<MailSetting> {
    const company = await companyName(db, app.config.publicUrl);
    const email = await calendarOrganizer(db, app.config.adminEmail, principal.email);
    return { company, organizer: { name: company, email }, publicUrl: app.config.publicUrl };
  }

  /** The worker is woken once the transaction that queued the mails has committed. */
  async function thenWake<T>(work: Promise<T>): Promise<T> {
    const result = await work;
    outboxService(app.db).wake();
    return result;
  }

  /** The form's values checked against the clock and the staff list; the panel in the form's order. */
  async function checked(db: Db, input: InterviewFormValues) {
    const startsAt = new Date(fromBrusselsLocal(input.startsAt)!);
    if (startsAt.getTime() <= Date.now()) throw startsAtField(M.startsAtPast);
    const ids = [...new Set(input.interviewerIds)];
    const staff = await interviewsRepository(db).staff(ids);
    if (staff.length !== ids.length) throw interviewersField();
    const panel = ids.map((id) => staff.find((s) => s.id === id)!);
    return {
      values: {
        startsAt,
        durationMinutes: input.durationMinutes,
        location: input.location,
        videoLink: input.videoLink || null,
      },
      panel,
    };
  }

  /**
   * A change to an interview, told: its timeline entry, and the mails to send of it (by the caller,
   * to whom it concerns), in the change's transaction.
   */
  async function told(
    tx: Db,
    principal: Principal,
    change: {
      candidateId: number;
      interviewId: number;
      action: 'scheduled' | 'rescheduled' | 'cancelled';
      startsAt: Date;
    },
  ) {
    const actor = actorOf(principal);
    await recordCandidateEvent(tx, {
      candidateId: change.candidateId,
      kind: 'interview',
      actor,
      data: { interviewId: change.interviewId, action: change.action, startsAt: change.startsAt.toISOString() },
    });
    return { actor, mails: interviewMails(tx, await mailSetting(tx, principal)) };
  }

  const panelOf = (r: InterviewRow): Person[] =>
    r.interviewers.map((p) => ({ id: p.userId, name: p.name, email: p.email }));

  return {
    async schedule(candidateId: number, input: InterviewFormValues, principal: Principal): Promise<Interview> {
      return thenWake(
        app.db.transaction(async (tx) => {
          const repo = interviewsRepository(tx);
          const candidate = await repo.candidate(candidateId);
          if (!candidate) throw notFound(M.candidateNotFound);
          const { values, panel } = await checked(tx, input);
          // The UID's domain is the one the outbox names Message-IDs with: the site's own host.
          const uid = `${randomUUID()}@${messageIdDomain(app.config.publicUrl)}`;
          const id = await repo.insert({
            candidateId,
            ...values,
            uid,
            createdBy: principal.userId,
            interviewerIds: panel.map((p) => p.id),
          });
          const interview = (await repo.find(id))!;
          const { mails } = await told(tx, principal, {
            candidateId,
            interviewId: id,
            action: 'scheduled',
            startsAt: values.startsAt,
          });
          for (const person of panel) await mails.toInterviewer(person, 'scheduled', interview, candidate, panel);
          return interviewView(interview);
        }),
      );
    },

    async reschedule(interviewId: number, input: InterviewFormValues, principal: Principal): Promise<Interview> {
      return thenWake(
        app.db.transaction(async (tx) => {
          const repo = interviewsRepository(tx);
          await repo.lock(interviewId);
          const before = await repo.find(interviewId);
          if (!before) throw notFound(M.interviewNotFound);
          if (before.status === 'cancelled') throw conflict(M.interviewCancelled);
          const candidate = (await repo.candidate(before.candidateId))!;
          const { values, panel } = await checked(tx, input);
          await repo.reschedule(
            interviewId,
            values,
            panel.map((p) => p.id),
          );
          const after = (await repo.find(interviewId))!;
          const { actor, mails } = await told(tx, principal, {
            candidateId: before.candidateId,
            interviewId,
            action: 'rescheduled',
            startsAt: values.startsAt,
          });
          const kept = new Set(panel.map((p) => p.id));
          for (const gone of panelOf(before).filter((p) => !kept.has(p.id)))
            await mails.toInterviewer(gone, 'removed', after, candidate, panel);
          const earlier = new Set(before.interviewers.map((p) => p.userId));
          for (const person of panel)
            await mails.toInterviewer(
              person,
              earlier.has(person.id) ? 'updated' : 'scheduled',
              after,
              candidate,
              panel,
            );
          if (await repo.candidateInvited(before.candidateId, interviewId))
            await mails.toCandidate('updated', after, candidate, actor);
          return interviewView(after);
        }),
      );
    },

    /** Cancelling a cancelled interview answers it as it is, without mailing anyone again. */
    async cancel(interviewId: number, principal: Principal): Promise<Interview> {
      return thenWake(
        app.db.transaction(async (tx) => {
          const repo = interviewsRepository(tx);
          await repo.lock(interviewId);
          const before = await repo.find(interviewId);
          if (!before) throw notFound(M.interviewNotFound);
          if (!(await repo.cancel(interviewId))) return interviewView(before);
          const after = (await repo.find(interviewId))!;
          const candidate = (await repo.candidate(after.candidateId))!;
          const { actor, mails } = await told(tx, principal, {
            candidateId: after.candidateId,
            interviewId,
            action: 'cancelled',
            startsAt: after.startsAt,
          });
          const panel = panelOf(after);
          for (const person of panel) await mails.toInterviewer(person, 'cancelled', after, candidate, panel);
          if (await repo.candidateInvited(after.candidateId, interviewId))
            await mails.toCandidate('cancelled', after, candidate, actor);
          return interviewView(after);
        }),
      );
    },

    /** The signed-in staff member's interviews: upcoming (soonest first), then past (latest first). */
    async mine(userId: number): Promise<MyInterviews> {
      const rows = (await interviewsRepository(app.db).ofInterviewer(userId)).map((r) => myView(r, userId));
      const now = Date.now();
      const ends = (i: MyInterview) => Date.parse(i.startsAt) + i.durationMinutes * 60_000;
      return {
        upcoming: rows.filter((i) => ends(i) > now),
        past: rows.filter((i) => ends(i) <= now).reverse(),
      };
    },

    /** What an interviewer sees of a candidate they interview; 404 for none, 403 for someone else's. */
    async candidateFor(userId: number, candidateId: number): Promise<InterviewCandidate> {
      const repo = interviewsRepository(app.db);
      const candidate = await repo.candidate(candidateId);
      if (!candidate) throw notFound(M.candidateNotFound);
      const rows = await repo.ofInterviewer(userId, candidateId);
      if (!rows.length) throw forbidden(M.notYourCandidate);
      return {
        id: candidate.id,
        fullName: candidate.fullName,
        email: candidate.email,
        phoneNumber: candidate.phoneNumber,
        language: candidate.language,
        vacancyTitle: candidate.vacancyTitle,
        message: candidate.message,
        hasCv: candidate.hasCv,
        interviews: rows.map((r) => myView(r, userId)),
      };
    },

    async cvFor(userId: number, candidateId: number): Promise<{ name: string | null; content: Buffer }> {
      const repo = interviewsRepository(app.db);
      if (!(await repo.candidate(candidateId))) throw notFound(M.candidateNotFound);
      if (!(await repo.interviews(userId, candidateId))) throw forbidden(M.notYourCandidate);
      const cv = await repo.cv(candidateId);
      if (!cv) throw notFound(M.noCv);
      return cv;
    },

    /** One's own feedback on an interview one is on; it may be changed later, not on a cancelled one. */
    async feedback(
      interviewId: number,
      input: { recommendation: Recommendation; feedback: string },
      principal: Principal,
    ): Promise<MyInterview> {
      return app.db.transaction(async (tx) => {
        const repo = interviewsRepository(tx);
        await repo.lock(interviewId);
        const interview = await repo.find(interviewId);
        if (!interview) throw notFound(M.interviewNotFound);
        if (!interview.interviewers.some((p) => p.userId === principal.userId)) throw forbidden(M.notYourCandidate);
        if (interview.status === 'cancelled') throw conflict(M.interviewCancelled);
        const { recommendation } = input;
        await repo.saveFeedback(interviewId, principal.userId, { recommendation, feedback: input.feedback });
        await recordCandidateEvent(tx, {
          candidateId: interview.candidateId,
          kind: 'feedback',
          actor: actorOf(principal),
          data: { interviewId, recommendation },
        });
        const [row] = (await repo.ofInterviewer(principal.userId, interview.candidateId)).filter(
          (r) => r.id === interviewId,
        );
        return myView(row!, principal.userId);
      });
    },
  };
}
