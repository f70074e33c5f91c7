import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export type VacuumScope = 'never-analysed' | 'all';

/**
 * `VACUUM (ANALYZE)` of the embedded database's tables, one statement per table (decision 0158).
 * PGlite has no autovacuum: without it the planner never has statistics and no page is ever marked
 * all-visible, so counting 100,000 rows reads every heap page (55 ms instead of 7 ms) and a list's
 * deep OFFSET fetches every skipped row.
 *
 * One statement per table, not one VACUUM of the whole database: PGlite runs one statement at a
 * time, so requests wait for one table at most, never for all of them.
 */
export async function vacuumTables(db: Db, scope: VacuumScope): Promise<{ tables: string[]; ms: number }> {
  const started = performance.now();
  // reltuples is -1 until a table's first VACUUM or ANALYZE (PostgreSQL 14 and later).
  const found = await db.execute<{ name: string }>(sql`
    select c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'r'
       and (${scope} = 'all' or c.reltuples < 0)
     order by c.relname`);
  const tables = found.rows.map((r) => r.name);
  for (const table of tables) await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  return { tables, ms: Math.round(performance.now() - started) };
}

/** The Brussels hour of the night when the whole database is vacuumed, once a day. */
export const NIGHTLY_HOUR = 3;

const brusselsHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Brussels',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** Whether an hourly check at `now` should vacuum every table: at 03:xx Brussels time, once a day. */
export function nightlyRunDue(now: Date, lastFullRun: Date | undefined): boolean {
  if (Number(brusselsHour.format(now)) !== NIGHTLY_HOUR) return false;
  return !lastFullRun || now.getTime() - lastFullRun.getTime() > 12 * 60 * 60 * 1000;
}
