import type { Catalogue } from './catalogue';

/**
 * The mails an interviewer receives when an interview names them, is moved or is cancelled
 * (decision 0160): English staff texts, each with the interview's .ics. Server-only: no browser
 * bundle ships them. `when` is the Brussels date and time as the server formats it.
 */
export const INTERVIEW_MAIL_MSG = {
  interviewMailSubject: (candidate: string, vacancy: string, when: string) =>
    `Interview: ${candidate} for ${vacancy}, ${when}`,
  interviewMailUpdatedSubject: (candidate: string, vacancy: string, when: string) =>
    `Updated interview: ${candidate} for ${vacancy}, ${when}`,
  interviewMailCancelledSubject: (candidate: string, vacancy: string, when: string) =>
    `Cancelled interview: ${candidate} for ${vacancy}, ${when}`,
  interviewMailPool: 'the general pool',
  interviewMailIntro: (candidate: string, vacancy: string) =>
    `You are an interviewer of ${candidate}, who applied for ${vacancy}.`,
  interviewMailUpdatedIntro: (candidate: string, vacancy: string) =>
    `The interview with ${candidate} (${vacancy}) has changed; the attached calendar file updates your calendar.`,
  interviewMailCancelledIntro: (candidate: string, vacancy: string) =>
    `The interview with ${candidate} (${vacancy}) is cancelled; the attached calendar file removes it from your calendar.`,
  interviewMailRemovedIntro: (candidate: string, vacancy: string) =>
    `You are no longer an interviewer of ${candidate} (${vacancy}); the attached calendar file removes the interview from your calendar.`,
  interviewMailWhen: (when: string) => `When: ${when} (Brussels time)`,
  interviewMailDuration: (minutes: number) => `Duration: ${minutes} minutes`,
  interviewMailPlace: (place: string) => `Place: ${place}`,
  interviewMailVideo: (link: string) => `Video link: ${link}`,
  interviewMailInterviewers: (names: string) => `Interviewers: ${names}`,
  interviewMailLink: (link: string) => `The candidate, their CV and your feedback form: ${link}`,
  interviewMailSummary: (candidate: string, vacancy: string) => `Interview: ${candidate} (${vacancy})`,
} as const satisfies Catalogue;
