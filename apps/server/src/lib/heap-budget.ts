import v8 from 'node:v8';

/** What the server's JavaScript heap needs besides the response cache: its code, requests under way, renders. */
export const HEAP_HEADROOM_MB = 128;

/**
 * Why this heap cannot hold the configured response cache, or undefined when it can. Production runs
 * with `--max-old-space-size` (docs/decisions/0159-heap-bounded-by-configuration.md); a
 * CACHE_MEMORY_MB raised past it would run out of heap under load instead of failing at start.
 */
export function heapBudgetProblem(cacheMemoryMb: number, heapLimitMb = heapLimit()): string | undefined {
  const needed = cacheMemoryMb + HEAP_HEADROOM_MB;
  if (heapLimitMb >= needed) return undefined;
  return (
    `CACHE_MEMORY_MB=${cacheMemoryMb} needs a JavaScript heap of at least ${needed} MiB, and this process has ` +
    `${Math.floor(heapLimitMb)} MiB: start node with --max-old-space-size=${needed} or lower CACHE_MEMORY_MB ` +
    `(docs/operations.md, "Build and start")`
  );
}

/** The heap's limit in MiB: old space and young generation, as `--max-old-space-size` and the machine set it. */
const heapLimit = () => v8.getHeapStatistics().heap_size_limit / 2 ** 20;
