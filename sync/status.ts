/**
 * Sync status store, readable without React (`syncStatus.get()`,
 * `syncStatus.subscribe(fn)`): what the top bar and the /sync page show — the
 * connection (offline / can't reach the server / online, from evidence; see
 * `connection.ts`), changes saved only on this device and since when, the last
 * complete sync, the next retry, dead letters, unseen conflicts, sign-in
 * required and why the last attempt failed. Every tab keeps it current (the
 * leader from its own requests, followers from the shared database).
 */

/**
 * What the app knows about reaching the server.
 * - `offline`: the browser says it has no network (`navigator.onLine === false`).
 * - `unreachable`: the browser says it is online, but requests fail at the
 *   network level, time out, or get a 502/503/504 (lie-fi, captive portal,
 *   backend outage).
 * - `online`: the last request to the server was answered.
 */
export type ConnectionState = 'offline' | 'unreachable' | 'online';

/**
 * Why the last sync attempt failed, as a kind the UI turns into words
 * (never a raw transport message): no network, the server did not answer,
 * the server answered with an error.
 */
export type SyncProblem = 'no-network' | 'no-answer' | 'server-error';

export interface SyncStatus {
  connection: ConnectionState;
  /** Ops in the outbox: saved on this device, not yet confirmed by the server. */
  unsynced: number;
  /** ISO time the oldest of them was queued on this device, null when none waits. */
  oldestUnsyncedAt: string | null;
  /** ISO time of the last complete sync (any tab), or null. */
  lastSyncedAt: string | null;
  syncing: boolean;
  /** Epoch ms of the next automatic try (retry or connection probe), null when none is planned. */
  nextRetryAt: number | null;
  deadLetters: number;
  /** Conflicts the user has not looked at yet. */
  conflicts: number;
  /** The server rejected the refresh token: the user must sign in again (nothing is dropped). */
  authRequired: boolean;
  /** Why the last attempt failed, null after a good sync. */
  problem: SyncProblem | null;
  /** The last transport error as reported (for logs and tooltips, never shown as the message), null after a good sync. */
  error: string | null;
}

export interface SyncStatusStore {
  get: () => SyncStatus;
  set: (patch: Partial<SyncStatus>) => void;
  subscribe: (listener: () => void) => () => void;
  /** Back to "nothing known" for a new user; the connection, a property of the device, is kept. */
  reset: () => void;
}

/** `navigator.onLine`, true where unknown (node, tests). */
export function browserSaysOnline(): boolean {
  return typeof navigator === 'undefined' || (navigator as { onLine?: boolean }).onLine !== false;
}

/** The initial status: nothing known yet; the connection as the browser reports it until evidence arrives. */
export function initialSyncStatus(): SyncStatus {
  return {
    connection: browserSaysOnline() ? 'online' : 'offline',
    unsynced: 0,
    oldestUnsyncedAt: null,
    lastSyncedAt: null,
    syncing: false,
    nextRetryAt: null,
    deadLetters: 0,
    conflicts: 0,
    authRequired: false,
    problem: null,
    error: null,
  };
}

/** A status store; `get()` returns the same object until something changes. */
export function createSyncStatusStore(): SyncStatusStore {
  let state = initialSyncStatus();
  const listeners = new Set<() => void>();
  const notify = (): void => {
    for (const l of [...listeners]) l();
  };
  return {
    get: () => state,
    set(patch) {
      const keys = Object.keys(patch) as (keyof SyncStatus)[];
      if (keys.every((k) => state[k] === patch[k])) return;
      state = { ...state, ...patch };
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      state = { ...initialSyncStatus(), connection: state.connection };
      notify();
    },
  };
}

/** The app's sync status (one per page: the device has one connection and one signed-in user). */
export const syncStatus: SyncStatusStore = createSyncStatusStore();
