import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HEAP_HEADROOM_MB, heapBudgetProblem } from './heap-budget';

describe('the heap holds the response cache', () => {
  it('accepts the default cache in the heap production starts with', () => {
    // --max-old-space-size=192 gives a heap limit of 192 MiB plus the young generation.
    const limit = Number(
      execFileSync(process.execPath, [
        '--max-old-space-size=192',
        '--max-semi-space-size=8',
        '-p',
        'require("v8").getHeapStatistics().heap_size_limit / 2 ** 20',
      ]).toString(),
    );
    expect(heapBudgetProblem(64, limit)).toBeUndefined();
  });

  it('says which heap a larger cache needs', () => {
    expect(heapBudgetProblem(256, 216)).toBe(
      `CACHE_MEMORY_MB=256 needs a JavaScript heap of at least ${256 + HEAP_HEADROOM_MB} MiB, and this process has 216 MiB: ` +
        'start node with --max-old-space-size=384 or lower CACHE_MEMORY_MB (docs/operations.md, "Build and start")',
    );
  });
});
