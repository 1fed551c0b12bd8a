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
 * `appSession.syncNow()` is the one way the UI asks for a sync; screens call
 * it through `syncNow`/`useSyncNow` of `src/hooks/sessionActions.ts`.
 */
import type * as Data from '../data/sessionData';
import type * as SyncStoreModule from '../data/syncStore';
import type * as Sync from '../../sync';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../data/database.types';
import { useAuth } from '../auth/useAuth';
import { connection } from '../auth/connection';
import { signInFromStoredSession } from '../auth/localSession';
import { useDashboardFilters } from '../state/dashboardFilters';
import { provideSessionActions } from '../hooks/sessionActions';
import { afterFirstScreen, firstScreen } from './firstScreen';

/**
 * What the session needs of the data layer, loaded as its own chunk (the landing page carries no
 * Dexie); the repositories load with the screens that use them.
 */
function loadData(): Promise<typeof Data> {
  return import('../data/sessionData');
}

/** The sync engine, its store on the local database and the supabase-js client, loaded as their own chunks. */
async function loadSync(): Promise<{
  sync: typeof Sync;
  stores: typeof SyncStoreModule;
  supabase: SupabaseClient<Database>;
}> {
  const [sync, stores, { supabase }] = await Promise.all([
    import('../../sync'),
    import('../data/syncStore'),
    import('../auth/supabase'),
  ]);
  return { sync, stores, supabase };
}

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
  /** Stops following the engine's runs (set while an engine runs). */
  let wiring: Promise<void> = Promise.resolve();

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
          (await loadData()).setFileDownloader(null);
        }
        const data = await loadData();
        await data.setActiveUser(userId);
        // A newer sign-in or sign-out is queued behind this one: it starts its own sync.
        if (!userId || userId !== wantedUserId) return;
        // The first screen renders from the local database; supabase-js and the checks of the
        // server's answers load after it (src/app/firstScreen.ts), so they never hold it up.
        await afterFirstScreen();
        if (userId !== wantedUserId) return;
        const { sync, stores, supabase } = await loadSync();
        if (userId !== wantedUserId) return;
        // The engine works on the local database through its store; files not on the device download with the same client.
        const getStore = (): ReturnType<typeof stores.syncStoreFor> | null => {
          const db = data.getActiveDb();
          return db ? stores.syncStoreFor(db) : null;
        };
        engine = sync.startSync({ supabase, getStore, userId, connection });
        data.setFileDownloader(async (path) => {
          const { data: blob, error } = await supabase.storage
            .from(sync.FILES_BUCKET)
            .download(path);
          if (error || !blob) throw new Error(error?.message ?? 'Download failed');
          return blob;
        });
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
        // Nobody signed in: no screen will come from local data, so nothing waits for one.
        if (status === 'signedOut') firstScreen.release();
        if (status !== 'loading') wire(status === 'signedIn' ? (user?.id ?? null) : null);
      };
      useAuth.subscribe(follow);
      follow();
    },
    screenShown() {
      firstScreen.shown();
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
// Screens and online calls reach it through src/hooks/sessionActions.ts, never by importing the shell.
provideSessionActions(appSession);
