import fp from 'fastify-plugin';
import { scheduleJob } from '../../lib/scheduled-job';
import { runRetention } from './service';

/**
 * Once an hour (RETENTION_INTERVAL), and once shortly after start: retention is a matter of days,
 * not minutes.
 */
const EVERY_MS = 60 * 60 * 1000;
const FIRST_AFTER_MS = 30 * 1000;

/**
 * The retention job's lifecycle: it starts when the app is ready and stops in onClose. Every
 * instance schedules it; the advisory lock in runRetention lets one of them run at a time.
 */
export const retentionPlugin = fp(
  async (app) => {
    const log = app.log.child({ module: 'retention' });
    const run = () =>
      runRetention(app.db, app.config.auditRetentionDays, app.config.candidateRetentionMonths)
        .then((outcome) =>
          outcome.ran ? log.info(outcome, 'retention run') : log.debug('retention: another instance is running it'),
        )
        .catch((err: unknown) => log.error({ err }, 'retention run failed'));
    scheduleJob(app, {
      firstAfterMs: FIRST_AFTER_MS,
      everyMs: app.config.retentionIntervalMs ?? EVERY_MS,
      first: run,
      every: run,
    });
  },
  { name: 'retention-job' },
);
