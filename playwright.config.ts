import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
// First: sets the run id (E2E_RUN_ID) that the web server and the workers inherit.
import { ADMIN, BASE_URL, DATA_DIR, PORT, RUN_ID, SMTP_PORT } from './e2e/env';

export { BASE_URL };

/**
 * Tests that change what every page shows (masthead, intro, site settings, which vacancy a careers
 * tile opens), and the empty states
 * (e2e/after-all/, which delete whole lists), run after all the others, one at a time, so that no test
 * reads what they change. Every other test makes the data it needs (unique names), so it can run in
 * parallel with the rest.
 */
const GLOBAL_STATE = ['careers-tiles.spec.ts', 'content-admin.spec.ts', 'settings-admin.spec.ts'];

/**
 * CI runs the suite once over both engines (scripts/ci/test-all.ts, decision 0075): E2E_PART=1 against
 * a server on PGlite takes the files below (the public site, sign-in, accounts, publishing);
 * E2E_PART=2 against one on PostgreSQL takes every other file (the back office; a new file lands
 * there) and the after-all project. So only the sign-ins of `setup` run twice. No E2E_PART:
 * everything.
 */
const PART_ONE = [
  'auth.spec.ts',
  'contact.spec.ts',
  'forced-password-change.spec.ts',
  'logout.spec.ts',
  'page-cache.spec.ts',
  'post-publishing.spec.ts',
  'public-home.spec.ts',
  'public-navigation.spec.ts',
  'public-images-and-layout.spec.ts',
  'public-posts.spec.ts',
  'public-seo.spec.ts',
  'screenshots.spec.ts',
  'session-end.spec.ts',
  'two-factor.spec.ts',
  'users.spec.ts',
  'vacancies-publishing.spec.ts',
  'vacancy-and-personnel-pages.spec.ts',
];
const PART = process.env['E2E_PART'];
if (PART !== undefined && PART !== '1' && PART !== '2') throw new Error(`E2E_PART is 1 or 2, not ${PART}`);
const withAfterAll = PART !== '1';

const desktop = { ...devices['Desktop Chrome'], channel: undefined };

/**
 * Chromium's headless shell (Debian's chromium-headless-shell), which is what Playwright itself runs
 * for headless Chromium: the same Blink engine without the browser UI, about 1.5× faster per test
 * on two cores than the full browser in its new headless mode. The full browser when the shell is
 * missing; CHROMIUM_PATH picks another (docs/decisions/0076-e2e-headless-shell.md).
 */
const chromiumPath =
  process.env['CHROMIUM_PATH'] ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ??
  '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e/tests',
  fullyParallel: true,
  // Two browsers at a time: a test spends much of its time waiting on the server or on a timer, so
  // on two cores `npm test` took 226 s with two workers against 273 s with one (e2e/README.md).
  // Every test makes its own data, so the suite is safe in parallel; E2E_WORKERS=1 runs one.
  workers: Number(process.env['E2E_WORKERS'] ?? 2),
  forbidOnly: !!process.env['CI'],
  retries: 0,
  // A limit against hangs, not a speed target: on a slow 2-core CI machine a back-office test that
  // signs in, fills a form and saves has taken more than 30 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  // Starts the SMTP peer the site delivers to (after the web server: Playwright's order).
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Signs in once per role through the form, and points the site's mail at the SMTP peer.
    {
      name: 'setup',
      testDir: './e2e/setup',
      testMatch: /\.setup\.ts$/,
      ...(withAfterAll ? { teardown: 'after-all' } : {}),
      use: desktop,
    },
    {
      name: 'desktop',
      dependencies: ['setup'],
      ...(PART === '1' ? { testMatch: PART_ONE } : {}),
      testIgnore: PART === '2' ? [...GLOBAL_STATE, ...PART_ONE] : GLOBAL_STATE,
      use: desktop,
    },
    // The teardown of 'setup': it runs once every project depending on 'setup' has finished, passed
    // or failed, and always in full (whatever a filter picks, these run too).
    ...(withAfterAll
      ? [
          {
            name: 'after-all',
            testDir: './e2e',
            testMatch: [...GLOBAL_STATE.map((f) => `tests/${f}`), 'after-all/*.spec.ts'],
            fullyParallel: false,
            workers: 1,
            use: desktop,
          },
        ]
      : []),
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
      DATA_DIR,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SECRET_KEY: 'e2e-secret-key-that-is-long-enough-0123456789',
      CAPTCHA_DIFFICULTY: '100',
      // The delivery worker sends contact messages to the SMTP peer (see e2e/mail-peer.ts), whose
      // port is not one of SMTP's; port 9 (nothing listens) is the tests' unreachable mail server.
      MAIL_WORKER: 'true',
      SMTP_ALLOWED_PORTS: `${SMTP_PORT},9`,
      // The test runner on loopback acts as the proxy: tests that send many contact messages give
      // each its own visitor address (X-Forwarded-For), as the form allows a few per address.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The retention job every minute (hourly by default), so that the candidate journey sees a
      // candidate whose period has ended erased by the job itself (candidate-journey.spec.ts).
      RETENTION_INTERVAL: '1m',
      E2E_RUN_ID: RUN_ID,
      // A web build kept aside (e2e/snapshot-web-dist.ts), so a rebuild meanwhile does not disturb the run.
      ...(process.env['WEB_DIST'] ? { WEB_DIST: process.env['WEB_DIST'] } : {}),
      // `npm test` on a PostgreSQL server: TEST_DATABASE_URL names it (see .ci/run).
      ...(process.env['TEST_DATABASE_URL'] ? { E2E_POSTGRES_URL: process.env['TEST_DATABASE_URL'] } : {}),
    },
  },
});
