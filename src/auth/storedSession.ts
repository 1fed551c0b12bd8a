/**
 * Reads the session supabase-js keeps in localStorage without asking the
 * network. Used when the device is offline and the access token has expired:
 * supabase-js then reports no session (its refresh fails), but the user must
 * stay signed in for local data (docs/architecture.md "Auth offline").
 */
import type { Session } from '@supabase/supabase-js';

/**
 * The stored session under supabase-js's key `sb-<ref>-auth-token`, or null
 * when none is stored or it cannot be parsed. Never throws.
 */
export function readStoredSession(storage: Storage = window.localStorage): Session | null {
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key || !/^sb-.+-auth-token$/.test(key)) continue;
      const raw = storage.getItem(key);
      if (!raw) continue;
      const parsed = JSON.parse(raw) as Partial<Session> | null;
      if (parsed && typeof parsed === 'object' && parsed.user && typeof parsed.user.id === 'string')
        return parsed as Session;
    }
  } catch {
    return null;
  }
  return null;
}

/** True when the session's `expires_at` (seconds since epoch) is at or before `nowMs`. */
export function isExpired(session: Pick<Session, 'expires_at'>, nowMs: number): boolean {
  return typeof session.expires_at === 'number' && session.expires_at * 1000 <= nowMs;
}
