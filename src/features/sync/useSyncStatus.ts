/**
 * React binding of the sync status store (`sync/status.ts`):
 * `{ online, unsynced, lastSyncedAt, syncing, deadLetters, conflicts, authRequired, error }`
 * (app-contracts.md). Lives here, not in src/data, because src/data sits below sync/.
 */
import { useSyncExternalStore } from 'react';
import { syncStatus, type SyncStatus } from '../../../sync/status';

/** The current sync status; re-renders on every change. */
export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(syncStatus.subscribe, syncStatus.get, syncStatus.get);
}
