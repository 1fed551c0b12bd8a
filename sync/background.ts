/**
 * A sync run with no page open: the service worker's one-off Background
 * Sync (push the outbox) and its Periodic Background Sync (push, then pull
 * the user's projects). The run is the page's own `runSync` (same push, same
 * transport, same wire-contract checks, same dead letters, same IndexedDB
 * database), under the same run lock as a page's run (runLock.ts), so the
 * two never push at once and op ids make any repeat a duplicate. What it did
 * is kept in the user's `sync_state` for the /sync page.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../src/data/database.types';
import type { RefacingDb } from '../src/data/db';
import { SYNC_TABLES, type SyncTable } from '../src/data/types';
import type { LockManagerLike } from './platform';
import { runSync } from './run';
import { withRunLock } from './runLock';
import { AUTH_REQUIRED_KEY, LAST_SYNCED_KEY } from './statusMirror';
import { LAST_BACKGROUND_SYNC_KEY, type BackgroundSyncRecord } from './backgroundTags';

export {
  BACKGROUND_PULL_MIN_INTERVAL_MS,
  BACKGROUND_PULL_TAG,
  BACKGROUND_PUSH_TAG,
  LAST_BACKGROUND_SYNC_KEY,
  type BackgroundSyncRecord,
} from './backgroundTags';

export interface BackgroundRunDeps {
  db: RefacingDb;
  supabase: SupabaseClient<Database>;
  /** Web Locks (`navigator.locks` in the worker); null runs unlocked. */
  locks: LockManagerLike | null;
  kind: 'push' | 'pull';
  /** True when no page of the app is open. */
  appClosed: () => Promise<boolean>;
  /** Epoch ms (local bookkeeping and display only). */
  now?: () => number;
  tables?: readonly SyncTable[];
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
  const { db, supabase, kind } = deps;
  const now = deps.now ?? (() => Date.now());
  const outcome = await withRunLock(deps.locks, db.userId, async () => {
    // A page ran while this waited, or nothing was queued: a push has nothing to do.
    if (kind === 'push' && (await db.outbox.count()) === 0)
      return { ok: true as const, pushed: 0, pulled: 0 };
    return runSync({
      db,
      supabase,
      now,
      tables: deps.tables ?? SYNC_TABLES,
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
  const writes: { key: string; value: unknown }[] = [
    { key: LAST_BACKGROUND_SYNC_KEY, value: record },
  ];
  if (record.outcome === 'auth-required') writes.push({ key: AUTH_REQUIRED_KEY, value: true });
  if (record.outcome === 'ok') {
    writes.push({ key: AUTH_REQUIRED_KEY, value: false });
    if (kind === 'pull') writes.push({ key: LAST_SYNCED_KEY, value: at });
  }
  await db.sync_state.bulkPut(writes);
  return record;
}

/** Reads the last background run's record from the user's database (null when none ran). */
export async function lastBackgroundSync(db: RefacingDb): Promise<BackgroundSyncRecord | null> {
  const v = (await db.sync_state.get(LAST_BACKGROUND_SYNC_KEY))?.value;
  return v && typeof v === 'object' && 'at' in v ? (v as BackgroundSyncRecord) : null;
}
