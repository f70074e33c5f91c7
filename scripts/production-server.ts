/**
 * How the measurement scripts start the compiled server: with the Node flags and environment that
 * `npm start` and the Dockerfile give it, so that what they measure is what production runs
 * (docs/decisions/0085-lean-cache-hits-and-memory.md, 0095-embedded-database-compiled-once.md,
 * 0097-young-generation-size.md). Keep these in step with package.json's `start` and the Dockerfile.
 */
export const PRODUCTION_NODE_FLAGS = ['--no-liftoff', '--max-semi-space-size=8'] as const;
export const PRODUCTION_ENV = { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2' } as const;
