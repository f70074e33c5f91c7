import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountTokens, roles, users } from '../../db/schema';

export type Purpose = 'invite' | 'reset';
export type AccountTokenRow = typeof accountTokens.$inferSelect;
/** Why a link does not work: never issued (or replaced, withdrawn), used, or past its time. */
export type LinkRefusal = 'invalid' | 'used' | 'expired';

const t = accountTokens;
const inMs = (ms: number) => sql`now() + (${Math.round(ms)} * interval '1 millisecond')`;

/** The only code that reads or writes account_tokens. */
export const accountTokensRepository = (db: Db) => ({
  /** A new invitation; the unique index refuses a second open one for the same address. */
  insertInvite: async (v: { tokenHash: string; email: string; roleId: number; createdBy: number; ttlMs: number }) =>
    (
      await db
        .insert(t)
        .values({
          purpose: 'invite',
          tokenHash: v.tokenHash,
          email: v.email,
          roleId: v.roleId,
          createdBy: v.createdBy,
          expiresAt: inMs(v.ttlMs),
        })
        .returning()
    )[0]!,

  /** A new reset link for the account; its earlier unused links stop working (one link at a time). */
  insertReset: (v: { tokenHash: string; userId: number; email: string; ttlMs: number }) =>
    db.transaction(async (tx) => {
      await tx.delete(t).where(and(eq(t.purpose, 'reset'), eq(t.userId, v.userId), isNull(t.usedAt)));
      await tx.insert(t).values({
        purpose: 'reset',
        tokenHash: v.tokenHash,
        userId: v.userId,
        email: v.email,
        expiresAt: inMs(v.ttlMs),
      });
    }),

  /** The open invitations (used ones are accounts now), oldest first, with their role and who sent them. */
  openInvites: () =>
    db
      .select({
        id: t.id,
        email: t.email,
        role: roles.name,
        createdAt: t.createdAt,
        expiresAt: t.expiresAt,
        expired: sql<boolean>`${t.expiresAt} <= now()`,
        invitedBy: users.email,
      })
      .from(t)
      .innerJoin(roles, eq(roles.id, t.roleId))
      .leftJoin(users, eq(users.id, t.createdBy))
      .where(and(eq(t.purpose, 'invite'), isNull(t.usedAt)))
      .orderBy(asc(t.createdAt), asc(t.id)),

  openInvite: async (id: number) =>
    (
      await db
        .select({ id: t.id, email: t.email, roleId: t.roleId, role: roles.name })
        .from(t)
        .innerJoin(roles, eq(roles.id, t.roleId))
        .where(and(eq(t.id, id), eq(t.purpose, 'invite'), isNull(t.usedAt)))
    )[0],

  openInviteFor: async (email: string) =>
    (
      await db
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.purpose, 'invite'), isNull(t.usedAt), sql`lower(${t.email}) = lower(${email})`))
    )[0],

  /** Resend: a new token and a new expiry on the same invitation; the old link is dead. False: not open. */
  renewInvite: async (id: number, tokenHash: string, ttlMs: number): Promise<boolean> =>
    (
      await db
        .update(t)
        .set({ tokenHash, expiresAt: inMs(ttlMs) })
        .where(and(eq(t.id, id), eq(t.purpose, 'invite'), isNull(t.usedAt)))
        .returning({ id: t.id })
    ).length > 0,

  /** Withdraw: the invitation and its link are gone. False: not open. */
  removeInvite: async (id: number): Promise<boolean> =>
    (
      await db
        .delete(t)
        .where(and(eq(t.id, id), eq(t.purpose, 'invite'), isNull(t.usedAt)))
        .returning({ id: t.id })
    ).length > 0,

  /**
   * Uses a link, once: in one statement, so two parallel uses cannot both succeed. Answers the row,
   * or why the link does not work.
   */
  use: async (purpose: Purpose, tokenHash: string): Promise<AccountTokenRow | LinkRefusal> => {
    const [used] = await db
      .update(t)
      .set({ usedAt: sql`now()` })
      .where(and(eq(t.tokenHash, tokenHash), eq(t.purpose, purpose), isNull(t.usedAt), gt(t.expiresAt, sql`now()`)))
      .returning();
    if (used) return used;
    const [found] = await db
      .select({ usedAt: t.usedAt })
      .from(t)
      .where(and(eq(t.tokenHash, tokenHash), eq(t.purpose, purpose)));
    return !found ? 'invalid' : found.usedAt ? 'used' : 'expired';
  },

  /** Gives a used link back (what it was for could not be done: the address became an account meanwhile). */
  unuse: async (id: number): Promise<void> => {
    await db.update(t).set({ usedAt: null }).where(eq(t.id, id));
  },

  /**
   * Forgets the links spent more than `days` ago: used ones, and reset links past their time. Each
   * holds an e-mail address, which nothing needs once the link can no longer work; till then a
   * second click still hears "already used" or "expired", not "invalid". Open invitations stay,
   * expired or not: the Users screen lists them to resend or withdraw. Answers how many went.
   */
  dropSpent: async (days: number): Promise<number> =>
    (
      await db
        .delete(t)
        .where(
          sql`${t.usedAt} < now() - ${days} * interval '1 day' or (${t.purpose} = 'reset' and ${t.expiresAt} < now() - ${days} * interval '1 day')`,
        )
        .returning({ id: t.id })
    ).length,

  /** After a reset: the account's other reset links stop working too. */
  dropResets: async (userId: number): Promise<void> => {
    await db.delete(t).where(and(eq(t.purpose, 'reset'), eq(t.userId, userId), isNull(t.usedAt)));
  },
});
