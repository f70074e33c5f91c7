import fp from 'fastify-plugin';
import { scheduleJob } from '../../lib/scheduled-job';
import { nightlyRunDue, vacuumTables, type VacuumScope } from './service';

/** An hourly look at the clock; the first one soon after start, for tables never analysed (a restore, an upgrade). */
const EVERY_MS = 60 * 60 * 1000;
const FIRST_AFTER_MS = 60 * 1000;

/**
 * The embedded database's housekeeping, which PostgreSQL's autovacuum does on a server: registered on
 * every engine, it works on PGlite only. One process opens an embedded database, so no lock is needed.
 */
export const maintenancePlugin = fp(
  async (app) => {
    if (app.database.kind !== 'pglite') return;
    const log = app.log.child({ module: 'maintenance' });
    let lastFullRun: Date | undefined;
    const run = (scope: VacuumScope) =>
      vacuumTables(app.db, scope)
        .then((outcome) => {
          if (scope === 'all') lastFullRun = new Date();
          if (outcome.tables.length) log.info({ scope, ...outcome }, 'database vacuumed');
        })
        .catch((err: unknown) => log.error({ err }, 'database maintenance failed'));
    scheduleJob(app, {
      firstAfterMs: FIRST_AFTER_MS,
      everyMs: EVERY_MS,
      first: () => run('never-analysed'),
      every: async () => {
        if (nightlyRunDue(new Date(), lastFullRun)) await run('all');
      },
    });
  },
  { name: 'maintenance-job' },
);
