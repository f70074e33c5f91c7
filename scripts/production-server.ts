/**
 * How the measurement scripts (`npm run bench`, `npm run lighthouse`) start the compiled server and
 * wait for it. The Node flags and environment are those `npm start` and the Dockerfile give it, so
 * that what they measure is what production runs (docs/decisions/0085-lean-cache-hits-and-memory.md,
 * 0095-embedded-database-compiled-once.md, 0097-young-generation-size.md). Keep these in step with
 * package.json's `start` and the Dockerfile.
 */
import net from 'node:net';

export const PRODUCTION_NODE_FLAGS = ['--no-liftoff', '--max-semi-space-size=8'] as const;
export const PRODUCTION_ENV = { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2' } as const;

/** A TCP port free on 127.0.0.1 at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
