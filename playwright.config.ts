import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env['E2E_PORT'] ?? 3210);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/**
 * Each run starts on a fresh embedded database with the demo content. The run id is set once in
 * the runner's environment, which the workers inherit, so they all agree on the folder.
 */
process.env['E2E_RUN_ID'] ??= `${Date.now().toString(36)}-${process.pid}`;
const dataDir = path.join(os.tmpdir(), `site-e2e-${process.env['E2E_RUN_ID']}`);

export default defineConfig({
  testDir: './e2e/tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env['CI'] ? [['list']] : [['list']],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: 'node --import tsx e2e/start-server.ts',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@e2e.example',
      ADMIN_PASSWORD: 'admin-e2e-password',
      SECRET_KEY: 'e2e-secret-key-that-is-long-enough-0123456789',
      CAPTCHA_DIFFICULTY: '100',
      MAIL_WORKER: 'false',
      LOG_LEVEL: 'warn',
      E2E_RUN_ID: process.env['E2E_RUN_ID']!,
      // `npm test` on a PostgreSQL server: TEST_DATABASE_URL names it (see .ci/run).
      ...(process.env['TEST_DATABASE_URL'] ? { E2E_POSTGRES_URL: process.env['TEST_DATABASE_URL'] } : {}),
    },
  },
});
