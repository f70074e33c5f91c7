/**
 * Whether an error means a dependency (the database, or Redis when configured) cannot serve at the
 * moment (gone, hanging, full, shutting down) rather than that the request was wrong: such
 * requests are answered 503 with Retry-After (plugins/errors.ts) and health says why
 * (modules/health). docs/decisions/0118-redis-outage.md
 */
export type UnavailableReason = 'unreachable' | 'timeout' | 'full' | 'read-only' | 'shutting down' | 'closed';

export type Dependency = 'database' | 'redis';

/**
 * Thrown where a dependency's own errors are recognised (lib/redis-link.ts); database errors are
 * recognised by their codes instead (unavailableReason), as the drivers throw them.
 */
export class DependencyUnavailable extends Error {
  constructor(
    readonly dependency: Dependency,
    readonly reason: UnavailableReason,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} unavailable: ${reason}`, options);
    this.name = 'DependencyUnavailable';
  }
}

/** Which dependency could not serve and why; undefined for any other error. */
export function unavailableDependency(err: unknown): { dependency: Dependency; reason: UnavailableReason } | undefined {
  if (err instanceof DependencyUnavailable) return { dependency: err.dependency, reason: err.reason };
  const reason = unavailableReason(err);
  return reason ? { dependency: 'database', reason } : undefined;
}

export const NETWORK_CODES: Record<string, UnavailableReason> = {
  ECONNREFUSED: 'unreachable',
  ECONNRESET: 'unreachable',
  EPIPE: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ENOTFOUND: 'unreachable',
  ETIMEDOUT: 'timeout',
};

/** Retry-After for a 503: long enough for a restart or failover, short enough for a visitor to wait. */
export const RETRY_AFTER_SECONDS = 10;

/** Why the database cannot serve, from what its drivers throw; undefined for any other error. */
export function unavailableReason(err: unknown): UnavailableReason | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 6; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (NETWORK_CODES[code]) return NETWORK_CODES[code];
    // SQLSTATE classes: 08 connection exception, 53 insufficient resources, 57P admin/crash shutdown,
    // 57014 statement timeout, 25006 read-only transaction, 58030 I/O error.
    if (code.startsWith('08')) return 'unreachable';
    if (code === '53100') return 'full';
    if (code.startsWith('53')) return 'unreachable';
    if (code.startsWith('57P')) return 'shutting down';
    if (code === '57014') return 'timeout';
    if (code === '25006') return 'read-only';
    if (code === '58030') return 'full';
    // node-postgres and pg-pool say these in words only.
    if (/timeout exceeded when trying to connect|Connection terminated|Query read timeout/i.test(message)) {
      return /timeout/i.test(message) ? 'timeout' : 'unreachable';
    }
    if (/Cannot use a pool after calling end|PGlite is closed/i.test(message)) return 'closed';
    current = e.cause;
  }
  return undefined;
}
