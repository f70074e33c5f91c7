import { z } from 'zod';
import path from 'node:path';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  MAIL_WORKER: bool.default(true),
  CAPTCHA_DIFFICULTY: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  TRUST_PROXY: bool,
  /** Another folder with a built web app (dist/client and dist/server), e.g. a build kept aside for a test run. */
  WEB_DIST: z.string().optional(),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** undefined: embedded PGlite in dataDir; 'memory://': PGlite in memory (tests); else a PostgreSQL URL. */
  databaseUrl: string | undefined;
  secretKey: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  seedDemo: boolean;
  mailWorker: boolean;
  captchaDifficulty: number;
  trustProxy: boolean;
  /**
   * A PGlite data-folder tar (from `dumpDataDir`) that an in-memory or still empty embedded
   * database starts from; tests use it to skip migrating and seeding in every file.
   */
  pgliteSnapshot?: string | undefined;
  /** Folder of the built web app (client and server bundles); absent in API-only tests. */
  webDist: string | undefined;
}

/** Reads the environment once; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    secretKey: e.SECRET_KEY,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    redisUrl: e.REDIS_URL || undefined,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    mailWorker: e.MAIL_WORKER,
    captchaDifficulty: e.CAPTCHA_DIFFICULTY,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}

/** Configuration for tests: in-memory database, no worker, quiet logs, cheap captcha. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    databaseUrl: 'memory://',
    secretKey: 'test-secret-key-that-is-long-enough-0123456789',
    adminEmail: 'admin@example.com',
    adminPassword: 'admin-password',
    seedDemo: true,
    mailWorker: false,
    captchaDifficulty: 100,
    webDist: undefined,
    ...overrides,
  };
}
