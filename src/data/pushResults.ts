/**
 * What the answer of one push_changes call does to the local database (the
 * engine's push, sync/push.ts, calls it through the store): answered ops
 * leave the outbox, the server's rows are applied, refused ops become dead
 * letters, merged paths conflicts. A refusal never takes a row the user
 * made off the screen: the later ops of a row whose insert was refused fold
 * into that insert's letter (sent again as one insert on the next edit or
 * Retry), and an accepted op clears the refusals it made moot.
 */
import { toWireOp, type PushResult } from '../../sync/store';
import { NO_RESULT_TEXT } from '../../sync/texts';
import { applyServerRows } from './applyServerRows';
import type { RefacingDb } from './db';
import { foldIntoInsert, refusedInsertOf } from './outbox';
import { rowLabel } from './rowLabel';
import { REMOVALS_KEY } from './syncStateKeys';
import type { ConflictRecord, DeadLetter, OutboxEntry, SyncTable, WireOp } from './types';

/** The name a person knows a row by (project name, file name, 'Profile'), for dead letters and conflicts. */
export async function labelOf(db: RefacingDb, table: SyncTable, id: string): Promise<string> {
  return rowLabel(table, (await db.table(table).get(id)) as Record<string, unknown> | undefined);
}

/** Moves a queued op into the dead letters with the server's SQLSTATE, error code and its DETAIL data (inside the caller's transaction, if any). */
export async function deadLetter(
  db: RefacingDb,
  op: OutboxEntry,
  code: string,
  message: string,
  nowIso: string,
  details?: string | null,
): Promise<void> {
  const letter: DeadLetter = {
    op: toWireOp(op) as WireOp,
    code,
    message,
    at: nowIso,
    label: await labelOf(db, op.table, op.id),
  };
  if (details) letter.details = details;
  if (op.seq !== undefined) letter.seq = op.seq;
  await db.dead_letters.add(letter);
  if (op.seq !== undefined) await db.outbox.delete(op.seq);
}

/** The Storage paths queued under REMOVALS_KEY (empty when none). */
export async function queuedRemovals(db: RefacingDb): Promise<string[]> {
  const queued = (await db.sync_state.get(REMOVALS_KEY))?.value;
  return Array.isArray(queued) ? (queued as string[]) : [];
}

/**
 * Applies the per-op results of one push_changes call in one rw transaction.
 * Returns the Storage paths to delete (pushed file deletes), also queued
 * under REMOVALS_KEY until Storage confirms removing them.
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
    ...db.rowTables(),
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
    // Ops of rows whose insert was refused, folded into that insert's letter.
    const folded = new Set<number>();
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i] as OutboxEntry;
      const result = byOpId.get(op.op_id) ?? results[i];
      if (result?.status === 'rejected' && result.code === 'P0002' && op.kind === 'delete') {
        // Deleting a row the server never had (or no longer has): the delete is done.
        if (op.seq !== undefined) done.push(op.seq);
        continue;
      }
      if (op.seq !== undefined && folded.has(op.seq)) continue;
      if (!result || result.status === 'rejected') {
        const refused = await foldRefusal(db, op, related, folded);
        if (!refused) continue;
        await deadLetter(
          db,
          refused,
          result?.code ?? 'unknown',
          result?.message ?? NO_RESULT_TEXT,
          nowIso,
          result?.details,
        );
        if (result?.code === 'P0002') {
          // Deleted on another device: take the tombstone (the pull brings the server's).
          const row = (await db.table(op.table).get(op.id)) as Record<string, unknown> | undefined;
          if (row && !row.deleted_at)
            await applyServerRows(db, op.table, [{ ...row, deleted_at: nowIso }], nowIso, {
              sameVersion: true,
            });
        }
        continue;
      }
      if (op.seq !== undefined) done.push(op.seq);
      await clearMootLetters(db, op);
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
        // Later ops of this row were made on top of this one: rebase them on its version, but only
        // when the server applied it right on the version it was made on. Past changes from
        // elsewhere (merged), a later op keeps the version its device saw, so the server reports
        // where it overlaps those changes instead of overwriting them unseen.
        const onItsBase =
          op.kind === 'insert' || op.base_version === null || row.version === op.base_version + 1;
        for (const l of onItsBase ? related : []) {
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
    await db.outbox.bulkDelete([...done, ...folded]);
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

/**
 * Folds a refused op into the refused insert of its row when the server
 * never had the row: an insert refused takes every later op of its row (this
 * batch's and those still queued) into its letter; a later op refused
 * because the row is missing joins the insert's letter. A delete among them
 * drops the row and its letters (the user deleted what the server never
 * had). Returns the op to keep as a letter (the insert with the later edits
 * folded in, or `op` as it is), or null when it needs no letter of its own.
 * The folded ops' seqs are added to `folded` (the caller drops them).
 */
async function foldRefusal(
  db: RefacingDb,
  op: OutboxEntry,
  related: OutboxEntry[],
  folded: Set<number>,
): Promise<OutboxEntry | null> {
  const table = db.table(op.table);
  const row = (await table.get(op.id)) as Record<string, unknown> | undefined;
  if (typeof row?.version === 'number' && row.version > 0) return op;
  const later = related
    .filter((l) => l.table === op.table && l.id === op.id && (l.seq ?? 0) > (op.seq ?? 0))
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  let letterId: number | undefined;
  let insert: { changes: Record<string, unknown> } = op;
  if (op.kind !== 'insert') {
    const refused = await refusedInsertOf(db, op.table, op.id);
    if (!refused) return op;
    [letterId] = refused.letterIds;
    await db.dead_letters.bulkDelete(refused.letterIds.slice(1));
    insert = refused.insert;
    later.unshift(op);
  }
  for (const l of later) {
    if (l.seq !== undefined) folded.add(l.seq);
    if (l.kind === 'delete') {
      if (letterId !== undefined) await db.dead_letters.delete(letterId);
      await table.delete(op.id);
      if (op.table === 'project_files') await db.file_blobs.delete(op.id);
      if (op.seq !== undefined) folded.add(op.seq);
      return null;
    }
    if (l.kind === 'update')
      insert = foldIntoInsert({ table: op.table, id: op.id, changes: insert.changes }, l);
  }
  if (letterId === undefined) return { ...op, changes: insert.changes };
  const letter = await db.dead_letters.get(letterId);
  if (letter)
    await db.dead_letters.put({ ...letter, op: { ...letter.op, changes: insert.changes } });
  return null;
}

/** The keys an op writes: its columns, and `details` paths as ['details', ...path]. */
function writtenKeys(op: Pick<OutboxEntry, 'changes' | 'details_patch'>): string[][] {
  const keys = Object.keys(op.changes).map((c) => [c]);
  for (const p of op.details_patch ?? []) keys.push(['details', ...p.path]);
  return keys;
}

/**
 * Clears what an accepted op made moot in the refused updates of its row
 * that came before it: a column or details path the accepted op wrote again
 * (or a parent of it) is no longer a change waiting; a letter with nothing
 * left goes; an accepted delete makes every earlier refusal of the row moot.
 */
async function clearMootLetters(db: RefacingDb, op: OutboxEntry): Promise<void> {
  const letters = (await db.dead_letters.where('op.id').equals(op.id).toArray()).filter(
    (l) =>
      l.op.table === op.table &&
      l.op.kind !== 'insert' &&
      (l.seq === undefined || op.seq === undefined || l.seq < op.seq),
  );
  if (letters.length === 0) return;
  const accepted = writtenKeys(op);
  const covers = (key: string[]) =>
    op.kind === 'delete' ||
    accepted.some((a) => a.length <= key.length && a.every((k, i) => key[i] === k));
  for (const letter of letters) {
    if (letter.op.kind === 'delete') continue;
    const changes = Object.fromEntries(
      Object.entries(letter.op.changes).filter(([c]) => !covers([c])),
    );
    const patch = (letter.op.details_patch ?? []).filter((p) => !covers(['details', ...p.path]));
    if (op.kind === 'delete' || (Object.keys(changes).length === 0 && patch.length === 0)) {
      await db.dead_letters.delete(letter.id as number);
    } else if (
      patch.length !== (letter.op.details_patch ?? []).length ||
      Object.keys(changes).length !== Object.keys(letter.op.changes).length
    ) {
      const next = { ...letter.op, changes };
      if (patch.length) next.details_patch = patch;
      else delete next.details_patch;
      await db.dead_letters.put({ ...letter, op: next });
    }
  }
}
