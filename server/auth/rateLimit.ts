/**
 * Rate limits of the local GoTrue (its `over_request_rate_limit`), per email
 * and per client address. An attempt is counted when it starts, before any
 * password hashing, so parallel attempts cannot all slip past the check. Keys
 * live in a bounded map that forgets the least recently used key first, so a
 * flood of fresh keys never wipes the counts of the keys under attack. In
 * memory: a restart forgets, as on a dev box.
 */

/** One limit: at most `max` attempts per email (`maxPerAddress` per client address, default `max`) within `windowMs` ms. */
export interface Limit {
  max: number;
  maxPerAddress?: number;
  windowMs: number;
}

/** The limits of the auth endpoints (each applied per email and per address). */
export interface AuthRateLimits {
  /** Failed sign-ins (a successful one gives its attempt back). */
  signIn: Limit;
  signUp: Limit;
  recover: Limit;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signIn: { max: 10, windowMs: 5 * 60_000 },
  signUp: { max: 5, maxPerAddress: 30, windowMs: 15 * 60_000 },
  recover: { max: 5, maxPerAddress: 30, windowMs: 15 * 60_000 },
};

/** Keys remembered at most; past this the least recently used key is forgotten. */
export const MAX_KEYS = 10_000;

export interface RateLimiter {
  /**
   * Count one attempt for the email and the address; false (and nothing
   * counted) when either has already reached its limit within the window.
   */
  attempt(email: string, address: string): boolean;
  /** Give back the last attempt of both (a sign-in that succeeded). */
  refund(email: string, address: string): void;
}

/** A limiter of `limit`, remembering at most `maxKeys` keys (least recently used forgotten first). */
export function createRateLimiter(limit: Limit, maxKeys = MAX_KEYS): RateLimiter {
  // Map keeps insertion order: re-inserting a key on use makes the first key the least recently used.
  const attempts = new Map<string, number[]>();
  function recent(key: string, now: number): number[] {
    const list = (attempts.get(key) ?? []).filter((t) => now - t < limit.windowMs);
    attempts.delete(key);
    return list;
  }
  function keep(key: string, list: number[]): void {
    if (list.length === 0) return;
    attempts.set(key, list);
    while (attempts.size > maxKeys) attempts.delete(attempts.keys().next().value!);
  }
  function tryKeys(keys: readonly [string, number][]): boolean {
    const now = Date.now();
    const lists = keys.map(([k]) => recent(k, now));
    const limited = lists.some((l, i) => l.length >= keys[i]![1]);
    keys.forEach(([k], i) => {
      const list = lists[i]!;
      if (!limited) list.push(now);
      keep(k, list);
    });
    return !limited;
  }
  return {
    attempt(email, address) {
      return tryKeys([
        [`email:${email}`, limit.max],
        [`addr:${address}`, limit.maxPerAddress ?? limit.max],
      ]);
    },
    refund(email, address) {
      for (const k of [`email:${email}`, `addr:${address}`]) attempts.get(k)?.pop();
    },
  };
}
