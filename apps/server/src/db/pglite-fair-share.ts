import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs each statement on the event loop's thread, and its lock hands the database from one
 * waiting statement to the next in a microtask: under a queue of writes (contact messages,
 * sign-ins, likes) statements run back to back for as long as the queue lasts, and no socket is
 * read in between, not even for a page the cache would answer in a millisecond. Each query,
 * exec or transaction therefore gives the event loop one turn when it takes the lock, so that
 * waiting requests are read and cached answers leave between two statements
 * (docs/decisions/0126-reads-before-writes-under-load.md).
 */
export function shareTheEventLoop(client: PGlite): PGlite {
  const runExclusive = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>) =>
    runExclusive(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return fn();
    });
  return client;
}
