import type { FastifyInstance } from 'fastify';
import { brusselsDate } from '@app/shared/brussels';

/** How often the Brussels calendar day is compared; a vacancy leaves the public pages at most this late. */
const CHECK_EVERY_MS = 60_000;

/**
 * A vacancy is open through its closing date, a Brussels calendar day. The page cache keeps
 * answers until a change invalidates them, and the end of a day is no request: when the Brussels
 * day changes, every cached answer and page that lists vacancies is dropped. Each instance runs its
 * own timer, so each one's cache learns of it. Comparing the day (rather than sleeping until
 * midnight) is right across summer-time changes and a sleeping laptop alike.
 */
export function vacancyDayTimer(app: FastifyInstance) {
  let day = brusselsDate();
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      timer = setInterval(() => {
        const today = brusselsDate();
        if (today === day) return;
        day = today;
        void app.responseCache.invalidate(['vacancy']);
      }, CHECK_EVERY_MS);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}
