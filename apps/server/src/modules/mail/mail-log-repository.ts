import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailLogs } from '../../db/schema';

export const mailLogRepository = (db: Db) => ({
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
