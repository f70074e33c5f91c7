import type { Db } from '../src/db/client';

interface Prepared {
  execute(...args: unknown[]): Promise<unknown>;
}
interface Session {
  prepareQuery(query: { sql: string }, ...rest: unknown[]): Prepared;
}

/**
 * The worst interleaving of concurrent requests, made certain: statements matching `statement`
 * are held until `count` of them wait, then all go at once (after 5 s they go anyway); later ones
 * are not held. Without the gate the requests may happen to run one after the other and prove
 * nothing. Returns how many statements were held, so a test can show the race did take place.
 */
export async function withStatementsHeld<T>(
  db: Db,
  statement: RegExp,
  count: number,
  run: () => Promise<T>,
): Promise<{ result: T; held: number }> {
  // drizzle's session (internal, not in its types) prepares every statement the app runs.
  const { session } = db as unknown as { session: Session };
  const original = session.prepareQuery;
  let held = 0;
  let opened = false;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const open = () => {
    opened = true;
    release();
  };
  // Never hang: if fewer statements come (a request refused early), they go after a while.
  const timer = setTimeout(() => open(), 5000);
  session.prepareQuery = function (this: Session, query, ...rest) {
    const prepared = original.call(this, query, ...rest);
    if (!statement.test(query.sql)) return prepared;
    const execute = prepared.execute.bind(prepared);
    prepared.execute = async (...args: unknown[]) => {
      if (!opened) {
        held += 1;
        if (held >= count) open();
        await gate;
      }
      return execute(...args);
    };
    return prepared;
  };
  try {
    return { result: await run(), held };
  } finally {
    clearTimeout(timer);
    session.prepareQuery = original;
  }
}
