import { COMPANY_TIME_ZONE } from '@app/shared/brussels';
import type { Locale } from '@app/shared/locales';
import { INTERVIEW_MAIL_MSG as T } from '@app/shared/messages/interview-mail';
import { ROUTES } from '@app/shared/routes';
import type { Db } from '../../db/client';
import { outboxRepository } from '../outbox';
import { interviewIcs } from './ics';
import { INTERVIEW_CANCELLATION, UPDATED_SUBJECT_PREFIX } from './interview-candidate-texts';
import type { InterviewedCandidate, InterviewRow, Person } from './interviews-repository';
import { recordCandidateEvent, type Actor } from './events';
import { POOL_VACANCY_NAME } from './template-defaults';
import { candidateMailText, fillTemplate, type TemplateValues } from './template-render';

/** What every interview mail of one request shares: who sends the invitation, the company, the site. */
export interface MailSetting {
  company: string;
  /** The iCalendar ORGANIZER: the company by name, at the address its mail goes out from. */
  organizer: { name: string; email: string };
  publicUrl: string;
}

/** What an interviewer's mail says about the change. */
export type InterviewerNotice = 'scheduled' | 'updated' | 'cancelled' | 'removed';

const ICS_NAME = 'interview.ics';

/** The interview's time as staff read it: English, Brussels time. */
const staffWhen = (at: Date): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone: COMPANY_TIME_ZONE, dateStyle: 'full', timeStyle: 'short' }).format(at);

const placeOf = (i: Pick<InterviewRow, 'location' | 'videoLink'>): string =>
  [i.location, i.videoLink].filter(Boolean).join(' — ');

/**
 * The interview's mails (decision 0160), each an outbox row to one person with the interview's
 * .ics: the same UID for its whole life, the SEQUENCE of the row as it is now, REQUEST while it
 * stands and CANCEL for those it no longer concerns. Called inside the change's transaction.
 */
export function interviewMails(db: Db, setting: MailSetting) {
  const outbox = outboxRepository(db);

  const ics = (
    interview: InterviewRow,
    method: 'REQUEST' | 'CANCEL',
    summary: string,
    description: string,
    attendees: { name: string; email: string }[],
  ) =>
    interviewIcs({
      uid: interview.uid,
      sequence: interview.sequence,
      method,
      startsAt: interview.startsAt,
      durationMinutes: interview.durationMinutes,
      summary,
      description,
      location: interview.location,
      videoLink: interview.videoLink,
      organizer: setting.organizer,
      attendees,
    });

  return {
    /** One interviewer's mail: an invitation, an update, a cancellation, or the news they were taken off it. */
    async toInterviewer(
      person: Person,
      notice: InterviewerNotice,
      interview: InterviewRow,
      candidate: InterviewedCandidate,
      panel: Person[],
    ): Promise<number> {
      const vacancy = candidate.vacancyTitle ?? T.interviewMailPool;
      const when = staffWhen(interview.startsAt);
      const subject = {
        scheduled: T.interviewMailSubject,
        updated: T.interviewMailUpdatedSubject,
        cancelled: T.interviewMailCancelledSubject,
        removed: T.interviewMailCancelledSubject,
      }[notice](candidate.fullName, vacancy, when);
      const intro = {
        scheduled: T.interviewMailIntro,
        updated: T.interviewMailUpdatedIntro,
        cancelled: T.interviewMailCancelledIntro,
        removed: T.interviewMailRemovedIntro,
      }[notice](candidate.fullName, vacancy);
      const link = `${setting.publicUrl}${ROUTES.interviewCandidate.path.replace(':id', String(candidate.id))}`;
      const text = [
        intro,
        '',
        T.interviewMailWhen(when),
        T.interviewMailDuration(interview.durationMinutes),
        ...(interview.location ? [T.interviewMailPlace(interview.location)] : []),
        ...(interview.videoLink ? [T.interviewMailVideo(interview.videoLink)] : []),
        T.interviewMailInterviewers(panel.map((p) => p.name).join(', ')),
        ...(notice === 'removed' ? [] : ['', T.interviewMailLink(link)]),
      ].join('\n');
      const stands = notice === 'scheduled' || notice === 'updated';
      // The calendar entry names the panel and the candidate; a removal names only the one taken off.
      const attendees =
        notice === 'removed' ? [person] : [...panel, { name: candidate.fullName, email: candidate.email }];
      return outbox.insertCandidateMail({
        to: person.email,
        fullName: person.name,
        subject,
        text,
        language: 'en',
        attachment: {
          name: ICS_NAME,
          content: ics(
            interview,
            stands ? 'REQUEST' : 'CANCEL',
            T.interviewMailSummary(candidate.fullName, vacancy),
            text,
            attendees,
          ),
        },
      });
    },

    /**
     * The candidate's update or cancellation, in their language, once they were invited. Their .ics
     * names only themselves: the interviewers' addresses are the company's business. The timeline
     * records the mail like the mails module records the invitation.
     */
    async toCandidate(
      notice: 'updated' | 'cancelled',
      interview: InterviewRow,
      candidate: InterviewedCandidate,
      actor: Actor,
    ): Promise<number> {
      const language: Locale = candidate.language;
      const values: TemplateValues = {
        name: candidate.fullName,
        vacancy: candidate.vacancyTitle ?? POOL_VACANCY_NAME[language],
        company: setting.company,
        interview: {
          startsAt: interview.startsAt,
          durationMinutes: interview.durationMinutes,
          place: placeOf(interview),
        },
      };
      let subject: string;
      let text: string;
      if (notice === 'updated') {
        const invitation = await candidateMailText(db, 'invitation', language, values);
        subject = UPDATED_SUBJECT_PREFIX[language] + invitation.subject;
        text = invitation.body;
      } else {
        subject = fillTemplate(INTERVIEW_CANCELLATION[language].subject, values, language);
        text = fillTemplate(INTERVIEW_CANCELLATION[language].body, values, language);
      }
      const me = { name: candidate.fullName, email: candidate.email };
      const outboxId = await outbox.insertCandidateMail({
        to: candidate.email,
        fullName: candidate.fullName,
        subject,
        text,
        language,
        attachment: {
          name: ICS_NAME,
          content: ics(interview, notice === 'updated' ? 'REQUEST' : 'CANCEL', subject, text, [me]),
        },
      });
      await recordCandidateEvent(db, {
        candidateId: candidate.id,
        kind: 'mail',
        actor,
        // interviewId: which interview the mail is about (the invitation's entry carries it too).
        data: { mailKind: 'invitation', language, subject, outboxId, interviewId: interview.id } as {
          mailKind: 'invitation';
          language: Locale;
          subject: string;
          outboxId: number;
        },
      });
      return outboxId;
    },
  };
}
