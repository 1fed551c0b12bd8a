/**
 * The service worker's background run: finds the signed-in user from the
 * session store the page shares with it (sessionStore.ts), opens their
 * database and runs `runBackgroundSync` with a supabase-js client on the same
 * session store and refresh lock as the page. With nobody signed in, or no
 * backend recorded yet, it does nothing (the page syncs when opened).
 */
/// <reference lib="webworker" />
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../data/database.types';
import { RefacingDb } from '../data/db';
import { syncStoreFor } from '../data/syncStore';
import {
  readBackendConfig,
  sessionStorageAdapter,
  sharedAuthLock,
  AUTH_LOCK_WAIT_MS,
  storageKeyFor,
  storedUserId,
  type BackendConfig,
} from '../auth/sessionStore';
import { createWorkerClient } from './workerClient';
import { runBackgroundSync, type BackgroundSyncRecord } from '../../sync/background';

declare const self: ServiceWorkerGlobalScope;

let client: { key: string; supabase: SupabaseClient<Database> } | null = null;

/** One client per backend for the worker's life (one auth client per storage key, as supabase-js wants). */
function clientFor(backend: BackendConfig, storageKey: string): SupabaseClient<Database> {
  const key = `${backend.url} ${backend.anonKey}`;
  if (client?.key !== key) {
    // Refreshed when a run needs it, under the shared lock; no timer in a worker the browser stops.
    const supabase = createWorkerClient(backend.url, backend.anonKey, {
      storageKey,
      storage: sessionStorageAdapter(null),
      lock: sharedAuthLock,
      lockAcquireTimeout: AUTH_LOCK_WAIT_MS,
    });
    client = { key, supabase };
  }
  return client.supabase;
}

/**
 * Runs the `kind` background sync for the signed-in user. Rejects when the
 * run failed (server out of reach, an error), so the browser retries.
 * Resolves with the record, or null when there was nothing to sync for.
 */
export async function backgroundJob(kind: 'push' | 'pull'): Promise<BackgroundSyncRecord | null> {
  const backend = await readBackendConfig();
  if (!backend) return null;
  const storageKey = storageKeyFor(backend.url);
  const userId = await storedUserId(storageKey);
  if (!userId) return null;
  const supabase = clientFor(backend, storageKey);
  const db = new RefacingDb(userId);
  try {
    await db.open();
    const record = await runBackgroundSync({
      store: syncStoreFor(db),
      supabase,
      locks: self.navigator.locks ?? null,
      kind,
      appClosed: async () => (await self.clients.matchAll({ type: 'window' })).length === 0,
    });
    if (record.outcome === 'failed') throw new Error('Background sync failed; the browser retries');
    return record;
  } finally {
    db.close();
  }
}
