/**
 * The one wiring place of the app: who is signed in (the auth store) → their
 * local database (`setActiveUser`) → the sync engine (`startSync`, with the
 * device's connection monitor) → the first sync. Everything that connects
 * session, local data and sync happens here, in this order:
 *
 * 1. `appSession.start()` (main.tsx, before the first render) starts the
 *    connection monitor and follows the auth store;
 * 2. a user signs in (stored session at a cold start, or supabase-js):
 *    their database is opened; sync starts for it (lazy chunks: the data
 *    layer, the engine and supabase-js), and the engine's leader tab runs
 *    the first sync at once;
 * 3. signing out (or switching user) stops sync, closes the database and
 *    resets the per-user screen state (dashboard filters).
 *
 * `appSession.syncNow()` is the one way the UI asks for a sync.
 */
import type * as Data from '../data';
import type * as Sync from '../../sync';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../data/database.types';
import { useAuth } from '../auth/useAuth';
import { connection } from '../auth/connection';
import { signInFromStoredSession } from '../auth/localSession';
import { useDashboardFilters } from '../state/dashboardFilters';

/** The data layer, loaded as its own chunk (the landing page carries no Dexie). */
function loadData(): Promise<typeof Data> {
  return import('../data');
}

/** The sync engine and the supabase-js client, loaded as their own chunks. */
async function loadSync(): Promise<{ sync: typeof Sync; supabase: SupabaseClient<Database> }> {
  const [sync, { supabase }] = await Promise.all([
    import('../../sync'),
    import('../auth/supabase'),
  ]);
  return { sync, supabase };
}

/** Longest a signed-in start waits for the first screen before the sync's code loads. */
const FIRST_SCREEN_WAIT_MS = 1500;

export interface AppSession {
  /** Starts the connection monitor and follows the auth store; idempotent. */
  start(): void;
  /** The first screen shows its content (from the local database): the sync's code may load now. */
  screenShown(): void;
  /** Asks the running engine for a sync now (the "Try now" and "Retry" buttons); false when none runs. */
  syncNow(): boolean;
  /** Resolves when the database and sync match the signed-in user. */
  settled(): Promise<void>;
  /** After the account was deleted on the server: closes and deletes the user's local database. */
  forgetDevice(userId: string): Promise<void>;
}

function createAppSession(): AppSession {
  let started = false;
  /** The user whose database and sync are wanted. */
  let wantedUserId: string | null = null;
  let engine: Sync.SyncHandle | null = null;
  let wiring: Promise<void> = Promise.resolve();
  let markScreenShown: () => void = () => undefined;
  const firstScreen = new Promise<void>((resolve) => (markScreenShown = resolve));

  /** Stops sync and closes the database of the previous user, then opens and syncs `userId`'s. Serialized. */
  function wire(userId: string | null): void {
    if (userId === wantedUserId) return;
    const leaving = wantedUserId !== null;
    wantedUserId = userId;
    if (leaving) useDashboardFilters.getState().reset();
    wiring = wiring.then(async () => {
      try {
        if (engine) {
          await engine.stop();
          engine = null;
        }
        const data = await loadData();
        await data.setActiveUser(userId);
        // A newer sign-in or sign-out is queued behind this one: it starts its own sync.
        if (!userId || userId !== wantedUserId) return;
        // The first screen renders from the local database; supabase-js and the checks of the
        // server's answers load after it, so on a slow link they never hold it up.
        await Promise.race([
          firstScreen,
          new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
        ]);
        if (userId !== wantedUserId) return;
        const { sync, supabase } = await loadSync();
        if (userId !== wantedUserId) return;
        engine = sync.startSync({ supabase, getDb: data.getActiveDb, userId, connection });
        // Signed in with data worth keeping: ask the browser not to evict it.
        void import('../pwa/storage').then(({ requestPersistentStorage }) =>
          requestPersistentStorage(),
        );
      } catch (err) {
        console.error('Could not open the local data or start sync for this account', err);
      }
    });
  }

  return {
    start() {
      if (started) return;
      started = true;
      connection.start();
      // Server out of reach (offline or lie-fi) during the start-up: an expired stored session keeps the user in.
      connection.onChange((next) => {
        if (next !== 'online') signInFromStoredSession();
      });
      const follow = (): void => {
        const { status, user } = useAuth.getState();
        if (status !== 'loading') wire(status === 'signedIn' ? (user?.id ?? null) : null);
      };
      useAuth.subscribe(follow);
      follow();
    },
    screenShown() {
      markScreenShown();
    },
    syncNow() {
      if (!engine) return false;
      void engine.syncNow().catch(() => undefined);
      return true;
    },
    settled: () => wiring,
    async forgetDevice(userId) {
      wire(null);
      await wiring;
      const data = await loadData();
      await new Promise<void>((resolve) => {
        const req = indexedDB.deleteDatabase(data.dbNameFor(userId));
        req.onsuccess = req.onerror = req.onblocked = () => resolve();
      });
    },
  };
}

/** The app's session wiring (one per page). */
export const appSession: AppSession = createAppSession();
