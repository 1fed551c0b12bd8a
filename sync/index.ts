/** Public API of the sync engine (docs/app-contracts.md, sync/). */
export {
  startSync,
  type StartSyncOptions,
  type SyncHandle,
  type SyncRunReport,
  type LockManagerLike,
  type TimersLike,
} from './engine';
export { FILES_BUCKET } from './push';
export type { SyncStore, PendingOp, WireOp, StoredStatus, RunRecord } from './store';
export type { SyncClient } from './transport';
export {
  createConnection,
  type Connection,
  type ConnectionOptions,
  type Evidence,
} from './connection';
export {
  syncStatus,
  createSyncStatusStore,
  type ConnectionState,
  type SyncProblem,
  type SyncStatus,
  type SyncStatusStore,
} from './status';
