import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/server/**/*.test.ts', 'packages/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Migrated and seeded once per run; each file builds its own app on a copy (test/helper.ts).
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks',
    // Files share a worker's loaded modules instead of importing everything again (half the run's
    // time). Each file still builds its own app on its own database copy; no test mocks modules.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['apps/server/test/fail-on-console-error.ts'],
  },
});
