/**
 * The signed-in state on this device, without supabase-js: feeds `useAuth`,
 * opens the user's local database (`setActiveUser`) and, once the auth
 * lifecycle has loaded supabase-js and registered a sync starter, starts the
 * sync engine. Kept apart from `authLifecycle.ts` so a cold start can open the
 * dashboard from the stored session and IndexedDB before supabase-js (its own
 * ~50 KB gzipped chunk) has even loaded (issue 6, offline cold start ≤ 1 s).
 */
import type { Session, User } from '@supabase/supabase-js';
import { useAuth } from './useAuth';
import { isExpired, readStoredSession } from './storedSession';
import { loadData, type SyncHandle } from './layers';
import { useDashboardFilters } from '../state/dashboardFilters';

/** Starts the sync engine for `userId` (given by the auth lifecycle, which owns supabase-js). */
export type SyncStarter = (userId: string) => Promise<SyncHandle>;

let activeUserId: string | null = null;
/** Whose database is open (set after `setActiveUser` succeeded). */
let openUserId: string | null = null;
let syncHandle: SyncHandle | null = null;
let syncStarter: SyncStarter | null = null;
let wiring: Promise<void> = Promise.resolve();

/** navigator.onLine (true outside a browser). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

/** Starts sync for the active user when a starter is registered and sync is not running. */
async function startSyncIfReady(): Promise<void> {
  const userId = activeUserId;
  // A newer wireUser call may be queued: start only for the database that is open.
  if (!userId || userId !== openUserId || syncHandle || !syncStarter) return;
  syncHandle = await syncStarter(userId);
}

/**
 * Opens the local database of `user` and starts sync (or, with null, stops
 * sync and closes it). Serialized: calls apply in order, each after the last.
 */
export function wireUser(user: User | null): void {
  const userId = user?.id ?? null;
  if (userId !== activeUserId) {
    activeUserId = userId;
    wiring = wiring.then(async () => {
      try {
        if (syncHandle) {
          await syncHandle.stop();
          syncHandle = null;
        }
        openUserId = null;
        const data = await loadData();
        await data.setActiveUser(userId);
        openUserId = userId;
      } catch (err) {
        console.error('Could not open the local data for this account', err);
      }
    });
  }
  queueSyncStart();
}

/** Queues a sync start for the active user behind every wiring call made so far. */
function queueSyncStart(): void {
  wiring = wiring.then(() =>
    startSyncIfReady().catch((err: unknown) => console.error('Could not start sync for this account', err)),
  );
}

/** Registers how sync starts (called once by the auth lifecycle) and starts it for the active user. */
export function setSyncStarter(starter: SyncStarter): void {
  syncStarter = starter;
  queueSyncStart();
}

/** Resolves when every wiring call made so far has been applied. */
export function wiringSettled(): Promise<void> {
  return wiring;
}

/** The running sync engine of the active user, or null. */
export function activeSync(): SyncHandle | null {
  return syncHandle;
}

/** Marks `session`'s user signed in (`offlineExpired`: kept offline past its expiry) and wires their data. */
export function setSignedIn(session: Session, offlineExpired: boolean): void {
  useAuth.setState({ status: 'signedIn', user: session.user, session, offlineExpired });
  wireUser(session.user);
}

/** Marks nobody signed in: resets the dashboard filters and closes the local database. */
export function setSignedOut(): void {
  useDashboardFilters.getState().reset();
  useAuth.setState({ status: 'signedOut', user: null, session: null, offlineExpired: false, recovery: false });
  wireUser(null);
}

/**
 * Cold start on a protected screen: signs in from the session supabase-js
 * stored on this device when it is still valid, or when the device is offline
 * (an expired one then keeps the user signed in for local data,
 * ARCHITECTURE.md "Auth offline"). supabase-js confirms or corrects this
 * when it starts. Online with an expired session, nothing is assumed: the
 * refresh decides. Returns true when it signed the user in.
 */
export function signInFromStoredSession(): boolean {
  if (useAuth.getState().status !== 'loading') return false;
  const stored = readStoredSession();
  if (!stored) return false;
  const expired = isExpired(stored, Date.now());
  if (expired && isOnline()) return false;
  setSignedIn(stored, expired);
  return true;
}
