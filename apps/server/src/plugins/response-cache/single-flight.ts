/**
 * One render per address at a time. When a page or read is not in the cache (the first visitors
 * after a start, a deploy or a change), every request for it would render it: 200 visitors
 * arriving at a cold `/` made 164 renders and their compressions at once, and every answer waited
 * seconds behind them. The first request renders; the others for the same key wait for it (at most
 * FOLLOW_MS) and are answered from what it stored. When it stored nothing (an error, a page that
 * is not kept) they go on and render themselves. docs/decisions/0126-reads-before-writes-under-load.md
 */
export const FOLLOW_MS = 5_000;

export class SingleFlight {
  private readonly inFlight = new Map<string, Promise<void>>();

  /** The render under way for `key`, if any. */
  pending(key: string): Promise<void> | undefined {
    return this.inFlight.get(key);
  }

  /** Marks `key` as being rendered; the returned function ends it (any number of calls). */
  lead(key: string): () => void {
    let finish!: () => void;
    const flight = new Promise<void>((resolve) => (finish = resolve));
    this.inFlight.set(key, flight);
    return () => {
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
      finish();
    };
  }

  /** Resolves when `flight` ends or after FOLLOW_MS, whichever comes first. */
  static follow(flight: Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, FOLLOW_MS)));
    return Promise.race([flight, limit]).finally(() => clearTimeout(timer));
  }
}
