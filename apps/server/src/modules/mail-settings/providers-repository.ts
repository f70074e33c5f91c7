import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providers } from '../../db/schema';

export type ProviderRow = typeof providers.$inferSelect;
export type ProviderFields = Omit<ProviderRow, 'id'>;

/** The unique index on (lower(provider_name), port, lower(protocol)): db/schema/mail.ts. */
export const PROVIDER_UNIQUE_INDEX = 'providers_name_port_protocol_idx';

/**
 * True when the error is the database refusing a duplicate provider (SQLSTATE 23505 on that
 * index), as drizzle reports it: the driver's error is the `cause` of drizzle's own.
 */
export function isDuplicateProvider(err: unknown): boolean {
  const cause = (err as { cause?: { code?: unknown; constraint?: unknown } } | undefined)?.cause;
  return cause?.code === '23505' && cause.constraint === PROVIDER_UNIQUE_INDEX;
}

/** The only code that reads or writes providers. */
export const providersRepository = (db: Db) => ({
  /** A window of the providers, oldest first (the primary key's order). */
  list: (limit: number, offset: number): Promise<ProviderRow[]> =>
    db.select().from(providers).orderBy(asc(providers.id)).limit(limit).offset(offset),

  count: async (): Promise<number> => (await db.select({ n: sql<number>`count(*)::int` }).from(providers))[0]?.n ?? 0,

  find: async (id: number): Promise<ProviderRow | undefined> =>
    (await db.select().from(providers).where(eq(providers.id, id)))[0],

  /** Same name (case-insensitive), port and protocol: such a provider is a duplicate. */
  findSame: async (name: string, port: number, protocol: string, exceptId?: number): Promise<ProviderRow | undefined> =>
    (
      await db
        .select()
        .from(providers)
        .where(
          and(
            sql`lower(${providers.providerName}) = lower(${name})`,
            eq(providers.port, port),
            sql`lower(${providers.protocol}) = lower(${protocol})`,
            exceptId === undefined ? undefined : sql`${providers.id} <> ${exceptId}`,
          ),
        )
    )[0],

  create: async (fields: ProviderFields): Promise<ProviderRow> =>
    (await db.insert(providers).values(fields).returning())[0]!,

  update: async (id: number, fields: ProviderFields): Promise<ProviderRow | undefined> =>
    (await db.update(providers).set(fields).where(eq(providers.id, id)).returning())[0],

  remove: async (id: number): Promise<boolean> =>
    (await db.delete(providers).where(eq(providers.id, id)).returning({ id: providers.id })).length > 0,
});
export type ProvidersRepository = ReturnType<typeof providersRepository>;
