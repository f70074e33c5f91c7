import { desc, eq, inArray, lt, ne, or, and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailLogs } from '../../db/schema';

/** The database or a transaction (the outbox records a delivery and its log row in one). */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;
export type LogEntry = Pick<
  typeof mailLogs.$inferInsert,
  'senderFullName' | 'senderEmail' | 'sentToMailbox' | 'recipients'
>;

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

  list: () =>
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
      .orderBy(desc(mailLogs.sentTimestamp), desc(mailLogs.id)),

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
