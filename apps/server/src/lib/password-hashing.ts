import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { MSG } from '@app/shared/messages';
import { HttpError } from './http-error';

// OWASP: argon2id, 19 MiB, 2 iterations, 1 lane. Algorithm 2 is argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes run on libuv's thread pool, four threads by default. Unlimited, a burst of sign-ins takes
 * every core (and the pool threads that compress new pages), and cached pages wait behind it. One
 * core stays free for the event loop: at most `cores - 1` hashes at once, at least one
 * (docs/decisions/0126-password-hashing-leaves-a-core.md).
 */
export const HASHING_CONCURRENCY = Math.max(1, os.availableParallelism() - 1);
/** Beyond this many waiting (about 1.5 s of hashing at ~25 ms each), a check is refused, not queued. */
export const MAX_WAITING_HASHES = 64 * HASHING_CONCURRENCY;
export const HASHING_RETRY_AFTER_SECONDS = 5;
const limit = pLimit(HASHING_CONCURRENCY);

function limited<T>(work: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= MAX_WAITING_HASHES)
    return Promise.reject(new HttpError(503, MSG.passwordChecksBusy, undefined, HASHING_RETRY_AFTER_SECONDS));
  return limit(work);
}

export const hashPassword = (password: string) => limited(() => hash(password, OPTIONS));

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  return limited(async () => {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  });
}

/**
 * Verifying against this keeps an unknown user as slow as a wrong password. It is a hash of random
 * bytes nobody kept, made once with OPTIONS (verify reads the cost from the string), so importing
 * this module costs nothing.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$zaqbMJMITFgyKgCmMcgyeA$YPU37dis7D2Nk6spoXEFRutck+LB6RJ06nw5xK4Usak';
