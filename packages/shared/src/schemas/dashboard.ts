import { z } from 'zod';
import { contactMessageSchema, mailHealth } from './mail';
import { localeField } from './translations';

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
