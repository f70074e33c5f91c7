import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import { serverRoot } from './lib/server-root';
import { CANDIDATE_RETENTION_MONTHS_DEFAULT } from '@app/shared/retention-periods';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** An optional variable read by a parser that answers its value or an error text. */
const parsedWith = <T>(parse: (value: string | undefined) => T | string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parse(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    });

/**
 * The environment the server reads (each variable's name, parsing and default; the README's
 * configuration table lists exactly these, config-docs.test.ts checks it), turned into the
 * configuration the app uses: `AppConfig` is what this answers, so no field is declared twice.
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(6).optional(),
    REDIS_URL: z.string().optional(),
    REDIS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: bool.default(true),
    MAIL_WORKER: bool.default(true),
    CAPTCHA_DIFFICULTY: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
    CACHE_MEMORY_MB: z.coerce.number().int().min(1).max(16_384).default(64),
    TRUST_PROXY: parsedWith((v) => parseTrustProxy(v)),
    API_DOCS: z.enum(['true', 'false', '1', '0']).optional(),
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
    WEB_DIST: z.string().optional(),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().min(1).optional(),
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    // Unset is told apart from empty: only unset takes the development default (below).
    SMTP_ALLOWED_PORTS: parsedWith((v) => (v === undefined ? undefined : parseSmtpPorts(v))),
    SESSION_TTL: parsedWith((v) => parseSessionTtl(v)),
    REQUIRE_2FA: bool.default(false),
    BACKUP_INTERVAL: parsedWith((v) => parseInterval(v)),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
    BACKUP_DIR: z.string().optional(),
    MAIL_CATCHER: bool.default(false),
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
    CANDIDATE_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(CANDIDATE_RETENTION_MONTHS_DEFAULT),
    RETENTION_JOB: bool.default(true),
    RETENTION_INTERVAL: parsedWith((v) => parseInterval(v, 'RETENTION_INTERVAL')),
    MAINTENANCE_JOB: bool.default(true),
    APP_REVISION: z.string().optional(),
  })
  .transform((e) => ({
    env: e.NODE_ENV,
    port: e.PORT,
    /** The interface to listen on. */
    host: e.HOST,
    /** PUBLIC_URL without a trailing slash: canonical URLs, sitemap, feeds; https turns on HSTS and secure cookies. */
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    /** undefined: embedded PGlite in dataDir; 'memory://': PGlite in memory (tests); else a PostgreSQL URL. */
    databaseUrl: e.DATABASE_URL || undefined,
    /** undefined: generated into dataDir/secret.key at the first start. */
    secretKey: e.SECRET_KEY,
    /** The administrator created when none exists. */
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    redisUrl: e.REDIS_URL || undefined,
    /** REDIS_TIMEOUT_MS: connecting, a call, or silence on the connection (docs/decisions/0118-redis-outage.md). */
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    mailWorker: e.MAIL_WORKER,
    /** Days an audit row is kept (docs/behaviour/audit-and-privacy.md). */
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    /** The hourly job that erases old contact messages and audit rows; one instance runs it at a time. */
    retentionJob: e.RETENTION_JOB,
    /** How often the retention job runs (default hourly, retention-plugin.ts). */
    retentionIntervalMs: e.RETENTION_INTERVAL,
    /**
     * Months a candidate without keep consent is kept after the rejection or withdrawal, or after
     * the vacancy closed (modules/retention/candidates.ts, decision 0160).
     */
    candidateRetentionMonths: e.CANDIDATE_RETENTION_MONTHS,
    /** The embedded database's VACUUM (ANALYZE) after start and nightly (modules/maintenance). */
    maintenanceJob: e.MAINTENANCE_JOB,
    captchaDifficulty: e.CAPTCHA_DIFFICULTY,
    /** CACHE_MEMORY_MB: the response cache's memory, shared by its rooms (plugins/response-cache/rooms.ts). */
    cacheMemoryMb: e.CACHE_MEMORY_MB,
    /**
     * Which proxies' `X-Forwarded-For` entries to believe: false (none: the peer's address is the
     * client's) or the proxies' addresses and CIDR ranges. Never "all" and never a hop count: the
     * left-most entry is written by the client (docs/decisions/0013-client-address.md).
     */
    trustProxy: e.TRUST_PROXY,
    /** Serve the OpenAPI documentation (Swagger UI) at /api/docs: by default in development and tests, not in production. */
    apiDocs: e.API_DOCS === undefined ? e.NODE_ENV !== 'production' : e.API_DOCS === 'true' || e.API_DOCS === '1',
    /** PostgreSQL: wait this long for a connection, then answer 503. */
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    /** PostgreSQL: the longest a statement may run. */
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    /**
     * Folder of the built web app (dist/client and dist/server); WEB_DIST names another, e.g. a build
     * kept aside for a test run. Undefined in API-only tests.
     */
    webDist: (e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(serverRoot, '../web/dist')) as string | undefined,
    /**
     * Ports a mailbox may connect to besides the SMTP ports 25, 465, 587 and 2525
     * (docs/decisions/0014-mail-hardening.md). In development 1025 (the demo mailbox's local Mailpit) when not set.
     */
    smtpAllowedPorts: e.SMTP_ALLOWED_PORTS ?? (e.NODE_ENV === 'development' ? [1025] : []),
    /** Prometheus metrics (plugins/metrics.ts): on this port when set; else on /metrics with metricsToken; else off. */
    metricsPort: e.METRICS_PORT,
    /** Where METRICS_PORT listens: METRICS_HOST, else HOST (e.g. 127.0.0.1 beside a public HOST). */
    metricsHost: e.METRICS_HOST,
    /** Without a metrics port: /metrics on the public port for `Authorization: Bearer <token>` only. */
    metricsToken: e.METRICS_TOKEN,
    /** Lifetime of a sign-in token in seconds (SESSION_TTL, default 8 hours). */
    sessionTtlSeconds: e.SESSION_TTL,
    /** REQUIRE_2FA: administrators without two-factor may only set it up. */
    requireTwoFactor: e.REQUIRE_2FA,
    /** A mail catcher listens on localhost:1025 (set by `npm run dev`): the demo mailbox is seeded active (else inactive). */
    mailCatcher: e.MAIL_CATCHER,
    /** Scheduled backups (modules/backup/scheduler.ts): every this many ms, or off. */
    backupIntervalMs: e.BACKUP_INTERVAL,
    /** How many scheduled backups are kept (the oldest go). */
    backupKeep: e.BACKUP_KEEP,
    /** Where scheduled backups and `npm run backup` without a file go. */
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    /** APP_REVISION (the Dockerfile sets it): the source revision of the running build, in app_build_info. */
    revision: e.APP_REVISION || undefined,
  }));

export type AppConfig = z.output<typeof configSchema>;

export type TrustProxy = false | string[];

/** Names proxy-addr understands for the usual private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY`: empty/false/0, or a comma-separated list of the proxies' addresses, CIDR ranges
 * or the names loopback, linklocal, uniquelocal; anything else returns the error text.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  const example = 'e.g. TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/8';
  if (v === 'true' || v === '1') {
    return `TRUST_PROXY=${v} would believe any X-Forwarded-For a client writes: list the addresses of the proxies in front of the app (${example})`;
  }
  if (/^\d+$/.test(v)) {
    return `TRUST_PROXY takes the proxies' addresses, not a hop count: a count cannot tell a proxy from a client that writes the header itself (${example})`;
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !NAMED_RANGES.has(e) && !isAddressOrCidr(e));
  if (bad.length) return `TRUST_PROXY: not an address or CIDR range: ${bad.join(', ')}`;
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  const family = net.isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** `SMTP_ALLOWED_PORTS`: a comma-separated list of port numbers (1-65535); anything else returns the error text. */
export function parseSmtpPorts(value: string | undefined): number[] | string {
  const entries = (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !/^\d{1,5}$/.test(e) || Number(e) < 1 || Number(e) > 65535);
  if (bad.length) return `SMTP_ALLOWED_PORTS: not a port number: ${bad.join(', ')} (e.g. SMTP_ALLOWED_PORTS=1025,2587)`;
  return [...new Set(entries.map(Number))];
}

const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };
export const DEFAULT_SESSION_TTL_SECONDS = 8 * 3600;

/** `SESSION_TTL`: seconds, or a number with s, m, h or d; between 5 minutes and 30 days; anything else returns the error text. */
export function parseSessionTtl(value: string | undefined): number | string {
  const v = (value ?? '').trim();
  if (v === '') return DEFAULT_SESSION_TTL_SECONDS;
  const match = /^(\d{1,7})\s*([smhd]?)$/i.exec(v);
  const seconds = match ? Number(match[1]) * TTL_UNITS[(match[2] || 's').toLowerCase()]! : NaN;
  if (!(seconds >= 300 && seconds <= 30 * 86400)) {
    return `SESSION_TTL: ${JSON.stringify(v)} is not a duration between 5 minutes and 30 days (e.g. SESSION_TTL=8h, 30m or 1d)`;
  }
  return seconds;
}

/**
 * `BACKUP_INTERVAL`, `RETENTION_INTERVAL`: a number with m (minutes), h (hours) or d (days), at
 * least 1m; answers ms, undefined, or the error text.
 */
export function parseInterval(value: string | undefined, name = 'BACKUP_INTERVAL'): number | undefined | string {
  const v = (value ?? '').trim();
  if (!v) return undefined;
  const m = /^(\d+)\s*([mhd])$/.exec(v);
  if (!m || Number(m[1]) < 1) return `${name}: not an interval: ${v} (e.g. ${name}=6h, 30m or 1d)`;
  return Number(m[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'm' | 'h' | 'd'];
}

/** Reads the environment once; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}
