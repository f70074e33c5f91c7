/**
 * What a log line may say about an error. Database errors carry the SQL parameters (a contact
 * message's name, e-mail, text and attachment bytes) in their message, `params` and `detail`,
 * so they are reduced to their class, code, table and constraint. Other errors keep their type,
 * code, a shortened message and the stack frames. See docs/security.md ("Logs").
 */
export interface SafeError {
  type: string;
  code?: string;
  /** SQLSTATE class, e.g. 23 integrity constraint violation, 53 insufficient resources. */
  class?: string;
  table?: string;
  constraint?: string;
  column?: string;
  message: string;
  /** Stack frames; empty for database errors, whose stack says nothing the code does not. */
  stack: string;
  [key: string]: unknown;
}

interface PgErrorLike {
  code: string;
  severity?: string;
  table?: string;
  constraint?: string;
  column?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_MESSAGE = 300;

/** The PostgreSQL error in an error's cause chain (drizzle wraps the driver's error). */
function databaseErrorIn(err: unknown): PgErrorLike | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as Partial<PgErrorLike> & { cause?: unknown };
    if (typeof e.code === 'string' && SQLSTATE.test(e.code) && ('severity' in e || 'routine' in e))
      return e as PgErrorLike;
    current = e.cause;
  }
  return undefined;
}

const isQueryError = (err: unknown) => {
  const e = err as { query?: unknown; params?: unknown; name?: string };
  return typeof e?.query === 'string' || Array.isArray(e?.params) || e?.name === 'DrizzleQueryError';
};

export function logSafeError(err: unknown): SafeError {
  if (!(err instanceof Error) && (typeof err !== 'object' || err === null))
    return { type: typeof err, message: '', stack: '' };
  const db = databaseErrorIn(err);
  if (db || isQueryError(err)) {
    return {
      type: 'DatabaseError',
      message: db ? `database error ${db.code}${db.table ? ` on ${db.table}` : ''}` : 'database error',
      stack: '',
      ...(db ? { code: db.code, class: db.code.slice(0, 2) } : {}),
      ...(db?.table ? { table: db.table } : {}),
      ...(db?.constraint ? { constraint: db.constraint } : {}),
      ...(db?.column ? { column: db.column } : {}),
    };
  }
  const e = err as Error & { code?: unknown };
  const firstLine = String(e.message ?? '').split('\n')[0]!;
  return {
    type: e.name || e.constructor?.name || 'Error',
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    message: firstLine.length > MAX_MESSAGE ? `${firstLine.slice(0, MAX_MESSAGE)}…` : firstLine,
    // Frames only: the first line repeats the message, which the line above already shortened.
    stack: (e.stack ?? '')
      .split('\n')
      .filter((l) => /^\s+at /.test(l))
      .slice(0, 15)
      .join('\n'),
  };
}
