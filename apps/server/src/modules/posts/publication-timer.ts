import type { FastifyInstance } from 'fastify';
import type { PostsRepository } from './repository';

/**
 * At most this long between two looks at the next due post: a post scheduled through another
 * instance is picked up within it, and setTimeout cannot wait longer than about 24 days anyway.
 */
const MAX_WAIT_MS = 60_000;

/**
 * The one place that tells the page cache the public posts changed without a request doing it
 * (a scheduled post whose time came): every page and read that shows posts.
 */
export function publicPostsChanged(app: FastifyInstance): void {
  void app.responseCache.invalidate(['posts']);
}

/**
 * Makes scheduled posts public at their time without a restart: a timer for the next due post,
 * re-armed after every change (`rearm`) and after every firing. Each instance runs its own, so each
 * one's page cache learns of it.
 */
export function publicationTimer(app: FastifyInstance, repo: PostsRepository) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** The due time the timer waits for (undefined when it only waits to look again). */
  let waitingFor: number | undefined;

  async function arm() {
    if (stopped) return;
    let next: Date | undefined;
    try {
      next = await repo.nextDue();
    } catch (err) {
      // The database may be away for a moment; look again later rather than give up.
      app.log.warn({ err: (err as Error).message }, 'could not read the next scheduled post');
    }
    if (stopped) return;
    clearTimeout(timer);
    const wait = next ? Math.max(0, next.getTime() - Date.now()) : MAX_WAIT_MS;
    waitingFor = next && wait <= MAX_WAIT_MS ? next.getTime() : undefined;
    timer = setTimeout(fire, Math.min(wait, MAX_WAIT_MS));
    timer.unref();
  }

  function fire() {
    if (waitingFor !== undefined) publicPostsChanged(app);
    void arm();
  }

  return {
    start: () => void arm(),
    rearm: () => void arm(),
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
