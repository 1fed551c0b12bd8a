/**
 * Applying the answer of one push_changes call (see push.ts): loaded with the
 * response checks (answers.ts), when the first batch is about to be sent.
 */
import { applyServerRows, toProjectRecord } from '../src/data/applyServerRows';
import type { RefacingDb } from '../src/data/db';
import type { ConflictRecord, OutboxEntry, SyncTable } from '../src/data/types';
import { deadLetter, labelOf, queuedRemovals, REMOVALS_KEY } from './push';
import { NO_RESULT_TEXT, rowLabel } from './texts';
import type { PushResult } from './responses';

/**
 * Applies the per-op results of one push_changes call in one rw transaction.
 * Returns the Storage paths to delete (pushed file deletes), also queued
 * under REMOVALS_KEY until `removePendingObjects` succeeds.
 */
export async function applyPushResults(
  db: RefacingDb,
  ops: OutboxEntry[],
  results: PushResult[],
  nowIso: string,
): Promise<string[]> {
  const removals: string[] = [];
  const tables = [
    db.outbox,
    db.dead_letters,
    db.conflicts,
    db.projects,
    db.profiles,
    db.project_files,
    db.file_blobs,
    db.sync_state,
  ];
  await db.transaction('rw', tables, async () => {
    const rowsByTable = new Map<SyncTable, Record<string, unknown>[]>();
    const byOpId = new Map(results.map((r) => [r.op_id, r]));
    // Every queued op of the rows in this batch (the batch ops and later ones).
    const related = await db.outbox
      .where('[table+id]')
      .anyOf(ops.map((o) => [o.table, o.id]))
      .toArray();
    const done: number[] = [];
    const conflicts: ConflictRecord[] = [];
    const rebase = new Map<number, number>();
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i] as OutboxEntry;
      const result = byOpId.get(op.op_id) ?? results[i];
      if (result?.status === 'rejected' && result.code === 'P0002' && op.kind === 'delete') {
        // Deleting a row the server never had (or no longer has): the delete is done.
        if (op.seq !== undefined) done.push(op.seq);
        continue;
      }
      if (!result || result.status === 'rejected') {
        await deadLetter(
          db,
          op,
          result?.code ?? 'unknown',
          result?.message ?? NO_RESULT_TEXT,
          nowIso,
        );
        if (result?.code === 'P0002') {
          // Deleted on another device: take the tombstone (the pull brings the server's).
          const row = (await db.table(op.table).get(op.id)) as Record<string, unknown> | undefined;
          if (row && !row.deleted_at) {
            const next = { ...row, deleted_at: nowIso };
            await db.table(op.table).put(op.table === 'projects' ? toProjectRecord(next) : next);
          }
        }
        continue;
      }
      if (op.seq !== undefined) done.push(op.seq);
      const row = result.row;
      if (result.conflicts?.length) {
        const label =
          row &&
          ((op.table === 'projects' && typeof row.name === 'string') ||
            (op.table === 'project_files' && typeof row.file_name === 'string'))
            ? rowLabel(op.table, row)
            : await labelOf(db, op.table, op.id);
        for (const c of result.conflicts) {
          conflicts.push({
            table: op.table,
            rowId: op.id,
            opId: op.op_id,
            path: c.path.map(String),
            serverValue: c.server_value,
            clientValue: c.client_value,
            at: nowIso,
            label,
            seen: 0,
          });
        }
      }
      if (row && typeof row.version === 'number') {
        // Later ops of this row were made on top of this one: rebase them on its version.
        for (const l of related) {
          if (
            l.table === op.table &&
            l.id === op.id &&
            l.seq !== op.seq &&
            l.kind !== 'insert' &&
            l.seq !== undefined
          )
            rebase.set(l.seq, row.version);
        }
        const list = rowsByTable.get(op.table) ?? [];
        list.push(row);
        rowsByTable.set(op.table, list);
      }
      if (op.kind === 'delete' && op.removeObject) removals.push(op.removeObject);
    }
    await db.outbox.bulkDelete(done);
    for (const [seq, version] of rebase) await db.outbox.update(seq, { base_version: version });
    if (conflicts.length) await db.conflicts.bulkAdd(conflicts);
    for (const [table, rows] of rowsByTable) await applyServerRows(db, table, rows, nowIso);
    if (removals.length) {
      // Kept until Storage confirms, so a connection lost right now leaves no orphan object.
      await db.sync_state.put({
        key: REMOVALS_KEY,
        value: [...new Set([...(await queuedRemovals(db)), ...removals])],
      });
    }
  });
  return removals;
}
