import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/server/**/*.test.ts', 'packages/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Each file builds its own app and database; files run in parallel processes.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['apps/server/test/fail-on-console-error.ts'],
  },
});
