import type { Catalogue } from './catalogue';

/**
 * The candidate pipeline's staff texts (decision 0160): validation and answers of the /api routes
 * below /candidates, /interviews and /candidate-mail-templates, and the screens that call them.
 * The back office is in English; the candidate's own mails are templates per language.
 */
export const CANDIDATES_MSG = {
  stageInvalid: 'Choose a stage.',
  reasonRequired: 'Give a reason for the rejection or withdrawal.',
  reasonTooLong: 'The reason is at most 500 characters.',
  noteRequired: 'Write a note.',
  noteTooLong: 'A note is at most 5000 characters.',
  candidateNotFound: 'That candidate does not exist (any more).',
  interviewNotFound: 'That interview does not exist (any more).',
  notYourCandidate: 'You do not interview this candidate.',
  noCv: 'This candidate sent no CV.',
  startsAtInvalid: 'Give the date and time in Brussels time.',
  startsAtPast: 'An interview is scheduled in the future.',
  durationInvalid: 'The duration is 15 to 480 minutes.',
  placeRequired: 'Give a place or a video link.',
  placeTooLong: 'The place is at most 200 characters.',
  videoLinkInvalid: 'The video link is an https:// address.',
  interviewersRequired: 'Choose at least one interviewer.',
  interviewersTooMany: 'At most 10 interviewers.',
  interviewerUnknown: 'One of the interviewers is not a staff member.',
  interviewCancelled: 'This interview was cancelled.',
  recommendationInvalid: 'Choose a recommendation.',
  feedbackTooLong: 'Feedback is at most 5000 characters.',
  templateKindInvalid: 'Choose acknowledgement, invitation or rejection.',
  subjectRequired: 'A subject is required.',
  subjectTooLong: 'The subject is at most 200 characters.',
  bodyRequired: 'The text is required.',
  bodyTooLong: 'The text is at most 5000 characters.',
  interviewRequired: 'Choose the interview the invitation is for.',
  templateSaved: 'The template is saved.',
  templateReset: 'The template is back to the default text.',
  mailQueued: (to: string) => `The mail to ${to} is on its way.`,
  rejectionAlreadySent: 'The rejection mail was already sent to this candidate.',
  candidateErased: 'This candidate was erased.',
  noMailbox: 'No mailbox is active: the mail cannot be sent.',
} as const satisfies Catalogue;
