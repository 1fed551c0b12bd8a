/**
 * The outbox: queued wire operations with local bookkeeping, and the coalescing
 * rule for autosave (one pending op per row, not one per keystroke).
 * Call `enqueueOp` inside the repository's rw transaction that writes the row
 * (its scope must include the row's table, `outbox`, `sync_state` and
 * `dead_letters`). Every op passes the one text rule (`storableOp`) here.
 *
 * A row whose insert the server refused was never on the server: an edit of
 * it is sent as that insert again (with the edit folded in), never as an
 * update of a row the server does not have, which would be refused "no
 * longer exists" and take the row off the user's screen.
 */
import type { RefacingDb } from './db';
import { applyDetailsPatch, mergeDetailsPatches } from './detailsPatch';
import { SENT_THROUGH_KEY } from './syncStateKeys';
import type { DetailsPatchEntry, OutboxEntry, SyncTable } from './types';
import { storableOp } from './userText';

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
export async function enqueueOp(
  db: RefacingDb,
  newOp: NewOp,
  nowMs: number,
): Promise<EnqueueOutcome> {
  let op = storableOp(newOp);
  if (op.kind !== 'insert') {
    const refused = await refusedInsertOf(db, op.table, op.id);
    if (refused) {
      await db.dead_letters.bulkDelete(refused.letterIds);
      // Deleting a row the server never had: nothing to send.
      if (op.kind === 'delete') return 'cancelled';
      op = { ...foldIntoInsert(refused.insert, op), kind: 'insert', base_version: null };
    }
  }
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

/** The parts of an op that `foldIntoInsert` reads. */
type FoldableOp = Pick<NewOp, 'kind' | 'changes' | 'details_patch'>;

/**
 * An insert's changes with a later op of the same row folded in: its columns
 * replace the insert's, its details paths are applied to the insert's
 * details. A delete folds to nothing (the caller drops the row instead).
 */
export function foldIntoInsert(
  insert: Pick<NewOp, 'table' | 'id' | 'changes' | 'upload'>,
  later: FoldableOp,
): NewOp {
  const changes = { ...insert.changes, ...later.changes };
  if (later.details_patch?.length)
    changes.details = applyDetailsPatch(insert.changes.details, later.details_patch);
  return {
    table: insert.table,
    id: insert.id,
    kind: 'insert',
    base_version: null,
    changes,
    ...(insert.upload ? { upload: insert.upload } : {}),
  };
}

/**
 * The refused insert of a row that the server never accepted (its dead
 * letter, with every other refused op of the row folded in, in order), or
 * undefined. Inside a transaction over `dead_letters` and the row's table.
 */
export async function refusedInsertOf(
  db: RefacingDb,
  table: SyncTable,
  id: string,
): Promise<{ insert: NewOp; letterIds: number[] } | undefined> {
  const letters = (await db.dead_letters.where('op.id').equals(id).toArray())
    .filter((l) => l.op.table === table)
    .sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  const first = letters.findIndex((l) => l.op.kind === 'insert');
  if (first < 0) return undefined;
  const row = (await db.table(table).get(id)) as { version?: number } | undefined;
  if (row?.version) return undefined; // the server has it after all
  let insert: NewOp = { ...(letters[first] as (typeof letters)[number]).op, base_version: null };
  for (const l of letters.slice(first + 1))
    if (l.op.kind === 'update') insert = foldIntoInsert(insert, l.op);
  return { insert, letterIds: letters.map((l) => l.id as number) };
}
