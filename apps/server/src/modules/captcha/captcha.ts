import crypto from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { CounterStore } from '../../lib/counter-store';
import { deriveKey } from '../../lib/secret';

/** How long a challenge can be solved and sent; a used solution is remembered that long. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;

export interface Captcha {
  challenge(): Promise<Challenge>;
  /** True once per solved, unexpired challenge signed by this server; false for anything else. */
  verify(payload: string): Promise<boolean>;
}

/**
 * ALTCHA, self-hosted: a proof of work signed with a key derived from the server secret, so every
 * instance can check what another issued. The "used" mark goes to the counter store (Redis when
 * configured), which makes "accepted once" hold across instances too.
 */
export function createCaptcha(opts: {
  hmacKey: string;
  maxNumber: number;
  counters: CounterStore;
  ttlMs?: number;
}): Captcha {
  const ttl = opts.ttlMs ?? CAPTCHA_TTL_MS;
  return {
    challenge: () =>
      createChallenge({ hmacKey: opts.hmacKey, maxNumber: opts.maxNumber, expires: new Date(Date.now() + ttl) }),

    verify: async (payload) => {
      if (!payload || payload.length > 4096) return false;
      let valid: boolean;
      try {
        valid = await verifySolution(payload, opts.hmacKey, true);
      } catch {
        return false; // not base64 JSON of a solution
      }
      if (!valid) return false;
      // The challenge's signature is unique per challenge: at most one solution per challenge counts.
      const { signature } = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { signature: string };
      const key = `captcha:used:${crypto.createHash('sha256').update(signature).digest('base64url')}`;
      return (await opts.counters.increment(key, ttl + 60_000)) === 1;
    },
  };
}

/** The app's captcha: the key from the server secret, the difficulty from the configuration. */
export const appCaptcha = (app: {
  secret: string;
  counters: CounterStore;
  config: { captchaDifficulty: number };
}): Captcha =>
  createCaptcha({
    hmacKey: deriveKey(app.secret, 'altcha').toString('hex'),
    maxNumber: app.config.captchaDifficulty,
    counters: app.counters,
  });
