/**
 * Rate limits of the local GoTrue (its `over_request_rate_limit`), per client
 * address and per email, on rate-limiter-flexible's memory store (fixed
 * windows). An attempt is counted when it starts, before any password
 * hashing, so parallel attempts cannot all slip past the check.
 *
 * The store has no key cap and so no eviction: a counted (or locked) key is
 * forgotten only when its own window ends, never because other keys
 * arrived, so a flood of fresh emails or addresses cannot unlock an account.
 * Memory stays bounded because the address is checked first: an address
 * over its limit creates no email keys, so every address adds at most
 * `maxPerAddress` email keys per window. In memory: a restart forgets, as on
 * a dev box.
 */
import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

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

/** Emails longer than this (no real address is) are kept as their SHA-256, so a key never costs more than this. */
const MAX_EMAIL_KEY = 254;

export interface RateLimiter {
  /**
   * Count one attempt for the address, then for the email. Resolves false
   * (and nothing left counted) when either has already reached its limit
   * within its window. The address is counted synchronously within the call,
   * so attempts started together see each other.
   */
  attempt(email: string, address: string): Promise<boolean>;
  /** Give back one attempt of both (a sign-in that succeeded). */
  refund(email: string, address: string): Promise<void>;
}

function emailKey(email: string): string {
  return email.length <= MAX_EMAIL_KEY
    ? email
    : `sha256:${createHash('sha256').update(email).digest('hex')}`;
}

/** Whether `e` is the limiter's "over the limit" answer (anything else is a real error). */
function isOverLimit(e: unknown): boolean {
  return e instanceof RateLimiterRes;
}

/** A limiter of `limit` per address and per email. */
export function createRateLimiter(limit: Limit): RateLimiter {
  const duration = limit.windowMs / 1000;
  const byAddress = new RateLimiterMemory({
    keyPrefix: 'addr',
    points: limit.maxPerAddress ?? limit.max,
    duration,
  });
  const byEmail = new RateLimiterMemory({ keyPrefix: 'email', points: limit.max, duration });

  async function counted(limiter: RateLimiterMemory, key: string): Promise<boolean> {
    try {
      await limiter.consume(key);
      return true;
    } catch (e) {
      if (!isOverLimit(e)) throw e;
      // Over the limit: this refused attempt is not counted.
      await limiter.reward(key);
      return false;
    }
  }

  /** One attempt back, only within the key's window (a new window starts at zero anyway). */
  async function giveBack(limiter: RateLimiterMemory, key: string): Promise<void> {
    const res = await limiter.get(key);
    if (res && res.consumedPoints > 0) await limiter.reward(key);
  }

  return {
    async attempt(email, address) {
      if (!(await counted(byAddress, address))) return false;
      if (await counted(byEmail, emailKey(email))) return true;
      await byAddress.reward(address);
      return false;
    },
    async refund(email, address) {
      await Promise.all([giveBack(byAddress, address), giveBack(byEmail, emailKey(email))]);
    },
  };
}
