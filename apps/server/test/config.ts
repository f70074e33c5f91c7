import { loadConfig, type AppConfig } from '../src/config';

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
    retentionJob: false,
    maintenanceJob: false,
    captchaDifficulty: 100,
    webDist: undefined,
    ...overrides,
  };
}
