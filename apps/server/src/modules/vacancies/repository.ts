import { and, asc, eq, gte, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { VACANCY_HOME_TILE_INDEX, vacancies } from '../../db/schema';

export type VacancyRow = typeof vacancies.$inferSelect;
export type VacancyFields = Pick<VacancyRow, 'title' | 'expectation' | 'function' | 'description' | 'offer'> &
  Partial<
    Pick<
      VacancyRow,
      'postedBy' | 'tags' | 'status' | 'closingDate' | 'employmentType' | 'location' | 'slug' | 'homeTile'
    >
  >;
export type HomeTile = NonNullable<VacancyRow['homeTile']>;

/** True when the database refused a second vacancy for one careers tile (SQLSTATE 23505 on its index). */
export function isHomeTileTaken(err: unknown): boolean {
  const cause = (err as { cause?: { code?: unknown; constraint?: unknown } } | undefined)?.cause;
  return cause?.code === '23505' && cause.constraint === VACANCY_HOME_TILE_INDEX;
}

/**
 * Open for applications on the given Brussels day: status open and no closing date before it
 * (packages/shared/src/schemas/vacancies.ts `vacancyIsOpen` says the same for one vacancy).
 */
const openOn = (today: string) =>
  and(eq(vacancies.status, 'open'), or(isNull(vacancies.closingDate), gte(vacancies.closingDate, today)));

/** The only code that writes vacancies. */
export const vacanciesRepository = (db: Db) => ({
  /** Open vacancies' ids, slugs and dates, for the sitemap. */
  feedEntries: (today: string) =>
    db
      .select({ id: vacancies.id, slug: vacancies.slug, date: vacancies.date })
      .from(vacancies)
      .where(openOn(today))
      .orderBy(asc(vacancies.id)),

  // In the order they were posted, so the list reads like the careers teaser; one page of them.
  list: (limit: number, offset: number): Promise<VacancyRow[]> =>
    db.select().from(vacancies).orderBy(asc(vacancies.id)).limit(limit).offset(offset),

  /** How many vacancies there are (the dashboard, the staff list's total). */
  count: async (): Promise<number> => (await db.select({ n: sql<number>`count(*)::int` }).from(vacancies))[0]?.n ?? 0,
  /** The first `limit` vacancies open on the given Brussels day. */
  listOpen: (today: string, limit: number): Promise<VacancyRow[]> =>
    db.select().from(vacancies).where(openOn(today)).orderBy(asc(vacancies.id)).limit(limit),

  find: async (id: number): Promise<VacancyRow | undefined> =>
    (await db.select().from(vacancies).where(eq(vacancies.id, id)))[0],

  /** The vacancy other than `exceptId` that the tile opens, if any. */
  holderOfTile: async (tile: HomeTile, exceptId?: number): Promise<VacancyRow | undefined> =>
    (
      await db
        .select()
        .from(vacancies)
        .where(and(eq(vacancies.homeTile, tile), exceptId === undefined ? undefined : ne(vacancies.id, exceptId)))
    )[0],

  create: async (fields: VacancyFields & { postedBy: string; slug: string }): Promise<VacancyRow> =>
    (await db.insert(vacancies).values(fields).returning())[0]!,

  /**
   * Optimistic locking in one statement: the row changes only if it still has the version the
   * editor read, and its version goes up by one. Undefined when no row matched (gone or stale).
   */
  updateIfVersion: async (id: number, version: number, fields: VacancyFields): Promise<VacancyRow | undefined> =>
    (
      await db
        .update(vacancies)
        .set({ ...fields, version: sql`${vacancies.version} + 1` })
        .where(and(eq(vacancies.id, id), eq(vacancies.version, version)))
        .returning()
    )[0],

  remove: async (id: number): Promise<boolean> =>
    (await db.delete(vacancies).where(eq(vacancies.id, id)).returning({ id: vacancies.id })).length > 0,
});
export type VacanciesRepository = ReturnType<typeof vacanciesRepository>;
