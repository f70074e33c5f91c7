import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilter {
  userId?: number | undefined;
  area?: string | undefined;
  action?: string | undefined;
  /** Inclusive lower bound. */
  from?: Date | undefined;
  /** Exclusive upper bound. */
  until?: Date | undefined;
}

const a = auditLog;
const where = (f: AuditFilter): SQL | undefined =>
  and(
    f.userId !== undefined ? eq(a.userId, f.userId) : undefined,
    f.area ? eq(a.area, f.area) : undefined,
    f.action ? eq(a.action, f.action) : undefined,
    f.from ? gte(a.at, f.from) : undefined,
    f.until ? lt(a.at, f.until) : undefined,
  );

/**
 * The only code that touches audit_log. It inserts, reads and expires rows; the one update is the
 * count of a row that counts refused sign-ins (auth/refusal-audit.ts), and deleting happens only
 * for rows past the audit period (the API cannot change the trail).
 */
export const auditRepository = (db: Db) => ({
  insert: async (row: NewAuditRow): Promise<void> => {
    await db.insert(a).values(row);
  },

  /** Inserts a row that counts attempts (`changes.attempts.to`), answering its id. */
  insertCounted: async (row: Omit<NewAuditRow, 'changes'>, attempts: number): Promise<number> => {
    const [inserted] = await db
      .insert(a)
      .values({ ...row, changes: { attempts: { to: attempts } } })
      .returning({ id: a.id });
    return inserted!.id;
  },

  setAttempts: async (id: number, attempts: number): Promise<void> => {
    await db
      .update(a)
      .set({ changes: { attempts: { to: attempts } } })
      .where(eq(a.id, id));
  },

  /** Newest first; the id breaks ties between rows written in the same instant. */
  page: async (f: AuditFilter, limit: number, offset: number): Promise<{ items: AuditRow[]; total: number }> => {
    const condition = where(f);
    const [items, [totalRow]] = await Promise.all([
      // The window's ids from the index, then those rows only: an OFFSET deep in 100,000 rows
      // otherwise reads (and decodes the changes of) every row it skips.
      db
        .select()
        .from(a)
        .where(
          inArray(
            a.id,
            db
              .select({ id: a.id })
              .from(a)
              .where(condition)
              .orderBy(desc(a.at), desc(a.id))
              .limit(limit)
              .offset(offset),
          ),
        )
        .orderBy(desc(a.at), desc(a.id)),
      db.select({ n: count() }).from(a).where(condition),
    ]);
    return { items, total: Number(totalRow?.n ?? 0) };
  },

  /** Rows older than `days` days go (database time); answers how many. */
  expire: async (days: number): Promise<number> =>
    (
      await db
        .delete(a)
        .where(lt(a.at, sql`now() - (${days} * interval '1 day')`))
        .returning({ id: a.id })
    ).length,
});
export type AuditRepository = ReturnType<typeof auditRepository>;
