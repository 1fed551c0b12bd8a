/**
 * A sync run with no page open: the service worker's one-off Background
 * Sync (push the outbox) and its Periodic Background Sync (push, then pull
 * the user's projects). The run is the page's own `runSync` (same push, same
 * transport, same wire-contract checks, same dead letters, same IndexedDB
 * database), under the same run lock as a page's run (runLock.ts), so the
 * two never push at once and op ids make any repeat a duplicate. What it did
 * is kept in the user's `sync_state` for the /sync page.
 */
import type { LockManagerLike } from './platform';
import { runSync } from './run';
import { withRunLock } from './runLock';
import type { RunRecord, SyncStore } from './store';
import type { SyncClient } from './transport';
import type { BackgroundSyncRecord } from './backgroundTags';

export {
  BACKGROUND_PULL_MIN_INTERVAL_MS,
  BACKGROUND_PULL_TAG,
  BACKGROUND_PUSH_TAG,
  type BackgroundSyncRecord,
} from './backgroundTags';

export interface BackgroundRunDeps {
  store: SyncStore;
  supabase: SyncClient;
  /** Web Locks (`navigator.locks` in the worker); null runs unlocked. */
  locks: LockManagerLike | null;
  kind: 'push' | 'pull';
  /** True when no page of the app is open. */
  appClosed: () => Promise<boolean>;
  /** Epoch ms (local bookkeeping and display only). */
  now?: () => number;
  tables?: readonly string[];
  batchSize?: number;
}

/**
 * Runs one background sync and records it. Resolves with the record; a
 * failed run (server out of reach, an error) is recorded and resolved as
 * `failed`, for the caller to reject the event so the browser retries. A
 * session the server refuses leaves the outbox as it is and marks the user's
 * database "sign in again", as a page's run does.
 */
export async function runBackgroundSync(deps: BackgroundRunDeps): Promise<BackgroundSyncRecord> {
  const { store, supabase, kind } = deps;
  const now = deps.now ?? (() => Date.now());
  const outcome = await withRunLock(deps.locks, store.userId, async () => {
    // A page ran while this waited, or nothing was queued: a push has nothing to do.
    if (kind === 'push' && (await store.pendingCount()) === 0)
      return { ok: true as const, pushed: 0, pulled: 0 };
    return runSync({
      store,
      supabase,
      now,
      tables: deps.tables,
      batchSize: deps.batchSize,
      pull: kind === 'pull',
    });
  });
  const at = new Date(now()).toISOString();
  const record: BackgroundSyncRecord = {
    at,
    kind,
    outcome: outcome.ok ? 'ok' : 'authRequired' in outcome ? 'auth-required' : 'failed',
    pushed: outcome.pushed,
    pulled: outcome.pulled,
    appClosed: await deps.appClosed().catch(() => false),
  };
  const run: RunRecord = { background: record };
  if (record.outcome === 'auth-required') run.authRequired = true;
  if (record.outcome === 'ok') {
    run.authRequired = false;
    if (kind === 'pull') run.lastSyncedAt = at;
  }
  await store.recordRun(run);
  return record;
}

/** Reads the last background run's record from the user's store (null when none ran). */
export function lastBackgroundSync(store: SyncStore): Promise<BackgroundSyncRecord | null> {
  return store.lastBackgroundSync();
}
