import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../../test/helper';
import { nightlyRunDue, vacuumTables } from './service';

const ctx = useTestApp();

/** What the planner knows of a table: -1 rows until its first VACUUM or ANALYZE. */
const known = async (table: string) =>
  (
    await ctx.app.db.execute<{ reltuples: number; allVisible: number }>(
      sql`select reltuples::float8 as reltuples, relallvisible::int as "allVisible" from pg_class where relname = ${table}`,
    )
  ).rows[0];

describe('database maintenance', () => {
  it('gives the planner statistics and marks pages all-visible, table by table', async () => {
    await ctx.app.db.execute(sql`create table maintenance_probe (n int) with (autovacuum_enabled = false)`);
    await ctx.app.db.execute(sql`insert into maintenance_probe select generate_series(1, 500)`);
    expect(await known('maintenance_probe')).toEqual({ reltuples: -1, allVisible: 0 });

    const first = await vacuumTables(ctx.app.db, 'never-analysed');
    expect(first.tables).toContain('maintenance_probe');
    const after = await known('maintenance_probe');
    expect(after?.reltuples).toBe(500);
    expect(after?.allVisible).toBeGreaterThan(0);

    // Nothing is left unanalysed, so the check after a start does nothing more.
    expect((await vacuumTables(ctx.app.db, 'never-analysed')).tables).toEqual([]);
    expect((await vacuumTables(ctx.app.db, 'all')).tables).toEqual(
      expect.arrayContaining(['maintenance_probe', 'posts', 'contact_messages']),
    );
    await ctx.app.db.execute(sql`drop table maintenance_probe`);
  });

  it('runs the whole database once a night, at 03:00 Brussels time', () => {
    const winterThree = new Date('2026-01-15T02:20:00Z'); // 03:20 in Brussels (UTC+1)
    const summerThree = new Date('2026-07-15T01:20:00Z'); // 03:20 in Brussels (UTC+2)
    expect(nightlyRunDue(winterThree, undefined)).toBe(true);
    expect(nightlyRunDue(summerThree, undefined)).toBe(true);
    expect(nightlyRunDue(new Date('2026-01-15T03:20:00Z'), undefined)).toBe(false);
    // An hour later on the same night (a clock change) is not a second run; the next night is.
    expect(nightlyRunDue(winterThree, new Date('2026-01-15T02:05:00Z'))).toBe(false);
    expect(nightlyRunDue(winterThree, new Date('2026-01-14T02:05:00Z'))).toBe(true);
  });
});
