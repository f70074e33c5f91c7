import { afterEach, vi } from 'vitest';

// A console.error during a test is a defect the test did not assert on: it fails the test.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
afterEach(() => {
  if (errors.length) {
    const seen = errors.splice(0).map((a) => a.map(String).join(' '));
    throw new Error(`console.error was called:\n${seen.join('\n')}`);
  }
});
