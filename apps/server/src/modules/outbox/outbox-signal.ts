import type { Db } from '../../db/client';

/**
 * "A message was stored": wakes this process's workers at once instead of at their next poll.
 * Keyed by the database handle, so several apps in one process (tests) do not wake each other.
 * Other instances find the message at their next poll.
 */
const listeners = new WeakMap<Db, Set<() => void>>();

export const outboxSignal = {
  notify(db: Db): void {
    for (const fn of listeners.get(db) ?? []) fn();
  },
  subscribe(db: Db, fn: () => void): () => void {
    const set = listeners.get(db) ?? new Set();
    listeners.set(db, set);
    set.add(fn);
    return () => void set.delete(fn);
  },
};
