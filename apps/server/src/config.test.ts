import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { serverRoot } from './lib/server-root';

// What the environment turns into, derived values and refusals included: pinned when the
// configuration became one schema with AppConfig as its output (it must read as before).
describe('loadConfig', () => {
  it('answers the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toEqual({
      env: 'production',
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      secretKey: undefined,
      adminEmail: undefined,
      adminPassword: undefined,
      redisUrl: undefined,
      redisTimeoutMs: 1000,
      logLevel: 'info',
      seedDemo: true,
      mailWorker: true,
      auditRetentionDays: 365,
      candidateRetentionMonths: 6,
      retentionJob: true,
      retentionIntervalMs: undefined,
      maintenanceJob: true,
      captchaDifficulty: 50_000,
      cacheMemoryMb: 64,
      trustProxy: false,
      apiDocs: false,
      dbConnectTimeoutMs: 5000,
      dbStatementTimeoutMs: 15_000,
      webDist: path.resolve(serverRoot, '../web/dist'),
      smtpAllowedPorts: [],
      metricsPort: undefined,
      metricsHost: undefined,
      metricsToken: undefined,
      sessionTtlSeconds: 8 * 3600,
      requireTwoFactor: false,
      mailCatcher: false,
      backupIntervalMs: undefined,
      backupKeep: 7,
      backupDir: path.resolve('./data/backups'),
      revision: undefined,
    });
  });

  it('reads each variable into its field', () => {
    const c = loadConfig({
      NODE_ENV: 'test',
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://example.com/',
      DATA_DIR: '/srv/site',
      DATABASE_URL: 'postgres://db/site',
      SECRET_KEY: 'k'.repeat(32),
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'secret-1',
      REDIS_URL: 'redis://cache:6379',
      REDIS_TIMEOUT_MS: '250',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      MAIL_WORKER: '0',
      CAPTCHA_DIFFICULTY: '1000',
      CACHE_MEMORY_MB: '256',
      TRUST_PROXY: '10.0.0.5, 10.1.0.0/16',
      API_DOCS: '0',
      DB_CONNECT_TIMEOUT_MS: '700',
      DB_STATEMENT_TIMEOUT_MS: '9000',
      WEB_DIST: '/tmp/web-build',
      METRICS_PORT: '9100',
      METRICS_HOST: '10.0.0.2',
      METRICS_TOKEN: 't'.repeat(16),
      SMTP_ALLOWED_PORTS: '1025,2587,1025',
      SESSION_TTL: '30m',
      REQUIRE_2FA: 'true',
      BACKUP_INTERVAL: '1d',
      BACKUP_KEEP: '3',
      BACKUP_DIR: '/srv/backups',
      MAIL_CATCHER: '1',
      AUDIT_RETENTION_DAYS: '30',
      CANDIDATE_RETENTION_MONTHS: '12',
      RETENTION_JOB: 'false',
      RETENTION_INTERVAL: '30m',
      MAINTENANCE_JOB: 'false',
      APP_REVISION: 'abc123',
    });
    expect(c).toEqual({
      env: 'test',
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://example.com',
      dataDir: '/srv/site',
      databaseUrl: 'postgres://db/site',
      secretKey: 'k'.repeat(32),
      adminEmail: 'boss@example.com',
      adminPassword: 'secret-1',
      redisUrl: 'redis://cache:6379',
      redisTimeoutMs: 250,
      logLevel: 'warn',
      seedDemo: false,
      mailWorker: false,
      auditRetentionDays: 30,
      candidateRetentionMonths: 12,
      retentionJob: false,
      retentionIntervalMs: 30 * 60_000,
      maintenanceJob: false,
      captchaDifficulty: 1000,
      cacheMemoryMb: 256,
      trustProxy: ['10.0.0.5', '10.1.0.0/16'],
      apiDocs: false,
      dbConnectTimeoutMs: 700,
      dbStatementTimeoutMs: 9000,
      webDist: '/tmp/web-build',
      smtpAllowedPorts: [1025, 2587],
      metricsPort: 9100,
      metricsHost: '10.0.0.2',
      metricsToken: 't'.repeat(16),
      sessionTtlSeconds: 1800,
      requireTwoFactor: true,
      mailCatcher: true,
      backupIntervalMs: 86_400_000,
      backupKeep: 3,
      backupDir: '/srv/backups',
      revision: 'abc123',
    });
  });

  it('derives the values that depend on other variables', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ DATA_DIR: '/srv/x' }).backupDir).toBe('/srv/x/backups');
    // API documentation: on outside production unless turned off, off in production unless turned on.
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig({ API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: '1' }).apiDocs).toBe(true);
    // The demo mailbox's Mailpit port in development when the variable is unset; set (even empty), it rules.
    expect(loadConfig({ NODE_ENV: 'development' }).smtpAllowedPorts).toEqual([1025]);
    expect(loadConfig({ NODE_ENV: 'development', SMTP_ALLOWED_PORTS: '' }).smtpAllowedPorts).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'development', SMTP_ALLOWED_PORTS: '2525' }).smtpAllowedPorts).toEqual([2525]);
    expect(loadConfig({ NODE_ENV: 'test' }).smtpAllowedPorts).toEqual([]);
    // Empty means unset for these.
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '', APP_REVISION: '' })).toMatchObject({
      databaseUrl: undefined,
      redisUrl: undefined,
      revision: undefined,
    });
    expect(loadConfig({ SEED_DEMO: '' }).seedDemo).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
  });

  it('refuses bad values with a message naming each variable', () => {
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal({ SECRET_KEY: 'short', METRICS_TOKEN: 'short' })).toBe(
      'Invalid configuration:\n' +
        '  SECRET_KEY: SECRET_KEY must be at least 32 characters\n' +
        '  METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters',
    );
    expect(refusal({ TRUST_PROXY: 'true' })).toContain(
      '  TRUST_PROXY: TRUST_PROXY=true would believe any X-Forwarded-For',
    );
    expect(refusal({ TRUST_PROXY: '2' })).toContain(
      "  TRUST_PROXY: TRUST_PROXY takes the proxies' addresses, not a hop count",
    );
    expect(refusal({ SMTP_ALLOWED_PORTS: '25,x' })).toBe(
      'Invalid configuration:\n  SMTP_ALLOWED_PORTS: SMTP_ALLOWED_PORTS: not a port number: x (e.g. SMTP_ALLOWED_PORTS=1025,2587)',
    );
    expect(refusal({ SESSION_TTL: '1m' })).toContain('  SESSION_TTL: SESSION_TTL: "1m" is not a duration');
    expect(refusal({ PORT: '70000' })).toMatch(/^Invalid configuration:\n {2}PORT: /);
    expect(refusal({ SEED_DEMO: 'yes' })).toMatch(/^Invalid configuration:\n {2}SEED_DEMO: /);
    expect(refusal({ API_DOCS: '' })).toMatch(/^Invalid configuration:\n {2}API_DOCS: /);
    expect(refusal({ LOG_LEVEL: 'loud' })).toMatch(/^Invalid configuration:\n {2}LOG_LEVEL: /);
    expect(refusal({ PUBLIC_URL: 'nowhere' })).toMatch(/^Invalid configuration:\n {2}PUBLIC_URL: /);
    expect(refusal({ METRICS_HOST: '' })).toMatch(/^Invalid configuration:\n {2}METRICS_HOST: /);
  });
});
