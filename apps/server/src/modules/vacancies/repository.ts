import { and, asc, eq, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { VACANCY_HOME_TILE_INDEX, vacancies, vacancyTranslations } from '../../db/schema';
import { isLocale, LOCALES, type Locale } from '@app/shared/locales';

export type VacancyRow = typeof vacancies.$inferSelect;
export type VacancyFields = Pick<VacancyRow, 'title' | 'expectation' | 'function' | 'description' | 'offer'> &
  Partial<
    Pick<
      VacancyRow,
      | 'postedBy'
      | 'tags'
      | 'status'
      | 'closedAt'
      | 'closingDate'
      | 'employmentType'
      | 'location'
      | 'slug'
      | 'homeTile'
      | 'language'
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

/**
 * What a translation was made from: the source's texts. A translation whose stored digest differs
 * was saved before the source last changed: it is outdated (decision 0155).
 */
const sourceDigest = sql<string>`md5(concat_ws(chr(10), ${vacancies.title}, ${vacancies.expectation}, ${vacancies.function}, ${vacancies.description}, ${vacancies.offer}, ${vacancies.location}))`;

/** A stored translation with whether the source is still the one it was made from. */
export type StoredVacancyTranslation = typeof vacancyTranslations.$inferSelect & { current: boolean };

/** Not in the language and without a published translation in it that is up to date. */
const missingIn = (lang: Locale): SQL =>
  and(
    ne(vacancies.language, lang),
    sql`not exists (select 1 from ${vacancyTranslations} where ${vacancyTranslations.vacancyId} = ${vacancies.id} and ${vacancyTranslations.language} = ${lang} and ${vacancyTranslations.status} = 'published' and ${vacancyTranslations.sourceDigest} = ${sourceDigest})`,
  )!;

/** The only code that writes vacancies and vacancy_translations. */
export const vacanciesRepository = (db: Db) => ({
  /** The stored translations of the given vacancies, each saying whether its source is unchanged. */
  translationsOf: async (ids: number[]): Promise<StoredVacancyTranslation[]> => {
    if (!ids.length) return [];
    const rows = await db
      .select({ t: vacancyTranslations, current: sql<boolean>`${vacancyTranslations.sourceDigest} = ${sourceDigest}` })
      .from(vacancyTranslations)
      .innerJoin(vacancies, eq(vacancies.id, vacancyTranslations.vacancyId))
      .where(inArray(vacancyTranslations.vacancyId, ids));
    return rows.filter((r) => isLocale(r.t.language)).map((r) => ({ ...r.t, current: r.current }));
  },

  /** Saves one language's translation with the source's digest as it is now; false when the vacancy does not exist. */
  async saveTranslation(
    id: number,
    language: Locale,
    value: Omit<typeof vacancyTranslations.$inferInsert, 'vacancyId' | 'language' | 'sourceDigest' | 'updatedAt'>,
  ): Promise<boolean> {
    const [source] = await db.select({ digest: sourceDigest }).from(vacancies).where(eq(vacancies.id, id));
    if (!source) return false;
    const row = { ...value, sourceDigest: source.digest, updatedAt: new Date() };
    await db
      .insert(vacancyTranslations)
      .values({ vacancyId: id, language, ...row })
      .onConflictDoUpdate({ target: [vacancyTranslations.vacancyId, vacancyTranslations.language], set: row });
    return true;
  },

  removeTranslation: async (id: number, language: Locale): Promise<boolean> =>
    (
      await db
        .delete(vacancyTranslations)
        .where(and(eq(vacancyTranslations.vacancyId, id), eq(vacancyTranslations.language, language)))
        .returning({ id: vacancyTranslations.vacancyId })
    ).length > 0,

  /** How many vacancies wait for a translation per language (the dashboard): missing or outdated. */
  waitingForTranslation: async (): Promise<Record<Locale, number>> => {
    // One pass for every language (each a query of its own cost a round trip and a scan each).
    const [row] = await db
      .select(
        Object.fromEntries(
          LOCALES.map((lang) => [lang, sql<number>`(count(*) filter (where ${missingIn(lang)}))::int`]),
        ) as Record<Locale, SQL<number>>,
      )
      .from(vacancies);
    return row as Record<Locale, number>;
  },

  /** Open vacancies' ids, slugs and dates, for the sitemap. */
  feedEntries: (today: string) =>
    db
      .select({ id: vacancies.id, slug: vacancies.slug, date: vacancies.date, language: vacancies.language })
      .from(vacancies)
      .where(openOn(today))
      .orderBy(asc(vacancies.id)),

  // In the order they were posted, so the list reads like the careers teaser; one page of them.
  // `missing`: only those without an up-to-date published translation in that language.
  list: (limit: number, offset: number, missing?: Locale): Promise<VacancyRow[]> =>
    db
      .select()
      .from(vacancies)
      .where(missing ? missingIn(missing) : undefined)
      .orderBy(asc(vacancies.id))
      .limit(limit)
      .offset(offset),

  /** How many vacancies there are (the dashboard, the staff list's total), of those missing a language when given. */
  count: async (missing?: Locale): Promise<number> =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(vacancies)
        .where(missing ? missingIn(missing) : undefined)
    )[0]?.n ?? 0,
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
