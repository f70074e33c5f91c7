import type { CounterStore } from '../../lib/counter-store';

/** One window for every sign-in counter (docs/decisions/0015-login-limits.md). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** (a) Failures for one account from one address: that address is refused for that account. */
export const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
/** (b) Failures from one address, any account: that address is refused. */
export const MAX_FAILURES_PER_ADDRESS = 20;
/** (c) Failures for one account from every address: past it, a sign-in needs a solved captcha. */
export const CAPTCHA_AFTER_ACCOUNT_FAILURES = 10;

export const loginKeys = (username: string, ip: string) => {
  const account = username.trim().toLowerCase();
  return {
    pair: `login:pair:${ip}:${account}`,
    address: `login:ip:${ip}`,
    account: `login:user:${account}`,
  };
};

/**
 * A sign-in attempt that may go on to the password check. It is counted as a failure already: a
 * wrong password leaves it so, `succeeded` gives its counts back (and forgets this address's
 * failures for the account), `abandoned` gives them back when the password could not be checked
 * (the database failed). `captchaRequired`: the account has reached its ceiling, counting this
 * attempt, so the next one needs a captcha.
 */
export interface LoginAttempt {
  refused: false;
  captchaRequired: boolean;
  succeeded(): Promise<void>;
  abandoned(): Promise<void>;
}
/**
 * `limited`: (a) or (b) reached, nothing helps until the window passes; `captcha`: (c) reached.
 * `retryAfterMs`: how long the reached counter's window still runs (the 429's Retry-After).
 */
export type LoginRefusal = { refused: 'limited' | 'captcha'; retryAfterMs: number };

/**
 * Failed sign-ins per account and address, per address, and per account (docs/security.md and
 * docs/decisions/0015-login-limits.md). An attempt is counted before its password is checked, in
 * one atomic step with the check of every limit, so parallel guesses (in one instance or several
 * sharing Redis) cannot pass a limit; a successful attempt gives its counts back.
 */
export function loginThrottle(store: CounterStore) {
  return {
    /**
     * Counts an attempt, or refuses it. `captchaSolved`: the request carries a captcha this server
     * has just accepted, so the account's ceiling does not refuse it (it still counts).
     */
    async begin(username: string, ip: string, { captchaSolved = false } = {}): Promise<LoginAttempt | LoginRefusal> {
      const keys = loginKeys(username, ip);
      const limits = [
        { key: keys.pair, max: MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS },
        { key: keys.address, max: MAX_FAILURES_PER_ADDRESS },
        { key: keys.account, max: captchaSolved ? Infinity : CAPTCHA_AFTER_ACCOUNT_FAILURES },
      ];
      const r = await store.reserve(limits, LOGIN_WINDOW_MS);
      if (!r.granted) {
        return {
          refused: r.blocked === 2 ? 'captcha' : 'limited',
          retryAfterMs: await store.expiresIn(limits[r.blocked]!.key),
        };
      }
      return {
        refused: false,
        captchaRequired: r.counts[2]! >= CAPTCHA_AFTER_ACCOUNT_FAILURES,
        succeeded: async () => {
          await Promise.all([store.reset(keys.pair), store.release([keys.address, keys.account])]);
        },
        abandoned: () => store.release([keys.pair, keys.address, keys.account]),
      };
    },
  };
}
