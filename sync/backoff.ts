/**
 * Retry delay after network failures and 5xx: capped exponential backoff with
 * jitter (half fixed, half random) so many devices coming back online do not
 * retry in lockstep.
 */

/** First retry after about 1 s. */
export const BACKOFF_BASE_MS = 1_000;
/** Never wait more than 1 min between tries (the 30 s interval also retries). */
export const BACKOFF_MAX_MS = 60_000;

/**
 * Delay in ms before try number `failures + 1` (`failures` ≥ 1): min(max,
 * base·2^(failures−1)) scaled by 0.5–1.0 with `random()` in [0, 1).
 */
export function backoffDelay(
  failures: number,
  random: () => number,
  baseMs = BACKOFF_BASE_MS,
  maxMs = BACKOFF_MAX_MS,
): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(exp * (0.5 + 0.5 * random()));
}
