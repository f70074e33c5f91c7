import { z } from 'zod';
import { LIMITS } from '../constants';
import { LOCALES, type Locale } from '../locales';
import { CANDIDATES_MSG as M } from '../messages/candidates';
import { fromBrusselsLocal } from '../brussels';
import { pageOf, pageQuery } from './paging';
import { missing, multiLineText, singleLineText } from './text';

/**
 * The candidate pipeline's contract (decision 0160): the shapes the /api routes below /candidates,
 * /interviews and /candidate-mail-templates take and answer, shared by the server and the screens.
 */

/** The stages in their order on the board: the first five are the way to a hire, the last two end it. */
export const CANDIDATE_STAGES = ['new', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'] as const;
export type CandidateStage = (typeof CANDIDATE_STAGES)[number];
/** Stages that need a reason when a candidate is moved into them. */
export const CLOSING_STAGES = ['rejected', 'withdrawn'] as const satisfies readonly CandidateStage[];
export const STAGE_LABELS: Record<CandidateStage, string> = {
  new: 'New',
  screening: 'Screening',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};
export const needsReason = (stage: CandidateStage): boolean => (CLOSING_STAGES as readonly string[]).includes(stage);

export const CANDIDATE_EVENT_KINDS = ['applied', 'stage', 'note', 'mail', 'interview', 'feedback', 'consent'] as const;
export type CandidateEventKind = (typeof CANDIDATE_EVENT_KINDS)[number];

export const CANDIDATE_MAIL_KINDS = ['acknowledgement', 'invitation', 'rejection'] as const;
export type CandidateMailKind = (typeof CANDIDATE_MAIL_KINDS)[number];

export const INTERVIEW_STATUSES = ['scheduled', 'cancelled'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];

/** The fixed feedback scale, from worst to best (no middle: an interviewer takes a side). */
export const RECOMMENDATIONS = ['strong-no', 'no', 'yes', 'strong-yes'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  'strong-no': 'Strong no',
  no: 'No',
  yes: 'Yes',
  'strong-yes': 'Strong yes',
};

/** What each timeline entry kind keeps in candidate_events.data. */
export type CandidateEventData =
  | { messageId?: number | null } // applied
  | { from?: CandidateStage; to?: CandidateStage; reason?: string | null } // stage
  | { text?: string } // note (private to staff with the 'candidates' capability)
  | { mailKind?: CandidateMailKind; language?: Locale; subject?: string; outboxId?: number } // mail
  | { interviewId?: number; action?: 'scheduled' | 'rescheduled' | 'cancelled'; startsAt?: string } // interview
  | { interviewId?: number; recommendation?: Recommendation } // feedback (its notes stay on the interviewer's row)
  | { text?: string; agreed?: boolean }; // consent

const reasonText = singleLineText().trim().max(500, M.reasonTooLong);

/** POST /api/candidates/:id/stage. A reason is required for Rejected and Withdrawn. */
export const stageChange = z
  .object({
    stage: z.enum(CANDIDATE_STAGES, M.stageInvalid),
    reason: reasonText.optional(),
  })
  .superRefine((v, ctx) => {
    if (needsReason(v.stage) && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: M.reasonRequired });
  });
export type StageChange = z.input<typeof stageChange>;

/** POST /api/candidates/:id/notes: a private staff note. */
export const candidateNote = z.object({
  text: multiLineText(missing(M.noteRequired)).trim().min(1, M.noteRequired).max(LIMITS.message, M.noteTooLong),
});
export type CandidateNoteInput = z.input<typeof candidateNote>;

/** GET /api/candidates: `vacancy` is a vacancy id or 'pool'; sorting happens in the database. */
export const CANDIDATE_SORTS = ['applied', 'name', 'stage', 'waiting'] as const;
export const candidateListQuery = pageQuery.extend({
  vacancy: z.union([z.literal('pool'), z.coerce.number().int().positive()]).optional(),
  stage: z.enum(CANDIDATE_STAGES).optional(),
  sort: z.enum(CANDIDATE_SORTS).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
});
export type CandidateListQuery = z.input<typeof candidateListQuery>;

export const candidateSummary = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  language: z.enum(LOCALES as [Locale, ...Locale[]]),
  vacancyId: z.number().nullable(),
  /** Null in the general pool. */
  vacancyTitle: z.string().nullable(),
  stage: z.enum(CANDIDATE_STAGES),
  stageChangedAt: z.string(),
  appliedAt: z.string(),
  /** No answer yet (no mail, still New): the dashboard counts those waiting over a week. */
  waiting: z.boolean(),
  hasCv: z.boolean(),
  /** Other applications by the same person (same address), for other vacancies or the pool. */
  otherApplications: z.number(),
});
export type CandidateSummary = z.infer<typeof candidateSummary>;
export const candidatePage = pageOf(candidateSummary);
export type CandidatePage = z.infer<typeof candidatePage>;

/** GET /api/candidates/board?vacancy=: a column per stage with its count and its first cards. */
export const BOARD_COLUMN_SIZE = 50;
export const candidateBoard = z.object({
  vacancyId: z.number().nullable(),
  vacancyTitle: z.string().nullable(),
  columns: z.array(z.object({ stage: z.enum(CANDIDATE_STAGES), count: z.number(), items: z.array(candidateSummary) })),
});
export type CandidateBoard = z.infer<typeof candidateBoard>;

/** GET /api/candidates/vacancies: what the pipeline's vacancy choice lists, with counts per stage. */
export const pipelineVacancy = z.object({
  /** Null: the general pool. */
  vacancyId: z.number().nullable(),
  title: z.string(),
  status: z.enum(['open', 'closed', 'pool']),
  // An object with a property per stage (not a record keyed by an enum, which the OpenAPI document
  // could only describe with required properties it never defines).
  counts: z.object(
    Object.fromEntries(CANDIDATE_STAGES.map((s) => [s, z.number()])) as Record<CandidateStage, z.ZodNumber>,
  ),
  total: z.number(),
});
export const pipelineVacancies = z.array(pipelineVacancy);
export type PipelineVacancy = z.infer<typeof pipelineVacancy>;

export const timelineEntry = z.object({
  id: z.number(),
  kind: z.enum(CANDIDATE_EVENT_KINDS),
  at: z.string(),
  /** Who did it; null for the candidate (an application) and the system (the retention job). */
  actor: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

export const interviewerFeedback = z.object({
  userId: z.number(),
  name: z.string(),
  recommendation: z.enum(RECOMMENDATIONS).nullable(),
  feedback: z.string().nullable(),
  feedbackAt: z.string().nullable(),
});
export const interviewSchema = z.object({
  id: z.number(),
  candidateId: z.number(),
  startsAt: z.string(),
  durationMinutes: z.number(),
  location: z.string(),
  videoLink: z.string().nullable(),
  status: z.enum(INTERVIEW_STATUSES),
  interviewers: z.array(interviewerFeedback),
});
export type Interview = z.infer<typeof interviewSchema>;

/** GET /api/candidates/:id: everything the candidate page shows. */
export const candidateDetail = candidateSummary.extend({
  phoneNumber: z.string(),
  stageReason: z.string().nullable(),
  /** The application's message (the first one; later ones are in the timeline). */
  message: z.string(),
  /** Agreed to be kept for future vacancies: when, and the text agreed to. */
  keepConsentAt: z.string().nullable(),
  keepConsentText: z.string().nullable(),
  rejectionSent: z.boolean(),
  timeline: z.array(timelineEntry),
  interviews: z.array(interviewSchema),
});
export type CandidateDetail = z.infer<typeof candidateDetail>;

/** GET /api/candidates/interviewers: the staff one may assign (every staff user, ROLE_USER included). */
export const interviewerChoice = z.object({ id: z.number(), name: z.string(), email: z.string() });
export const interviewerChoices = z.array(interviewerChoice);
export type InterviewerChoice = z.infer<typeof interviewerChoice>;

export const MAX_INTERVIEWERS = 10;
/**
 * POST /api/candidates/:id/interviews and PUT /api/interviews/:id: `startsAt` is a Brussels
 * wall-clock time 'YYYY-MM-DDTHH:mm' (the datetime-local field), answered as an ISO instant.
 */
export const interviewForm = z
  .object({
    startsAt: z.string().refine((v) => fromBrusselsLocal(v) !== undefined, M.startsAtInvalid),
    durationMinutes: z.coerce
      .number(M.durationInvalid)
      .int(M.durationInvalid)
      .min(15, M.durationInvalid)
      .max(480, M.durationInvalid),
    location: singleLineText().trim().max(LIMITS.shortText, M.placeTooLong),
    videoLink: singleLineText()
      .trim()
      .refine((v) => v === '' || /^https:\/\/[^\s]+$/i.test(v), M.videoLinkInvalid),
    interviewerIds: z
      .array(z.coerce.number().int().positive(), M.interviewersRequired)
      .min(1, M.interviewersRequired)
      .max(MAX_INTERVIEWERS, M.interviewersTooMany),
  })
  .superRefine((v, ctx) => {
    if (!v.location && !v.videoLink) ctx.addIssue({ code: 'custom', path: ['location'], message: M.placeRequired });
  });
export type InterviewFormInput = z.input<typeof interviewForm>;
export type InterviewFormValues = z.output<typeof interviewForm>;

/** PUT /api/interviews/:id/feedback: the signed-in interviewer's own feedback. */
export const feedbackForm = z.object({
  recommendation: z.enum(RECOMMENDATIONS, M.recommendationInvalid),
  feedback: multiLineText().trim().max(LIMITS.message, M.feedbackTooLong),
});
export type FeedbackFormInput = z.input<typeof feedbackForm>;

/** GET /api/interviews/mine: the signed-in staff member's interviews, upcoming first then past. */
export const myInterview = interviewSchema.extend({
  candidateName: z.string(),
  vacancyTitle: z.string().nullable(),
  /** This interviewer's own feedback (null until given). */
  myRecommendation: z.enum(RECOMMENDATIONS).nullable(),
  myFeedback: z.string().nullable(),
});
export const myInterviews = z.object({ upcoming: z.array(myInterview), past: z.array(myInterview) });
export type MyInterview = z.infer<typeof myInterview>;
export type MyInterviews = z.infer<typeof myInterviews>;

/**
 * GET /api/interviews/candidates/:id: what an interviewer sees of a candidate they interview (403
 * otherwise): no staff notes, no other interviewers' feedback.
 */
export const interviewCandidate = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  language: z.enum(LOCALES as [Locale, ...Locale[]]),
  vacancyTitle: z.string().nullable(),
  message: z.string(),
  hasCv: z.boolean(),
  interviews: z.array(myInterview),
});
export type InterviewCandidate = z.infer<typeof interviewCandidate>;

/** Placeholders a candidate mail template may use; the preview fills them in. */
export const TEMPLATE_PLACEHOLDERS = ['name', 'vacancy', 'company', 'date', 'time', 'duration', 'place'] as const;

export const templateKey = z.object({
  kind: z.enum(CANDIDATE_MAIL_KINDS, M.templateKindInvalid),
  language: z.enum(LOCALES as [Locale, ...Locale[]]),
});
/** PUT /api/candidate-mail-templates/:kind/:language. */
export const templateForm = z.object({
  subject: singleLineText(missing(M.subjectRequired))
    .trim()
    .min(1, M.subjectRequired)
    .max(LIMITS.shortText, M.subjectTooLong),
  body: multiLineText(missing(M.bodyRequired)).trim().min(1, M.bodyRequired).max(LIMITS.message, M.bodyTooLong),
});
export type TemplateFormInput = z.input<typeof templateForm>;
export const mailTemplate = templateKey.extend({
  subject: z.string(),
  body: z.string(),
  /** True while no staff member changed the built-in text. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export const mailTemplates = z.array(mailTemplate);
export type MailTemplate = z.infer<typeof mailTemplate>;

/**
 * POST /api/candidates/:id/mails/preview and /mails: a candidate mail of one kind, in the
 * candidate's language, filled in. Sending takes the same body the preview answered.
 */
export const candidateMailRequest = z.object({
  kind: z.enum(CANDIDATE_MAIL_KINDS, M.templateKindInvalid),
  /** For an invitation: the interview it announces (its time and place fill the template). */
  interviewId: z.coerce.number().int().positive().optional(),
});
export type CandidateMailRequest = z.input<typeof candidateMailRequest>;
export const candidateMailPreview = z.object({
  to: z.string(),
  language: z.enum(LOCALES as [Locale, ...Locale[]]),
  subject: z.string(),
  body: z.string(),
});
export type CandidateMailPreview = z.infer<typeof candidateMailPreview>;

/** The public application form's consent checkbox (multipart field `keepForFuture` = 'yes'). */
export const KEEP_FOR_FUTURE_FIELD = 'keepForFuture';
