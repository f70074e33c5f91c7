import { executionAsyncResource } from 'node:async_hooks';

/**
 * Keeps one `process.nextTick` tick object alive for the life of the process
 * (docs/decisions/0098-tick-object-shape.md).
 *
 * Node builds every tick object with an object literal whose first keys are computed (its async id
 * symbols). V8 gives such literals maps that the garbage collector may drop once no object uses
 * them, and the server runs full collections at moments when no tick object is alive (at start:
 * migrations, the embedded database). The next tick object then gets new maps, and V8 marks the
 * literal's property definitions megamorphic for good: from then on every tick object (several per
 * answer) is built through V8's runtime instead of inline, about 35,000 instructions more per cached
 * answer (`npm run bench:instructions`). One live tick object keeps those maps, so they stay the
 * only ones the definitions see.
 */
let pinned: object | undefined;

/**
 * Pinned on import: the server's entry imports this first, so the pin comes before the app's own
 * modules run and before its start (migrations, the embedded database) collects garbage. Resolves
 * with the tick object once it is held.
 */
export const tickObjectPinned: Promise<object | undefined> = new Promise((resolve) => {
  process.nextTick(() => {
    // Inside a nextTick callback, the current async resource is the tick object itself.
    pinned = executionAsyncResource();
    resolve(pinned);
  });
});
