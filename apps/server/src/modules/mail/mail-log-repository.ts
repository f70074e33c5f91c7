import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailLogs } from '../../db/schema';

/** The database or a transaction (the outbox records a delivery and its log row in one). */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;
export type LogEntry = Pick<
  typeof mailLogs.$inferInsert,
  'senderFullName' | 'senderEmail' | 'sentToMailbox' | 'recipients'
>;

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

  remove: async (id: number): Promise<boolean> =>
    (await db.delete(mailLogs).where(eq(mailLogs.id, id)).returning({ id: mailLogs.id })).length > 0,
});
export type MailLogRepository = ReturnType<typeof mailLogRepository>;
