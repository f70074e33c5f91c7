import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type {
  CandidateEventData,
  CandidateEventKind,
  CandidateMailKind,
  CandidateStage,
  InterviewStatus,
  Recommendation,
} from '@app/shared/schemas/candidates';
import type { Locale } from '@app/shared/locales';
import { users } from './auth';
import { contactMessages } from './mail';
import { vacancies } from './vacancies';

/** The person behind one or more candidates: one row per address (migration 0017, decision 0160). */
export const applicants = pgTable(
  'applicants',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    language: text('language').$type<Locale>().notNull().default('en'),
    /** Agreed to be kept for future vacancies: when, and the text agreed to (null: erased in time). */
    keepConsentAt: timestamp('keep_consent_at', { withTimezone: true }),
    keepConsentText: text('keep_consent_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('applicants_email_idx').on(sql`lower(${t.email})`)],
);

/** An applicant for one vacancy (or the general pool when vacancyId and vacancyTitle are null). */
export const candidates = pgTable(
  'candidates',
  {
    id: serial('id').primaryKey(),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    vacancyId: integer('vacancy_id').references(() => vacancies.id, { onDelete: 'set null' }),
    vacancyTitle: text('vacancy_title'),
    /** The first application (message and CV); later ones are 'applied' events. */
    messageId: integer('message_id').references(() => contactMessages.id, { onDelete: 'set null' }),
    stage: text('stage').$type<CandidateStage>().notNull().default('new'),
    stageReason: text('stage_reason'),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first answer (a mail, or a stage past New); until then the candidate is waiting. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    hiredAt: timestamp('hired_at', { withTimezone: true }),
    /** Rejected or withdrawn: the retention period counts from here. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The rejection mail's outbox row: set once, so a rejection is never sent twice. */
    rejectionMailId: integer('rejection_mail_id'),
  },
  (t) => [
    uniqueIndex('candidates_applicant_vacancy_idx')
      .on(t.applicantId, t.vacancyId)
      .where(sql`${t.vacancyId} is not null`),
    uniqueIndex('candidates_applicant_pool_idx')
      .on(t.applicantId)
      .where(sql`${t.vacancyId} is null and ${t.vacancyTitle} is null`),
    index('candidates_vacancy_stage_idx').on(t.vacancyId, t.stage, t.appliedAt),
    index('candidates_message_idx').on(t.messageId),
  ],
);

/** A candidate's timeline: every stage change, note, mail, interview and feedback, with who and when. */
export const candidateEvents = pgTable(
  'candidate_events',
  {
    id: serial('id').primaryKey(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CandidateEventKind>().notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the staff member is deleted; null for the candidate's own acts and the system's. */
    actorName: text('actor_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    data: jsonb('data').$type<CandidateEventData>().notNull().default({}),
  },
  (t) => [index('candidate_events_candidate_idx').on(t.candidateId, t.at, t.id)],
);

export const interviews = pgTable(
  'interviews',
  {
    id: serial('id').primaryKey(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    location: text('location').notNull().default(''),
    videoLink: text('video_link'),
    status: text('status').$type<InterviewStatus>().notNull().default('scheduled'),
    /** iCalendar UID, one for the interview's life; SEQUENCE is raised by each update or cancellation. */
    uid: text('uid').notNull().unique(),
    sequence: integer('sequence').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('interviews_candidate_idx').on(t.candidateId), index('interviews_starts_idx').on(t.startsAt)],
);

/** Who interviews, and what each thought (their feedback; seen by recruiters, never by the candidate). */
export const interviewInterviewers = pgTable(
  'interview_interviewers',
  {
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recommendation: text('recommendation').$type<Recommendation>(),
    feedback: text('feedback'),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'interview_interviewers_pk', columns: [t.interviewId, t.userId] }),
    index('interview_interviewers_user_idx').on(t.userId),
  ],
);

/** A template staff edited; without a row, the built-in default of its kind and language applies. */
export const candidateMailTemplates = pgTable(
  'candidate_mail_templates',
  {
    kind: text('kind').$type<CandidateMailKind>().notNull(),
    language: text('language').$type<Locale>().notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ name: 'candidate_mail_templates_pk', columns: [t.kind, t.language] })],
);
