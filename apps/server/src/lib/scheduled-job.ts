import type { FastifyInstance } from 'fastify';

/**
 * A background job's lifecycle on the app: `first` runs `firstAfterMs` after the app is ready,
 * `every` each `everyMs` after that; the timers never keep the process alive, and onClose waits for
 * a run under way, so that it ends before the database closes (modules/index.ts registers jobs
 * last). A run's failures are the job's own to report: it is handed no error.
 */
export function scheduleJob(
  app: FastifyInstance,
  job: { firstAfterMs: number; everyMs: number; first: () => Promise<unknown>; every: () => Promise<unknown> },
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const start = (run: () => Promise<unknown>) => {
    running = run().catch(() => undefined);
  };
  app.addHook('onReady', async () => {
    const first = setTimeout(() => {
      start(job.first);
      timer = setInterval(() => start(job.every), job.everyMs);
      timer.unref();
    }, job.firstAfterMs);
    first.unref();
    timer = first;
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    clearInterval(timer);
    await running;
  });
}
