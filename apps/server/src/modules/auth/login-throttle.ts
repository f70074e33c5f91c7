import type { CounterStore } from '../../lib/counter-store';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/** Failed sign-ins per account and per client address (DESIGN section 6). */
export function loginThrottle(store: CounterStore) {
  const accountKey = (username: string) => `login:user:${username.toLowerCase()}`;
  const addressKey = (ip: string) => `login:ip:${ip}`;
  return {
    async isBlocked(username: string, ip: string) {
      const [a, b] = await Promise.all([store.count(accountKey(username)), store.count(addressKey(ip))]);
      return a >= MAX_FAILURES_PER_ACCOUNT || b >= MAX_FAILURES_PER_ADDRESS;
    },
    async recordFailure(username: string, ip: string) {
      await Promise.all([
        store.increment(accountKey(username), LOGIN_WINDOW_MS),
        store.increment(addressKey(ip), LOGIN_WINDOW_MS),
      ]);
    },
    recordSuccess: (username: string) => store.reset(accountKey(username)),
  };
}
