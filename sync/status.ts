/**
 * Sync status store, readable without React (`syncStatus.get()`,
 * `syncStatus.subscribe(fn)`): what the top-bar indicator shows — online,
 * unsynced ops, last synced time, dead letters, unseen conflicts, sign-in
 * required, last error. Every tab's engine (leader or follower) keeps it current.
 */

export interface SyncStatus {
  online: boolean;
  /** Ops in the outbox (not yet confirmed by the server). */
  unsynced: number;
  /** ISO time of the last complete sync (any tab), or null. */
  lastSyncedAt: string | null;
  syncing: boolean;
  deadLetters: number;
  /** Conflicts the user has not looked at yet. */
  conflicts: number;
  /** The server rejected the refresh token: the user must sign in again (nothing is dropped). */
  authRequired: boolean;
  /** Last transport error in words, null after a good sync. */
  error: string | null;
}

export interface SyncStatusStore {
  get(): SyncStatus;
  set(patch: Partial<SyncStatus>): void;
  subscribe(listener: () => void): () => void;
  reset(): void;
}

/** The initial status: nothing known yet. */
export function initialSyncStatus(): SyncStatus {
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  return { online, unsynced: 0, lastSyncedAt: null, syncing: false, deadLetters: 0, conflicts: 0, authRequired: false, error: null };
}

/** A status store; `get()` returns the same object until something changes. */
export function createSyncStatusStore(): SyncStatusStore {
  let state = initialSyncStatus();
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch) {
      const keys = Object.keys(patch) as (keyof SyncStatus)[];
      if (keys.every((k) => state[k] === patch[k])) return;
      state = { ...state, ...patch };
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      state = initialSyncStatus();
      for (const l of listeners) l();
    },
  };
}

/** The app's sync status. */
export const syncStatus: SyncStatusStore = createSyncStatusStore();

type SyncNow = () => Promise<unknown>;
let syncNowFn: SyncNow | null = null;

/** The running engine registers its `syncNow` (null on stop); returns the previous one. */
export function registerSyncNow(fn: SyncNow | null): SyncNow | null {
  const previous = syncNowFn;
  syncNowFn = fn;
  return previous;
}

/** Asks the running engine to sync now (the sync page's button). False when none runs. */
export function requestSyncNow(): boolean {
  if (!syncNowFn) return false;
  void syncNowFn().catch(() => undefined);
  return true;
}
