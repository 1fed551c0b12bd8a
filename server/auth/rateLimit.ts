/**
 * Sign-in failure rate limit, per email and per client address (GoTrue's
 * `over_request_rate_limit`). In memory: a restart forgets, as on a dev box.
 */

export interface RateLimiter {
  /** True when `key` has reached the limit within the window. */
  isLimited(key: string): boolean;
  /** Count one failure for `key`. */
  fail(key: string): void;
}

/** At most `max` failures per key within `windowMs` milliseconds. */
export function createRateLimiter(max: number, windowMs: number): RateLimiter {
  const failures = new Map<string, number[]>();
  function recent(key: string): number[] {
    const now = Date.now();
    const list = (failures.get(key) ?? []).filter((t) => now - t < windowMs);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  }
  return {
    isLimited(key) {
      return recent(key).length >= max;
    },
    fail(key) {
      const list = recent(key);
      list.push(Date.now());
      failures.set(key, list);
      if (failures.size > 10_000) failures.clear();
    },
  };
}
