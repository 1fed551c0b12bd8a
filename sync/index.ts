/** Public API of the sync engine (docs/app-contracts.md, sync/). */
export { startSync, type StartSyncOptions, type SyncHandle, type SyncRunReport, type LockManagerLike, type TimersLike } from './engine';
export { syncStatus, createSyncStatusStore, requestSyncNow, registerSyncNow, type SyncStatus, type SyncStatusStore } from './status';
