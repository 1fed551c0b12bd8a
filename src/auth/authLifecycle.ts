/**
 * The auth lifecycle (product rules "States and changes"): feeds `useAuth` from supabase-js's
 * `onAuthStateChange` and attempts the profile upsert on SIGNED_IN (product rules "Backend calls").
 * An expired session is kept while the server cannot be reached; only the
 * server refusing the refresh token signs the user out (docs/architecture.md
 * "Auth offline"). What a sign-in opens and starts (the local database,
 * sync) is wired in `src/app/session.ts`.
 */
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { supabase } from './supabase';
import { useAuth } from './useAuth';
import { isExpired, readStoredSession } from './storedSession';
import { ensureProfile } from './profileSetup';
import { connection } from './connection';
import { forgetDevice } from '../hooks/sessionActions';
import {
  serverReachable,
  setSignedIn,
  setSignedOut,
  signInFromStoredSession,
} from './localSession';

let started = false;
const profileAttempted = new Set<string>();

/**
 * Applies one auth event to the store. Product rules "States and changes": a session whose expiry has
 * passed counts as signed out — unless its refresh could not reach the
 * server: supabase-js removes the stored session only when the server
 * refuses the refresh token, so a stored session still there keeps the user
 * signed in for local data.
 */
function apply(event: AuthChangeEvent, session: Session | null): void {
  if (event === 'PASSWORD_RECOVERY') useAuth.setState({ recovery: true });
  if (event === 'SIGNED_OUT') {
    setSignedOut();
    return;
  }
  if (session && !isExpired(session, Date.now())) {
    setSignedIn(session, false);
    if (event === 'SIGNED_IN' && !profileAttempted.has(session.user.id)) {
      profileAttempted.add(session.user.id);
      // Never await supabase calls inside the onAuthStateChange callback (supabase-js lock).
      setTimeout(() => void ensureProfile(session.user), 0);
    }
    return;
  }
  // No session, or an expired one, and the server did not refuse it.
  const stored = readStoredSession() ?? session;
  if (stored && (event === 'INITIAL_SESSION' || !serverReachable())) {
    setSignedIn(stored, true);
    return;
  }
  setSignedOut();
}

/** Once the server answers again, an expired session kept meanwhile is refreshed (or dropped when the server refuses it). */
function refreshKeptSession(): void {
  if (!useAuth.getState().offlineExpired) return;
  void supabase.auth.refreshSession().then(({ data, error }) => {
    if (data.session) apply('TOKEN_REFRESHED', data.session);
    else if (error && error.status && error.status >= 400 && error.status < 500)
      apply('SIGNED_OUT', null);
  });
}

/** Starts listening to supabase-js auth events once per page. */
export function startAuth(): void {
  if (started) return;
  started = true;
  // Server out of reach on a cold start: supabase-js spends up to 30 s
  // retrying the token refresh before it reports anything; the local data
  // need not wait for it.
  if (!serverReachable()) signInFromStoredSession();
  supabase.auth.onAuthStateChange((event, session) => apply(event, session));
  connection.onChange((next) => {
    if (next === 'online') refreshKeptSession();
  });
}

/** `error` is `'cancelled'` when the user chose to keep unsynced changes, else a message. */
export type SignOutResult = { ok: true } | { ok: false; error: string };

/**
 * Signs out (product rules "Backend calls"). When the local database still holds unsynced changes
 * the user is warned first: `confirmLoss` asks and decides (the caller words the warning in the
 * language shown, from a catalog already loaded: "You have changes that have not synced yet…");
 * while the server cannot be reached, the session is dropped on this device only.
 */
export async function signOut(confirmLoss: () => boolean): Promise<SignOutResult> {
  const { hasUnsyncedChanges } = await import('../data');
  const unsynced = await hasUnsyncedChanges().catch(() => false);
  if (unsynced && !confirmLoss()) {
    return { ok: false, error: 'cancelled' };
  }
  const { error } = await supabase.auth.signOut({ scope: serverReachable() ? 'global' : 'local' });
  if (error) {
    await supabase.auth.signOut({ scope: 'local' });
  }
  setSignedOut();
  return { ok: true };
}

/**
 * After the server deleted the account (`rpc('delete_my_account')`): drops
 * the session locally, closes the user's local database and deletes it from
 * the device (the account and its data no longer exist).
 */
export async function finishAccountDeletion(userId: string): Promise<void> {
  await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
  setSignedOut();
  await forgetDevice(userId);
}
