import { z } from 'zod';
import { contactMessageSchema, mailHealth } from './mail';
import { localeField } from './translations';
import type { CandidateStage } from './candidates';

/**
 * GET /api/dashboard (ROLE_ADMIN): what staff need when they open /admin, in one small answer
 * instead of whole lists (docs/behaviour/back-office.md#dashboard-admin).
 */
export const dashboardSchema = z.object({
  /** The same answer as GET /api/mail/health: waiting, failed, and the notice to show. */
  mail: mailHealth,
  /** The mailbox that delivers, or null when none is active. */
  activeMailbox: z.object({ id: z.number(), name: z.string(), host: z.string(), providerName: z.string() }).nullable(),
  /** The most recent message the worker tried: how that went. Null when nothing was tried yet. */
  lastDelivery: z
    .object({
      messageId: z.number(),
      status: contactMessageSchema.shape.status,
      /** ISO 8601: when it was sent, else when it was received. */
      at: z.string(),
      error: z.string().nullable(),
    })
    .nullable(),
  counts: z.object({ posts: z.number(), vacancies: z.number(), users: z.number() }),
  /**
   * What waits for translation, per language: posts and vacancies without a published translation
   * there that is up to date (missing, draft or outdated; their own language excluded).
   */
  waitingForTranslation: z.array(z.object({ language: localeField, posts: z.number(), vacancies: z.number() })),
  /** The five newest contact messages, newest first. */
  latestMessages: z.array(
    contactMessageSchema.pick({
      id: true,
      fullName: true,
      email: true,
      status: true,
      createdAt: true,
      vacancyTitle: true,
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** How long a candidate may wait for a first answer before the dashboard names them. */
export const WAITING_DAYS = 7;
/** How far ahead the dashboard lists interviews. */
export const UPCOMING_INTERVIEW_DAYS = 14;

/**
 * Candidates per stage, every stage named: a record keyed by an enum would list its keys as
 * required without defining them, which the OpenAPI linters refuse.
 */
const stageCounts = z.object({
  new: z.number(),
  screening: z.number(),
  interview: z.number(),
  offer: z.number(),
  hired: z.number(),
  rejected: z.number(),
  withdrawn: z.number(),
} satisfies Record<CandidateStage, z.ZodNumber>);

/**
 * GET /api/dashboard/recruiting (capability `candidates`): the pipeline at a glance, the
 * recruiting part of /admin (decision 0160).
 */
export const recruitingDashboard = z.object({
  /** Every open vacancy (open, closing date not passed), with its candidates per stage. */
  openVacancies: z.array(
    z.object({
      vacancyId: z.number(),
      title: z.string(),
      counts: stageCounts,
      total: z.number(),
    }),
  ),
  /**
   * Candidates with no answer yet who applied more than WAITING_DAYS ago and are not closed, the
   * longest waiting first (at most 10; `waitingTotal` counts them all).
   */
  waiting: z.array(
    z.object({
      candidateId: z.number(),
      fullName: z.string(),
      vacancyId: z.number().nullable(),
      vacancyTitle: z.string().nullable(),
      appliedAt: z.string(),
      days: z.number(),
    }),
  ),
  waitingTotal: z.number(),
  /** Scheduled interviews in the next UPCOMING_INTERVIEW_DAYS days, soonest first (at most 20). */
  upcomingInterviews: z.array(
    z.object({
      interviewId: z.number(),
      candidateId: z.number(),
      candidateName: z.string(),
      vacancyTitle: z.string().nullable(),
      startsAt: z.string(),
      durationMinutes: z.number(),
    }),
  ),
  /** Per vacancy with a hire: the median days from application to hire, and how many hires. */
  timeToHire: z.array(
    z.object({
      vacancyId: z.number().nullable(),
      title: z.string(),
      hired: z.number(),
      medianDays: z.number(),
    }),
  ),
});
export type RecruitingDashboard = z.infer<typeof recruitingDashboard>;
