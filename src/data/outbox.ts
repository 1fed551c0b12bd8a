/**
 * The outbox: queued wire operations with local bookkeeping, and the coalescing
 * rule for autosave (one pending op per row, not one per keystroke).
 * Call `enqueueOp` inside the repository's rw transaction that writes the row
 * (its scope must include `outbox` and `sync_state`).
 */
import type { RefacingDb } from './db';
import { applyDetailsPatch, mergeDetailsPatches } from './detailsPatch';
import { SENT_THROUGH_KEY } from './syncStateKeys';
import type { DetailsPatchEntry, OutboxEntry, SyncTable } from './types';

/** A new operation before bookkeeping. */
export interface NewOp {
  table: SyncTable;
  id: string;
  kind: OutboxEntry['kind'];
  base_version: number | null;
  changes: Record<string, unknown>;
  details_patch?: DetailsPatchEntry[];
  upload?: OutboxEntry['upload'];
  removeObject?: string;
}

/**
 * What became of an op: appended, merged into the pending op of the row, or
 * `cancelled` (a delete of a row whose insert never left the device: both go).
 */
export type EnqueueOutcome = 'queued' | 'merged' | 'cancelled';

/** The highest outbox seq ever sent (0 when none). Inside a transaction over `sync_state`. */
export async function sentThrough(db: RefacingDb): Promise<number> {
  const value = (await db.sync_state.get(SENT_THROUGH_KEY))?.value;
  return typeof value === 'number' ? value : 0;
}

/** Records that the ops `seqs` are about to be sent (the mark never goes down). */
export async function markSent(db: RefacingDb, seqs: readonly number[]): Promise<void> {
  if (seqs.length === 0) return;
  const top = Math.max(...seqs);
  await db.transaction('rw', db.sync_state, async () => {
    if (top > (await sentThrough(db)))
      await db.sync_state.put({ key: SENT_THROUGH_KEY, value: top });
  });
}

/** Random v4 uuid (crypto.randomUUID where present). */
export function newId(): string {
  return globalThis.crypto.randomUUID();
}

/** The pending ops of one row, queue order. */
export async function pendingOpsFor(
  db: RefacingDb,
  table: SyncTable,
  id: string,
): Promise<OutboxEntry[]> {
  const ops = await db.outbox.where('[table+id]').equals([table, id]).toArray();
  return ops.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/**
 * Queues `op` for its row, coalescing with the row's last op when that one
 * has never been sent: update→insert folds into the insert; update→update merges
 * columns and details paths (later wins, parent replaces children);
 * delete→update replaces it; delete→insert cancels both. Must run inside a rw
 * transaction over `outbox` and `sync_state`.
 */
export async function enqueueOp(db: RefacingDb, op: NewOp, nowMs: number): Promise<EnqueueOutcome> {
  const pending = await pendingOpsFor(db, op.table, op.id);
  const tail = pending[pending.length - 1];
  // Never fold into an op that has been sent (see SENT_THROUGH_KEY) or whose file is uploaded.
  const open =
    tail &&
    tail.inFlight === 0 &&
    (tail.seq ?? 0) > (await sentThrough(db)) &&
    !(tail.upload?.uploaded ?? false)
      ? tail
      : undefined;
  if (op.kind === 'update' && open) {
    if (open.kind === 'insert') {
      const changes = { ...open.changes, ...op.changes };
      if (op.details_patch?.length)
        changes.details = applyDetailsPatch(open.changes.details, op.details_patch);
      await db.outbox.put({ ...open, changes });
      return 'merged';
    }
    if (open.kind === 'update') {
      const merged: OutboxEntry = { ...open, changes: { ...open.changes, ...op.changes } };
      const patch = mergeDetailsPatches(open.details_patch ?? [], op.details_patch ?? []);
      if (patch.length) merged.details_patch = patch;
      await db.outbox.put(merged);
      return 'merged';
    }
    if (open.kind === 'delete') return 'merged';
  }
  if (op.kind === 'delete' && open) {
    if (open.kind === 'insert' && pending.length === 1) {
      await db.outbox.delete(open.seq as number);
      return 'cancelled';
    }
    if (open.kind === 'update') {
      await db.outbox.delete(open.seq as number);
      op = { ...op, base_version: open.base_version };
    }
    if (open.kind === 'delete') return 'merged';
  }
  const entry: OutboxEntry = {
    op_id: newId(),
    table: op.table,
    id: op.id,
    kind: op.kind,
    base_version: op.base_version,
    changes: op.changes,
    attempts: 0,
    nextAttemptAt: 0,
    inFlight: 0,
    queuedAt: new Date(nowMs).toISOString(),
  };
  if (op.details_patch?.length) entry.details_patch = op.details_patch;
  if (op.upload) entry.upload = op.upload;
  if (op.removeObject) entry.removeObject = op.removeObject;
  await db.outbox.add(entry);
  return 'queued';
}
