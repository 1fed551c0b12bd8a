/**
 * The auth lifecycle (spec §4): feeds `useAuth` from supabase-js's
 * `onAuthStateChange`, opens the signed-in user's local database
 * (`setActiveUser`), starts and stops the sync engine, and attempts the
 * profile upsert on SIGNED_IN (spec §7). Offline with an expired access
 * token the user stays signed in for local data (ARCHITECTURE.md).
 */
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { supabase } from './supabase';
import { useAuth } from './useAuth';
import { isExpired, readStoredSession } from './storedSession';
import { loadData, loadSync } from './layers';
import { ensureProfile } from './profileSetup';
import { activeSync, isOnline, setSignedIn, setSignedOut, setSyncStarter, signInFromStoredSession, wiringSettled } from './localSession';

let started = false;
const profileAttempted = new Set<string>();

/**
 * Applies one auth event to the store. Spec §4: a session whose expiry has
 * passed counts as signed out — except offline, where the stored session
 * keeps the user signed in for local data.
 */
function apply(event: AuthChangeEvent, session: Session | null): void {
  if (event === 'PASSWORD_RECOVERY') useAuth.setState({ recovery: true });
  if (event === 'SIGNED_OUT') {
    setSignedOut();
    return;
  }
  const now = Date.now();
  if (session && !isExpired(session, now)) {
    setSignedIn(session, false);
    if (event === 'SIGNED_IN' && !profileAttempted.has(session.user.id)) {
      profileAttempted.add(session.user.id);
      // Never await supabase calls inside the onAuthStateChange callback (supabase-js lock).
      setTimeout(() => void ensureProfile(session.user), 0);
    }
    return;
  }
  // No session, or an expired one.
  if (!isOnline()) {
    const stored = session ?? readStoredSession();
    if (stored) {
      setSignedIn(stored, true);
      return;
    }
  }
  setSignedOut();
}

/**
 * Starts listening to supabase-js auth events once per page. Also re-checks
 * when the device comes back online so an offline-kept session is refreshed
 * (or dropped when the server rejects it).
 */
export function startAuth(): void {
  if (started) return;
  started = true;
  // Offline cold start: supabase-js spends up to 30 s retrying the token
  // refresh before it reports anything; the local data need not wait for it.
  if (!isOnline()) signInFromStoredSession();
  setSyncStarter(async (userId) => {
    const [data, sync] = await Promise.all([loadData(), loadSync()]);
    // Signed in with data worth keeping: ask the browser not to evict it (issue 6).
    void import('../pwa/storage').then(({ requestPersistentStorage }) => requestPersistentStorage());
    return sync.startSync({ supabase, getDb: data.getActiveDb, userId });
  });
  supabase.auth.onAuthStateChange((event, session) => apply(event, session));
  window.addEventListener('online', () => {
    if (!useAuth.getState().offlineExpired) return;
    void supabase.auth.refreshSession().then(({ data, error }) => {
      if (data.session) apply('TOKEN_REFRESHED', data.session);
      else if (error && error.status && error.status >= 400 && error.status < 500) apply('SIGNED_OUT', null);
    });
  });
}

export type SignOutResult = { ok: true } | { ok: false; error: 'cancelled' | string };

/**
 * Signs out (spec §7). When the local database still holds unsynced changes
 * the user is warned first (`confirmLoss` decides); offline, the session is
 * dropped locally only.
 */
export async function signOut(confirmLoss: (message: string) => boolean): Promise<SignOutResult> {
  const data = await loadData();
  const unsynced = await data.hasUnsyncedChanges().catch(() => false);
  if (unsynced && !confirmLoss('You have changes that have not synced yet. If you log out now they stay on this device and sync the next time you sign in here. Log out anyway?')) {
    return { ok: false, error: 'cancelled' };
  }
  const { error } = await supabase.auth.signOut({ scope: isOnline() ? 'global' : 'local' });
  if (error) {
    await supabase.auth.signOut({ scope: 'local' });
  }
  setSignedOut();
  return { ok: true };
}

/** Asks the sync engine for a sync now (after a write the user wants pushed at once). No-op without sync. */
export function syncNow(): void {
  void activeSync()?.syncNow();
}

/**
 * After the server deleted the account (`rpc('delete_my_account')`): drops
 * the session locally, closes the user's local database and deletes it from
 * the device (the account and its data no longer exist).
 */
export async function finishAccountDeletion(userId: string): Promise<void> {
  await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
  setSignedOut();
  await wiringSettled();
  const data = await loadData();
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(data.dbNameFor(userId));
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}
