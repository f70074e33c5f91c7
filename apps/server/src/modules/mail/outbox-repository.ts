import { and, desc, eq, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { mailLogRepository, type LogEntry } from './mail-log-repository';

export type OutboxRow = typeof contactMessages.$inferSelect;
export type NewMessage = Pick<OutboxRow, 'fullName' | 'email' | 'phoneNumber' | 'message'> &
  Partial<Pick<OutboxRow, 'vacancyId' | 'vacancyTitle' | 'attachmentName' | 'attachment'>>;
/** A claimed message: `attempts` after the claim is the fencing token of that claim. */
export type Claimed = OutboxRow & { messageId: string };

const m = contactMessages;
/** Database time, so that several instances agree on what is due whatever their clocks say. */
const inMs = (ms: number): SQL => sql`now() + (${Math.max(0, Math.round(ms))} * interval '1 millisecond')`;
const due = or(
  and(eq(m.status, 'pending'), lte(m.nextAttemptAt, sql`now()`)),
  // A worker that died mid-send leaves 'sending' behind: its lease runs out and another takes over.
  and(eq(m.status, 'sending'), lte(m.lockedUntil, sql`now()`)),
);
/** Only the claim that is still current may record an outcome (another worker may have taken over). */
const owned = (row: Pick<Claimed, 'id' | 'attempts'>) => and(eq(m.id, row.id), eq(m.status, 'sending'), eq(m.attempts, row.attempts));

/** The only code that reads or writes contact_messages (the outbox). */
export const outboxRepository = (db: Db) => ({
  /** The message and its attachment are one row: stored together or not at all. */
  insert: async (msg: NewMessage): Promise<number> =>
    (await db.insert(m).values({ ...msg, status: 'pending' }).returning({ id: m.id }))[0]!.id,

  /**
   * Takes up to `limit` due messages for this worker, atomically: rows another transaction holds
   * are skipped, not waited for, so workers on one PostgreSQL never claim the same row. Each claim
   * counts an attempt, sets a lease and fixes the Message-ID the SMTP server will see.
   */
  claim: async (limit: number, leaseMs: number, messageIdDomain: string): Promise<Claimed[]> => {
    const ids = db.select({ id: m.id }).from(m).where(due).orderBy(m.nextAttemptAt, m.id).limit(limit).for('update', { skipLocked: true });
    const rows = await db
      .update(m)
      .set({
        status: 'sending',
        attempts: sql`${m.attempts} + 1`,
        lockedUntil: inMs(leaseMs),
        messageId: sql`coalesce(${m.messageId}, '<contact-' || ${m.id} || '.' || gen_random_uuid() || '@' || ${messageIdDomain}::text || '>')`,
      })
      .where(inArray(m.id, ids))
      .returning();
    return rows as Claimed[];
  },

  /** Success: the message is sent and logged in one transaction, if this claim still holds it. */
  markSent: (row: Claimed, log: LogEntry): Promise<boolean> =>
    db.transaction(async (tx) => {
      const done = await tx
        .update(m)
        .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(owned(row))
        .returning({ id: m.id });
      if (done.length === 0) return false;
      await mailLogRepository(tx).insert({ ...log, messageId: row.id });
      return true;
    }),

  retryLater: async (row: Claimed, delayMs: number, error: string): Promise<void> => {
    await db.update(m).set({ status: 'pending', nextAttemptAt: inMs(delayMs), lockedUntil: null, lastError: error }).where(owned(row));
  },

  fail: async (row: Claimed, error: string): Promise<void> => {
    await db.update(m).set({ status: 'failed', lockedUntil: null, lastError: error }).where(owned(row));
  },

  /** Nothing can be sent (no mailbox, no recipient): due messages say why, for staff to see. */
  noteWaiting: async (reason: string): Promise<void> => {
    await db
      .update(m)
      .set({ lastError: reason })
      .where(and(eq(m.status, 'pending'), lte(m.nextAttemptAt, sql`now()`), sql`${m.lastError} is distinct from ${reason}`));
  },

  /** Newest first, without the attachment bytes. */
  list: () =>
    db
      .select({
        id: m.id,
        fullName: m.fullName,
        email: m.email,
        phoneNumber: m.phoneNumber,
        message: m.message,
        vacancyId: m.vacancyId,
        vacancyTitle: m.vacancyTitle,
        hasAttachment: sql<boolean>`${m.attachment} is not null`,
        attachmentName: m.attachmentName,
        status: m.status,
        attempts: m.attempts,
        nextAttemptAt: m.nextAttemptAt,
        lastError: m.lastError,
        createdAt: m.createdAt,
        sentAt: m.sentAt,
      })
      .from(m)
      .orderBy(desc(m.createdAt), desc(m.id)),

  /** A failed message goes back to the queue, with a fresh count of attempts. */
  resend: async (id: number): Promise<'queued' | 'not-failed' | 'missing'> => {
    const rows = await db
      .update(m)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(and(eq(m.id, id), eq(m.status, 'failed')))
      .returning({ id: m.id });
    if (rows.length) return 'queued';
    return (await db.select({ id: m.id }).from(m).where(eq(m.id, id))).length ? 'not-failed' : 'missing';
  },

  /** Counts per status (bench and tests). */
  counts: async (): Promise<Record<string, number>> => {
    const rows = await db.select({ status: m.status, n: sql<number>`count(*)::int` }).from(m).groupBy(m.status);
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  },

  /** Message-ID per row id for everything that has been tried (bench and tests). */
  messageIds: async (): Promise<{ id: number; messageId: string; status: string }[]> =>
    (await db.select({ id: m.id, messageId: m.messageId, status: m.status }).from(m).where(isNotNull(m.messageId))) as {
      id: number;
      messageId: string;
      status: string;
    }[],
});
export type OutboxRepository = ReturnType<typeof outboxRepository>;
