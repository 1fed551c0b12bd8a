/**
 * Applying server rows to the local database, the one function for every
 * server row: pulled, returned by a push, fetched by id (shared projects,
 * restored rows). Idempotent by `version` (an older or equal version is
 * ignored), tombstones included, and with the row's pending local ops
 * re-applied on top so the UI keeps showing the user's unsynced edits. A
 * membership's effect on the device's projects follows its row
 * (membership.ts).
 */
import Dexie from 'dexie';
import type { ProjectRecord, RefacingDb } from './db';
import { applyDetailsPatch } from './detailsPatch';
import { applyMembershipChanges, membershipTables, type MembershipChange } from './membership';
import { projectSearchWords } from './searchWords';
import { sortableTime } from './sortableTime';
import type { OutboxEntry, ProjectMemberRow, SyncTable } from './types';

type AnyRow = Record<string, unknown> & { id: string; version: number; deleted_at: string | null };

/** Applies one pending op on top of a row (a copy), as the server will. */
export function applyOpToRow<T extends Record<string, unknown>>(
  row: T,
  op: OutboxEntry,
  nowIso: string,
): T {
  const next: Record<string, unknown> = { ...row };
  if (op.kind === 'delete') {
    if (!next.deleted_at) next.deleted_at = nowIso;
    return next as T;
  }
  for (const [k, v] of Object.entries(op.changes)) next[k] = v;
  if (op.kind === 'update' && op.details_patch?.length) {
    next.details = applyDetailsPatch(next.details, op.details_patch);
  }
  return next as T;
}

/**
 * Sets the derived index fields of a project record (in place): its search
 * words, and owner, contractor and status only while the row is live, so
 * tombstones stay out of those indexes. `toProjectRow` is the inverse.
 */
export function toProjectRecord(row: Record<string, unknown>): ProjectRecord {
  const r = row as unknown as ProjectRecord;
  r._words = projectSearchWords(r.name, r.details);
  const live = !r.deleted_at;
  if (live && r.owner_user_id) r._liveOwnerId = r.owner_user_id;
  else delete r._liveOwnerId;
  if (live && r.assigned_contractor_id) r._liveContractorId = r.assigned_contractor_id;
  else delete r._liveContractorId;
  if (live) r._liveStatus = r.status;
  else delete r._liveStatus;
  return r;
}

function normalize(table: SyncTable, row: Record<string, unknown>): AnyRow {
  const r = { ...row } as AnyRow;
  if (r.txid !== undefined && r.txid !== null)
    (r as Record<string, unknown>).txid =
      typeof r.txid === 'string' ? r.txid : JSON.stringify(r.txid);
  if (table === 'projects' && (r.details === null || r.details === undefined))
    (r as Record<string, unknown>).details = {};
  if (table === 'project_members' && (r.txid === undefined || r.txid === null))
    (r as Record<string, unknown>).txid = '';
  // Threads are ordered and counted by these times in indexes: one sortable form.
  const rec = r as Record<string, unknown>;
  if (table === 'messages' && typeof rec.created_at === 'string')
    rec.created_at = sortableTime(rec.created_at);
  if (table === 'message_reads' && typeof rec.read_up_to === 'string')
    rec.read_up_to = sortableTime(rec.read_up_to);
  return r;
}

/**
 * Rows of one table made ready to write by `prepareServerRows`: copied and
 * normalized, and for projects made into records (search words, index
 * fields).
 */
export interface PreparedServerRows {
  table: SyncTable;
  /** How many rows. */
  count: number;
  normalized: AnyRow[];
  /** The record each row becomes when no local op is pending on it (the usual case). */
  records: Record<string, unknown>[];
}

/**
 * Makes server rows of `table` ready to write, synchronously: the work done
 * outside the transaction, so a caller can do it while an earlier write is
 * still in flight (sync/pull.ts). Throws on a row it cannot read.
 */
export function prepareServerRows(
  table: SyncTable,
  rows: readonly Record<string, unknown>[],
): PreparedServerRows {
  const normalized = rows.map((raw) => normalize(table, raw));
  const records =
    table === 'projects'
      ? normalized.map((row) => toProjectRecord({ ...row }) as unknown as Record<string, unknown>)
      : normalized;
  return { table, count: normalized.length, normalized, records };
}

/** How server rows are applied. */
export interface ApplyOptions {
  /** The table was empty when this pull run began: no version lookup. */
  fresh?: boolean;
  /**
   * A row of the same version as the device's replaces it: the server's
   * word on a version the device already has (a row fetched fresh after a
   * discarded op, the tombstone of a row deleted on another device).
   */
  sameVersion?: boolean;
}

/**
 * Applies `rows` of `table` in one rw transaction. Returns how many rows were
 * written (ignored duplicates and older versions are not counted). `fresh`
 * skips the version lookup when the table was empty at the start of the run;
 * `sameVersion` lets a row replace the device's row of the same version.
 *
 * The rows are made into records (copied, search words and index fields
 * derived) before the transaction opens, synchronously in this call, so the
 * transaction holds the store only for the writes.
 */
export function applyServerRows(
  db: RefacingDb,
  table: SyncTable,
  rows: readonly Record<string, unknown>[],
  nowIso: string,
  options: ApplyOptions = {},
): Promise<number> {
  if (rows.length === 0) return Promise.resolve(0);
  let prepared: PreparedServerRows;
  try {
    prepared = prepareServerRows(table, rows);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  return applyPreparedRows(db, [prepared], nowIso, options);
}

/**
 * Writes batches made by `prepareServerRows` (all of one table, in the order
 * given) in one rw transaction, as `applyServerRows` does. IndexedDB runs
 * read-write transactions on the same store in the order they were created,
 * so batches started in order are written in order. Returns the rows written.
 */
export function applyPreparedRows(
  db: RefacingDb,
  batches: readonly PreparedServerRows[],
  nowIso: string,
  options: ApplyOptions = {},
): Promise<number> {
  const table = batches[0]?.table;
  if (!table) return Promise.resolve(0);
  if (batches.some((b) => b.table !== table))
    return Promise.reject(new Error('applyPreparedRows: batches of more than one table'));
  const normalized =
    batches.length === 1 ? batches[0]!.normalized : batches.flatMap((b) => b.normalized);
  if (normalized.length === 0) return Promise.resolve(0);
  const records = batches.length === 1 ? batches[0]!.records : batches.flatMap((b) => b.records);
  // Memberships also add or drop whole projects on the device.
  const members = table === 'project_members';
  let target: ReturnType<RefacingDb['table']>;
  try {
    target = db.table(table);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  const scope = members ? membershipTables(db) : [target, db.outbox, db.file_blobs];
  return db.transaction('rw', scope, async () => {
    const ids = normalized.map((r) => r.id);
    // `fresh`: the table was empty when this pull run began and pages never overlap.
    const locals =
      options.fresh && !members ? [] : ((await target.bulkGet(ids)) as (AnyRow | undefined)[]);
    const pendingList = await db.outbox
      .where('[table+id]')
      .between([table, Dexie.minKey], [table, Dexie.maxKey])
      .toArray();
    const pending = new Map<string, OutboxEntry[]>();
    for (const op of pendingList.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
      const list = pending.get(op.id) ?? [];
      list.push(op);
      pending.set(op.id, list);
    }
    const puts: Record<string, unknown>[] = [];
    const seen = new Map<string, Record<string, unknown>>();
    const tombstonedFiles: string[] = [];
    const memberships: MembershipChange[] = [];
    normalized.forEach((row, i) => {
      const local = (seen.get(row.id) as AnyRow | undefined) ?? locals[i];
      if (
        local &&
        (options.sameVersion ? local.version > row.version : local.version >= row.version)
      )
        return;
      if (members) memberships.push({ row: row as unknown as ProjectMemberRow, previous: local });
      const ops = pending.get(row.id);
      let merged: Record<string, unknown> = records[i] as Record<string, unknown>;
      if (ops) {
        merged = row;
        for (const op of ops) merged = applyOpToRow(merged, op, nowIso);
        if (table === 'projects')
          merged = toProjectRecord(merged) as unknown as Record<string, unknown>;
      }
      if (table === 'project_files' && row.deleted_at) tombstonedFiles.push(row.id);
      seen.set(row.id, merged);
      puts.push(merged);
    });
    if (puts.length) await target.bulkPut(puts);
    if (tombstonedFiles.length) await db.file_blobs.bulkDelete(tombstonedFiles);
    if (members) await applyMembershipChanges(db, memberships);
    return puts.length;
  });
}
