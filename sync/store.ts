/**
 * What the sync engine needs from the device's local database, and nothing
 * more. sync/ imports nothing from src/: the app implements this interface
 * on IndexedDB (src/data/syncStore.ts) and src/app/session.ts hands it to
 * the engine; the engine's unit tests use an in-memory one. Every method
 * that writes runs in one local transaction of its own, so a run that stops
 * anywhere leaves the store consistent.
 */
import type { BackgroundSyncRecord } from './backgroundTags';
import type { PushResult } from './responses';
import type { SyncStatus } from './status';

export type { PushResult } from './responses';

/** What an op does to its row. */
export type OpKind = 'insert' | 'update' | 'delete';

/** The operation exactly as it goes over the wire (docs/sync-protocol.md, push). */
export interface WireOp {
  op_id: string;
  /** A synced table (the store's `tables`). */
  table: string;
  id: string;
  kind: OpKind;
  base_version: number | null;
  changes: Record<string, unknown>;
  /** Changed JSON paths of `details` (update only). */
  details_patch?: readonly unknown[];
}

/** A queued op as the engine reads it from the outbox: the wire op and what the push needs besides. */
export interface PendingOp extends WireOp {
  /** Queue order (assigned by the store). */
  seq?: number;
  /** A file insert: the blob goes to Storage at `path` before the row is pushed. */
  upload?: { fileId: string; path: string; uploaded: boolean };
  /** A file delete: the Storage object to remove once the server confirmed it. */
  removeObject?: string;
}

/** A row to restore from the server copy (after the user discarded a dead letter). */
export interface RefetchItem {
  table: string;
  id: string;
}

/** The sync figures every tab shows, read from the store (so a follower tab shows what the leader did). */
export type StoredStatus = Pick<
  SyncStatus,
  'unsynced' | 'oldestUnsyncedAt' | 'deadLetters' | 'conflicts' | 'lastSyncedAt' | 'authRequired'
>;

/** What a finished run leaves in the store for every tab (and the /sync page) to read. */
export interface RunRecord {
  /** The run synced everything (ISO time): the "last synced" time. */
  lastSyncedAt?: string;
  /** The server refused the session (true) or accepted it (false). */
  authRequired?: boolean;
  /** A service worker run's record. */
  background?: BackgroundSyncRecord;
}

/** The local database as the engine uses it. */
/** Rows made ready to write by `SyncStore.prepareServerRows` (its own shape inside). */
export interface PreparedRows {
  /** How many rows. */
  readonly count: number;
}

export interface SyncStore {
  /** The signed-in user the database belongs to (names the run lock). */
  readonly userId: string;
  /** The synced tables in pull order (memberships last: a revocation follows the rows it hides). */
  readonly tables: readonly string[];

  // The outbox.
  /** Visits the queued ops in queue order until `visit` returns false. */
  scanOutbox(visit: (op: PendingOp) => boolean): Promise<void>;
  /** How many ops are queued. */
  pendingCount(): Promise<number>;
  /** The ops `seqs` are about to be sent: no later edit may be folded into them. */
  markSent(seqs: readonly number[]): Promise<void>;
  /** A call carrying `seqs` failed: counts the attempt and keeps `error` for the /sync page. */
  recordAttempt(seqs: readonly number[], error: string): Promise<void>;
  /** The blob of a queued file insert, or null when it left the device. */
  readBlob(fileId: string): Promise<Blob | null>;
  /** The file insert's blob reached Storage. */
  markUploaded(op: PendingOp): Promise<void>;
  /** Moves a queued op into the dead letters with the server's code and message. */
  deadLetter(op: PendingOp, code: string, message: string, nowIso: string): Promise<void>;
  /**
   * Applies the per-op results of one `push_changes` call: answered ops
   * leave the queue, their rows are applied, later ops of the same rows are
   * rebased, merged paths become conflicts, refusals dead letters. Returns
   * the Storage paths of pushed file deletes (also queued, see
   * `queuedRemovals`).
   */
  applyPushResults(ops: PendingOp[], results: PushResult[], nowIso: string): Promise<string[]>;
  /** Storage objects whose rows are deleted but which Storage has not confirmed removing. */
  queuedRemovals(): Promise<string[]>;
  /** Storage confirmed (or refused for good) removing `paths`. */
  removalsDone(paths: readonly string[]): Promise<void>;

  // Pulling.
  /** The table's stored cursor ('0' before its first pull). */
  readCursor(table: string): Promise<string>;
  /** Stores the table's cursor after a complete pull. */
  writeCursor(table: string, cursor: string): Promise<void>;
  /** True when the table has no local row at all. */
  isEmpty(table: string): Promise<boolean>;
  /**
   * Applies server rows of `table` (pulled, fetched by id): idempotent by
   * version, tombstones included, pending local ops re-applied on top, and
   * for memberships their effect on the device's projects. `fresh`: the
   * table was empty when this pull began. Returns the rows written.
   */
  applyServerRows(
    table: string,
    rows: readonly Record<string, unknown>[],
    nowIso: string,
    options?: { fresh?: boolean },
  ): Promise<number>;
  /**
   * Makes pulled rows of `table` ready to write (copied, derived fields set),
   * synchronously, so the pull does it while an earlier write is in flight.
   * Throws on a row it cannot read.
   */
  prepareServerRows(table: string, rows: readonly Record<string, unknown>[]): PreparedRows;
  /**
   * Writes prepared batches of one table, in the order given, in one
   * transaction, as `applyServerRows` does. Returns the rows written.
   */
  applyPreparedRows(
    batches: readonly PreparedRows[],
    nowIso: string,
    options?: { fresh?: boolean },
  ): Promise<number>;

  // Membership changes and restores.
  /** Ids of projects shared with the user that must be fetched whole. */
  sharedFetches(): Promise<string[]>;
  /** Those projects were fetched (or are no longer readable). */
  sharedFetched(ids: readonly string[]): Promise<void>;
  /** Rows to restore from the server copy. */
  refetchQueue(): Promise<RefetchItem[]>;
  /** Replaces the local row with the server's (`null`: the server has none) and dequeues it. */
  restoreRow(item: RefetchItem, row: Record<string, unknown> | null, nowIso: string): Promise<void>;

  // What a run leaves for every tab.
  /** Records the end of a run. */
  recordRun(record: RunRecord): Promise<void>;
  /** The last service worker run's record, or null. */
  lastBackgroundSync(): Promise<BackgroundSyncRecord | null>;
  /**
   * Calls `onStatus` with the stored figures now and whenever they change
   * (in any tab), and `onLocalWrite` when a new op is queued. Returns the
   * unsubscribe.
   */
  watch(onStatus: (status: StoredStatus) => void, onLocalWrite: () => void): () => void;
}

/** The op as it goes over the wire (no local bookkeeping). */
export function toWireOp(op: PendingOp): WireOp {
  // `id` travels as op.id; the server refuses it inside `changes` (22023 "column id ... is not writable").
  const { id: _id, ...changes } = op.changes;
  const wire: WireOp = {
    op_id: op.op_id,
    table: op.table,
    id: op.id,
    kind: op.kind,
    base_version: op.base_version,
    changes,
  };
  if (op.details_patch?.length) wire.details_patch = op.details_patch;
  return wire;
}
