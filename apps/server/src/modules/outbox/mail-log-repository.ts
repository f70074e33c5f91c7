import { asc, desc, eq, inArray, lt, ne, or, and, sql } from 'drizzle-orm';
import type { MailLogSort } from '@app/shared/schemas/mail';
import type { Db } from '../../db/client';
import { mailLogs } from '../../db/schema';

/** The database or a transaction (the outbox records a delivery and its log row in one). */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;
export type LogEntry = Pick<
  typeof mailLogs.$inferInsert,
  'senderFullName' | 'senderEmail' | 'sentToMailbox' | 'recipients'
>;

export interface MailLogWindow {
  sort?: MailLogSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  limit: number;
  offset: number;
}

const SORT_COLUMNS = {
  senderFullName: mailLogs.senderFullName,
  senderEmail: mailLogs.senderEmail,
  sentTimestamp: mailLogs.sentTimestamp,
  sentToMailbox: mailLogs.sentToMailbox,
  recipients: mailLogs.recipients,
} as const;

/** A sort column asks ascending unless told otherwise; no sort column is newest first. */
const orderOf = (sort: MailLogSort | undefined, order: 'asc' | 'desc' | undefined) => {
  const direction = (order ?? (sort ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  return [direction(SORT_COLUMNS[sort ?? 'sentTimestamp']), direction(mailLogs.id)];
};

/** Rows about these messages or naming this sender; never "every row" when both are empty. */
const aboutSubject = (messageIds: number[], email?: string) =>
  or(
    inArray(mailLogs.messageId, messageIds.length ? messageIds : [-1]),
    email === undefined ? undefined : sql`lower(${mailLogs.senderEmail}) = lower(${email})`,
  );

/** The only code that reads or writes mail_logs. */
export const mailLogRepository = (db: Queryable) => ({
  insert: async (entry: LogEntry & { messageId: number }): Promise<void> => {
    await db.insert(mailLogs).values(entry);
  },

  /**
   * A window of the log in the database's order: by `sort` (ties broken by id, in the same
   * direction, so that pages neither repeat nor skip a row), newest first without it. The orders by
   * time, name and address read an index (migration 0011) forwards or backwards.
   */
  list: ({ sort, order, limit, offset }: MailLogWindow) =>
    db
      .select({
        id: mailLogs.id,
        senderFullName: mailLogs.senderFullName,
        senderEmail: mailLogs.senderEmail,
        sentTimestamp: mailLogs.sentTimestamp,
        sentToMailbox: mailLogs.sentToMailbox,
        recipients: mailLogs.recipients,
      })
      .from(mailLogs)
      .where(
        inArray(
          mailLogs.id,
          // The window's ids first, then those rows: an OFFSET deep in the log reads the index only.
          db
            .select({ id: mailLogs.id })
            .from(mailLogs)
            .orderBy(...orderOf(sort, order))
            .limit(limit)
            .offset(offset),
        ),
      )
      .orderBy(...orderOf(sort, order)),

  count: async (): Promise<number> => (await db.select({ n: sql<number>`count(*)::int` }).from(mailLogs))[0]?.n ?? 0,

  /** The rows about these messages or naming this sender (a data-subject request). */
  forSubject: (messageIds: number[], email?: string) =>
    db
      .select()
      .from(mailLogs)
      .where(aboutSubject(messageIds, email))
      .orderBy(desc(mailLogs.sentTimestamp), desc(mailLogs.id)),

  /** Erasure on request; answers how many rows went. */
  removeForSubject: async (messageIds: number[], email?: string): Promise<number> =>
    (await db.delete(mailLogs).where(aboutSubject(messageIds, email)).returning({ id: mailLogs.id })).length,

  /** Retention: rows older than `days` days keep when and where a mail went, not who sent it. */
  anonymiseOlderThan: async (days: number): Promise<number> =>
    (
      await db
        .update(mailLogs)
        .set({ senderFullName: '', senderEmail: '' })
        .where(
          and(
            lt(mailLogs.sentTimestamp, sql`now() - (${days} * interval '1 day')`),
            or(ne(mailLogs.senderFullName, ''), ne(mailLogs.senderEmail, '')),
          ),
        )
        .returning({ id: mailLogs.id })
    ).length,

  remove: async (id: number): Promise<boolean> =>
    (await db.delete(mailLogs).where(eq(mailLogs.id, id)).returning({ id: mailLogs.id })).length > 0,
});
export type MailLogRepository = ReturnType<typeof mailLogRepository>;
