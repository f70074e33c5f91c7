import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailboxes, providers } from '../../db/schema';
import type { ProviderRow } from './providers-repository';

export type MailboxRow = typeof mailboxes.$inferSelect;
export type MailboxFields = Omit<MailboxRow, 'id'>;

/** The only code that reads or writes mailboxes. */
export const mailboxesRepository = (db: Db) => ({
  /**
   * A window of the mailboxes, oldest first, each with its provider (a mailbox always has one: the
   * foreign key), joined in the database rather than by loading every provider.
   */
  listWithProviders: (limit: number, offset: number): Promise<{ mailbox: MailboxRow; provider: ProviderRow }[]> =>
    db
      .select({ mailbox: mailboxes, provider: providers })
      .from(mailboxes)
      .innerJoin(providers, eq(providers.id, mailboxes.providerId))
      .orderBy(asc(mailboxes.id))
      .limit(limit)
      .offset(offset),

  count: async (): Promise<number> => (await db.select({ n: sql<number>`count(*)::int` }).from(mailboxes))[0]?.n ?? 0,

  find: async (id: number): Promise<MailboxRow | undefined> =>
    (await db.select().from(mailboxes).where(eq(mailboxes.id, id)))[0],

  findActive: async (): Promise<MailboxRow | undefined> =>
    (await db.select().from(mailboxes).where(eq(mailboxes.active, true)))[0],

  /** Activating one mailbox deactivates the others in the same transaction (one active at a time). */
  create: (fields: MailboxFields): Promise<MailboxRow> =>
    db.transaction(async (tx) => {
      if (fields.active) await tx.update(mailboxes).set({ active: false }).where(eq(mailboxes.active, true));
      return (await tx.insert(mailboxes).values(fields).returning())[0]!;
    }),

  /**
   * Saves the settings. A new password (encrypted) replaces the stored one; without one, the stored
   * password is kept only if the destination it was entered for is unchanged (host, port,
   * username, protocol, provider), else cleared, so that it never goes anywhere else. The
   * comparison is made by the UPDATE itself, against the row as it is at that moment.
   */
  update: (
    id: number,
    fields: Omit<MailboxFields, 'passwordEnc'>,
    newPasswordEnc?: string,
  ): Promise<MailboxRow | undefined> =>
    db.transaction(async (tx) => {
      if (fields.active) await tx.update(mailboxes).set({ active: false }).where(ne(mailboxes.id, id));
      const sameDestination = and(
        eq(mailboxes.host, fields.host),
        eq(mailboxes.port, fields.port),
        eq(mailboxes.username, fields.username),
        eq(mailboxes.protocol, fields.protocol),
        eq(mailboxes.providerId, fields.providerId),
      );
      const passwordEnc =
        newPasswordEnc ?? sql`case when ${sameDestination} then ${mailboxes.passwordEnc} else null end`;
      return (
        await tx
          .update(mailboxes)
          .set({ ...fields, passwordEnc })
          .where(eq(mailboxes.id, id))
          .returning()
      )[0];
    }),

  /** Whether any mailbox was made from this provider (a provider in use is not deleted). */
  usesProvider: async (providerId: number): Promise<boolean> =>
    (await db.select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.providerId, providerId)).limit(1))
      .length > 0,

  remove: async (id: number): Promise<boolean> =>
    (await db.delete(mailboxes).where(eq(mailboxes.id, id)).returning({ id: mailboxes.id })).length > 0,
});
export type MailboxesRepository = ReturnType<typeof mailboxesRepository>;
