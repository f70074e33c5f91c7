import type { Locale } from '@app/shared/locales';
import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { mailLogRepository, type LogEntry } from './mail-log-repository';

export type OutboxRow = typeof contactMessages.$inferSelect;
export type NewMessage = Pick<OutboxRow, 'fullName' | 'email' | 'phoneNumber' | 'message'> &
  Partial<Pick<OutboxRow, 'vacancyId' | 'vacancyTitle' | 'attachmentName' | 'attachment' | 'language'>>;
/** A claimed message: `claimToken` names this claim; only its holder may start or record a transmission. */
export type Claimed = OutboxRow & { messageId: string; claimToken: string };

const m = contactMessages;
/** Database time, so that several instances agree on what is due whatever their clocks say. */
const inMs = (ms: number): SQL => sql`now() + (${Math.max(0, Math.round(ms))} * interval '1 millisecond')`;
const due = or(
  and(eq(m.status, 'pending'), lte(m.nextAttemptAt, sql`now()`)),
  // A worker that died leaves 'sending' behind: its lease runs out and another takes over. Without
  // transmitting_since the message was never handed to SMTP; with it, it may have gone out.
  and(eq(m.status, 'sending'), lte(m.lockedUntil, sql`now()`)),
);
/** Only the claim that is still current may act on the message (another worker may have taken over). */
const owned = (row: Pick<Claimed, 'id' | 'claimToken'>) =>
  and(eq(m.id, row.id), eq(m.status, 'sending'), eq(m.claimToken, row.claimToken));
/** Back out of a claim: no holder, no transmission under way. */
const unclaimed = { lockedUntil: null, claimToken: null, transmittingSince: null } as const;
/** What retention leaves of a message: the row (date, status, vacancy), nothing personal. */
const erasedFields = {
  fullName: '',
  email: '',
  phoneNumber: '',
  message: '',
  attachment: null,
  attachmentName: null,
  lastError: null,
  erasedAt: sql`now()`,
  status: sql`case when ${m.status} in ('pending', 'sending') then 'failed'::message_status else ${m.status} end`,
  ...unclaimed,
};

/**
 * What staff list: contact messages not erased by retention (confirmations to visitors are not
 * staff's messages; the mail log records them), with `email` only those from that address.
 */
/** `applicationsOnly`: only the messages that apply for a vacancy (what a recruiter sees). */
const staffListed = (email?: string, applicationsOnly = false) =>
  and(
    eq(m.kind, 'contact'),
    isNull(m.erasedAt),
    email ? sql`lower(${m.email}) = lower(${email})` : undefined,
    // The title stays when the vacancy is deleted (vacancy_id is then set null).
    applicationsOnly ? isNotNull(m.vacancyTitle) : undefined,
  );

/** The only code that reads or writes contact_messages (the outbox). */
/** Why a staff action changed no message: the message is in another state, or there is none. */
async function unchangedBecause<T extends string>(db: Db, id: number, otherState: T): Promise<T | 'missing'> {
  const found = await db
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.id, id), eq(m.kind, 'contact')));
  return found.length ? otherState : 'missing';
}

export const outboxRepository = (db: Db) => ({
  /**
   * The message and its attachment are one row: stored together or not at all. With
   * `confirmation` (the text for the visitor), its confirmation row is stored in the same
   * transaction: both or neither, and at most one per message (unique confirms_id). `alongside`
   * writes what else belongs to the message in the same transaction (an application's candidate).
   */
  insert: (
    msg: NewMessage,
    confirmation?: { text: string; vacancyTitle?: string | null },
    alongside?: (tx: Db, id: number) => Promise<unknown>,
  ): Promise<number> =>
    db.transaction(async (tx) => {
      const id = (
        await tx
          .insert(m)
          .values({ ...msg, status: 'pending' })
          .returning({ id: m.id })
      )[0]!.id;
      if (confirmation) {
        await tx.insert(m).values({
          kind: 'confirmation',
          confirmsId: id,
          fullName: msg.fullName,
          email: msg.email,
          phoneNumber: '',
          message: confirmation.text,
          vacancyId: msg.vacancyId ?? null,
          // The title the visitor read, in their language; its subject is in that language too.
          vacancyTitle: confirmation.vacancyTitle ?? msg.vacancyTitle ?? null,
          language: msg.language ?? 'en',
          status: 'pending',
        });
      }
      if (alongside) await alongside(tx, id);
      return id;
    }),

  /** An account link's mail (an invitation, a reset) to `to`, its text already sealed (account-mail.ts). */
  insertAccountMail: async (mail: { to: string; subject: string; sealedText: string }): Promise<number> =>
    (
      await db
        .insert(m)
        .values({
          kind: 'account',
          fullName: '',
          email: mail.to,
          subject: mail.subject,
          message: mail.sealedText,
          status: 'pending',
        })
        .returning({ id: m.id })
    )[0]!.id,

  /**
   * A candidate pipeline mail (decision 0160) to one person, with an interview's .ics when there is
   * one. Call it with the transaction that records the mail in the candidate's timeline.
   */
  insertCandidateMail: async (mail: {
    to: string;
    fullName: string;
    subject: string;
    text: string;
    language: Locale;
    attachment?: { name: string; content: Buffer };
  }): Promise<number> =>
    (
      await db
        .insert(m)
        .values({
          kind: 'candidate',
          fullName: mail.fullName,
          email: mail.to,
          subject: mail.subject,
          message: mail.text,
          language: mail.language,
          attachmentName: mail.attachment?.name ?? null,
          attachment: mail.attachment?.content ?? null,
          status: 'pending',
        })
        .returning({ id: m.id })
    )[0]!.id,

  /**
   * Takes up to `limit` due messages for this worker, atomically: rows another transaction holds
   * are skipped, not waited for, so workers on one PostgreSQL never claim the same row. A claim
   * sets a lease and a new claim token and fixes the Message-ID the SMTP server will see; it is no
   * attempt yet (see startTransmission), so a claim that is never acted on costs nothing.
   */
  claim: async (limit: number, leaseMs: number, messageIdDomain: string): Promise<Claimed[]> => {
    const ids = db
      .select({ id: m.id })
      .from(m)
      .where(due)
      .orderBy(m.nextAttemptAt, m.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(m)
      .set({
        status: 'sending',
        claimToken: sql`gen_random_uuid()`,
        transmittingSince: null,
        lockedUntil: inMs(leaseMs),
        messageId: sql`coalesce(${m.messageId}, '<contact-' || ${m.id} || '.' || gen_random_uuid() || '@' || ${messageIdDomain}::text || '>')`,
      })
      .where(inArray(m.id, ids))
      .returning();
    return (rows as Claimed[]).sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id);
  },

  /**
   * Just before the message goes to SMTP: counts the attempt, marks it as on the wire and gives it
   * a lease of its own for this one send. Answers the row as now stored, or undefined when this
   * claim no longer holds it (its lease ran out and another worker took over): then it is not sent.
   */
  startTransmission: async (row: Claimed, leaseMs: number): Promise<Claimed | undefined> => {
    const [started] = await db
      .update(m)
      .set({ attempts: sql`${m.attempts} + 1`, transmittingSince: sql`now()`, lockedUntil: inMs(leaseMs) })
      .where(owned(row))
      .returning({ attempts: m.attempts, transmittingSince: m.transmittingSince, lockedUntil: m.lockedUntil });
    return started ? { ...row, ...started } : undefined;
  },

  /** Claims this worker will not act on (it stops): due again at once, as never attempted. */
  release: async (rows: Claimed[]): Promise<void> => {
    if (!rows.length) return;
    await db
      .update(m)
      .set({ status: 'pending', ...unclaimed })
      .where(
        and(
          inArray(
            m.id,
            rows.map((r) => r.id),
          ),
          eq(m.status, 'sending'),
          // Claim tokens are unique: a row still carrying one of ours is still ours.
          inArray(
            m.claimToken,
            rows.map((r) => r.claimToken),
          ),
          isNull(m.transmittingSince),
        ),
      );
  },

  /** Success: the message is sent and (a message to staff) logged in one transaction, if this claim still holds it. */
  markSent: (row: Claimed, log: LogEntry): Promise<boolean> =>
    db.transaction(async (tx) => {
      const done = await tx
        .update(m)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          lastError: null,
          // An account link's text (with its one-time link) is not kept once it is delivered.
          message: sql`case when ${m.kind} = 'account' then '' else ${m.message} end`,
          ...unclaimed,
        })
        .where(owned(row))
        .returning({ id: m.id });
      if (done.length === 0) return false;
      // The mail log is staff's record of the messages they received; a visitor's confirmation is
      // recorded on its own outbox row (sent, sent_at) only.
      if (row.kind === 'contact') await mailLogRepository(tx).insert({ ...log, messageId: row.id });
      return true;
    }),

  retryLater: async (row: Claimed, delayMs: number, error: string): Promise<void> => {
    await db
      .update(m)
      .set({ status: 'pending', nextAttemptAt: inMs(delayMs), lastError: error, ...unclaimed })
      .where(owned(row));
  },

  fail: async (row: Claimed, error: string): Promise<void> => {
    await db
      .update(m)
      .set({ status: 'failed', lastError: error, ...unclaimed })
      .where(owned(row));
  },

  /** Nothing can be sent (no mailbox, no recipient): due messages say why, for staff to see. */
  noteWaiting: async (reason: string): Promise<void> => {
    await db
      .update(m)
      .set({ lastError: reason })
      .where(
        and(eq(m.status, 'pending'), lte(m.nextAttemptAt, sql`now()`), sql`${m.lastError} is distinct from ${reason}`),
      );
  },

  /**
   * Staff's messages (newest first) without the attachment bytes, the text or the phone number,
   * with `email` only those from that address (ignoring case): a window of `limit` rows from `offset`.
   */
  list: (f: { email?: string | undefined; applicationsOnly?: boolean; limit: number; offset?: number }) =>
    db
      .select({
        id: m.id,
        fullName: m.fullName,
        email: m.email,
        vacancyId: m.vacancyId,
        vacancyTitle: m.vacancyTitle,
        language: m.language,
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
      .where(
        inArray(
          m.id,
          // The window's ids first, from contact_messages_staff_list_idx (migration 0011), which
          // holds this order: the columns are read for the page's rows only, not for every row
          // an OFFSET deep in 100,000 messages skips.
          db
            .select({ id: m.id })
            .from(m)
            .where(staffListed(f.email, f.applicationsOnly))
            .orderBy(desc(m.createdAt), desc(m.id))
            .limit(f.limit)
            .offset(f.offset ?? 0),
        ),
      )
      .orderBy(desc(m.createdAt), desc(m.id)),

  /** How many messages `list` pages through. */
  countListed: async (email?: string, applicationsOnly = false): Promise<number> =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(m)
        .where(staffListed(email, applicationsOnly))
    )[0]?.n ?? 0,

  /** The newest message the worker has tried (or noted a reason on): the last delivery result. */
  lastTried: async () =>
    (
      await db
        .select({ id: m.id, status: m.status, sentAt: m.sentAt, createdAt: m.createdAt, lastError: m.lastError })
        .from(m)
        .where(or(sql`${m.attempts} > 0`, isNotNull(m.lastError)))
        .orderBy(desc(m.id))
        .limit(1)
    )[0],

  /**
   * A data-subject request: every message from this address (ignoring case), newest first, with the
   * attachment bytes when asked (the export). Rows already erased by retention hold nothing personal.
   * The confirmations sent to the visitor are not listed (they repeat nothing the visitor wrote) and
   * go with their message when it is erased (`confirms_id … on delete cascade`).
   */
  byEmail: (email: string) =>
    db
      .select()
      .from(m)
      .where(and(sql`lower(${m.email}) = lower(${email})`, eq(m.kind, 'contact'), isNull(m.erasedAt)))
      .orderBy(desc(m.createdAt), desc(m.id)),

  /** Erasure on request: the rows go, with their attachments. Answers the ids that were erased. */
  remove: async (ids: number[]): Promise<number[]> =>
    ids.length ? (await db.delete(m).where(inArray(m.id, ids)).returning({ id: m.id })).map((r) => r.id) : [],

  /**
   * Retention: messages received more than `days` days ago keep their row (counts, dates, status)
   * but lose every personal field and the file. A message still waiting is given up. The
   * applications of a person who agreed to be kept for future vacancies stay: the candidate
   * retention erases them with their candidate (modules/retention/candidates.ts). Answers how many.
   */
  eraseOlderThan: async (days: number): Promise<number> =>
    (
      await db
        .update(m)
        .set(erasedFields)
        .where(
          and(
            isNull(m.erasedAt),
            lt(m.createdAt, sql`now() - (${days} * interval '1 day')`),
            sql`not exists (
              select 1 from candidates c join applicants a on a.id = c.applicant_id
              where a.keep_consent_at is not null and (c.message_id = ${m.id} or exists (
                select 1 from candidate_events e
                where e.candidate_id = c.id and e.kind = 'applied' and (e.data->>'messageId')::int = ${m.id})))`,
          ),
        )
        .returning({ id: m.id })
    ).length,

  /** These rows, as retention erases them (an erased candidate's applications and mails). Answers how many. */
  eraseIds: async (ids: number[]): Promise<number> =>
    ids.length
      ? (
          await db
            .update(m)
            .set(erasedFields)
            .where(and(isNull(m.erasedAt), inArray(m.id, ids)))
            .returning({ id: m.id })
        ).length
      : 0,

  /** A failed message goes back to the queue, with a fresh count of attempts. */
  resend: async (id: number): Promise<'queued' | 'not-failed' | 'missing'> => {
    const rows = await db
      .update(m)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, ...unclaimed })
      .where(and(eq(m.id, id), eq(m.kind, 'contact'), eq(m.status, 'failed')))
      .returning({ id: m.id });
    return rows.length ? 'queued' : unchangedBecause(db, id, 'not-failed');
  },

  /**
   * Waiting messages become due now instead of at the end of their backoff (a mailbox was saved
   * or sent a test successfully): answers how many.
   */
  retryWaitingNow: async (): Promise<number> =>
    (
      await db
        .update(m)
        .set({ nextAttemptAt: sql`now()` })
        .where(and(eq(m.status, 'pending'), sql`${m.nextAttemptAt} > now()`))
        .returning({ id: m.id })
    ).length,

  /** One waiting message becomes due now ("Send now"). */
  sendNow: async (id: number): Promise<'queued' | 'not-waiting' | 'missing'> => {
    const rows = await db
      .update(m)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(m.id, id), eq(m.kind, 'contact'), eq(m.status, 'pending')))
      .returning({ id: m.id });
    return rows.length ? 'queued' : unchangedBecause(db, id, 'not-waiting');
  },

  /** Waiting and failed counts, and how many waiting messages were already tried (or noted) in vain. */
  health: async (): Promise<{ waiting: number; failed: number; waitingInVain: number }> => {
    const [row] = await db
      .select({
        waiting: sql<number>`count(*) filter (where ${m.status} in ('pending', 'sending'))::int`,
        failed: sql<number>`count(*) filter (where ${m.status} = 'failed')::int`,
        waitingInVain: sql<number>`count(*) filter (where ${m.status} = 'pending' and ${m.lastError} is not null)::int`,
      })
      .from(m)
      // Only the statuses counted: contact_messages_due_idx finds the few waiting and failed
      // messages instead of a scan of every message ever received.
      .where(and(eq(m.kind, 'contact'), isNull(m.erasedAt), inArray(m.status, ['pending', 'sending', 'failed'])));
    return row ?? { waiting: 0, failed: 0, waitingInVain: 0 };
  },

  /** Counts per status (bench and tests). */
  counts: async (): Promise<Record<string, number>> => {
    const rows = await db
      .select({ status: m.status, n: sql<number>`count(*)::int` })
      .from(m)
      .groupBy(m.status);
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
