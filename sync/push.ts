/**
 * Pushing the outbox (sync-protocol.md, push_changes): batches of at most 500
 * ops, one op per row per batch (a later op of the same row waits for the
 * earlier one's result and is rebased on its version). File inserts upload the
 * blob first. Results: applied/merged/duplicate remove the op and apply the
 * returned row; merged conflicts are logged; rejected ops become dead letters
 * and never block the rest (issue 5 §3).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { applyServerRows, toProjectRecord } from '../src/data/applyServerRows';
import type { RefacingDb } from '../src/data/db';
import type { ConflictRecord, DeadLetter, OutboxEntry, SyncTable, WireOp } from '../src/data/types';
import { markSent } from '../src/data/outbox';
import { classifyPostgrest, classifyStorage, networkFailure, type Failure } from './errors';

/** Wire contract: at most 500 ops per push_changes call. */
export const MAX_BATCH = 500;
/** Storage bucket of project files (spec §7). */
export const FILES_BUCKET = 'project-files';

export interface PushResult {
  op_id: string;
  status: 'applied' | 'merged' | 'duplicate' | 'rejected';
  code: string | null;
  message: string | null;
  conflicts?: { path: string[]; server_value: unknown; client_value: unknown }[] | null;
  row: Record<string, unknown> | null;
}

export interface PushDeps {
  db: RefacingDb;
  supabase: SupabaseClient;
  /** Epoch ms (injected clock; used only for local bookkeeping and display). */
  now: () => number;
  batchSize?: number;
}

export type PushOutcome = { ok: true; pushed: number } | { ok: false; failure: Failure };

/** The op as it goes over the wire (no local bookkeeping). */
export function toWireOp(op: OutboxEntry): WireOp {
  // `id` travels as op.id; the server refuses it inside `changes` (22023 "column id ... is not writable").
  const { id: _id, ...changes } = op.changes;
  const wire: WireOp = { op_id: op.op_id, table: op.table, id: op.id, kind: op.kind, base_version: op.base_version, changes };
  if (op.details_patch?.length) wire.details_patch = op.details_patch;
  return wire;
}

function needsUpload(op: OutboxEntry): boolean {
  return Boolean(op.upload && !op.upload.uploaded);
}

/**
 * Next batch: queue order, first op of each row only, at most `size`. A file
 * whose blob is not uploaded yet ends the batch before it, so the ops queued
 * earlier (for example the insert of the project it belongs to, made offline)
 * reach the server first: Storage RLS lets the upload in only once the
 * project exists there.
 */
export async function selectBatch(db: RefacingDb, size: number): Promise<OutboxEntry[]> {
  const batch: OutboxEntry[] = [];
  const rows = new Set<string>();
  let cut = false;
  await db.outbox
    .orderBy('seq')
    .until(() => cut || batch.length >= size)
    .each((op) => {
      if (cut) return;
      const key = `${op.table}/${op.id}`;
      if (rows.has(key)) return;
      if (batch.length > 0 && needsUpload(op)) {
        cut = true;
        return;
      }
      rows.add(key);
      batch.push(op);
    });
  return batch;
}

async function labelOf(db: RefacingDb, table: SyncTable, id: string): Promise<string> {
  const row = (await db.table(table).get(id)) as Record<string, unknown> | undefined;
  if (table === 'projects') return (row?.name as string | undefined) || 'Untitled Project';
  if (table === 'project_files') return (row?.file_name as string | undefined) ?? 'File';
  return 'Profile';
}

async function deadLetter(db: RefacingDb, op: OutboxEntry, code: string, message: string, nowIso: string): Promise<void> {
  const letter: DeadLetter = { op: toWireOp(op), code, message, at: nowIso, label: await labelOf(db, op.table, op.id) };
  await db.dead_letters.add(letter);
  if (op.seq !== undefined) await db.outbox.delete(op.seq);
}

/** Uploads the blob of a queued file insert (upsert, so a retry is harmless). */
async function uploadFor(deps: PushDeps, op: OutboxEntry): Promise<Failure | null> {
  const { db, supabase } = deps;
  const upload = op.upload;
  if (!upload || upload.uploaded) return null;
  const record = await db.file_blobs.get(upload.fileId);
  if (!record) return { kind: 'rejected', code: 'blob_missing', message: 'The file is no longer on this device' };
  try {
    const { error } = await supabase.storage.from(FILES_BUCKET).upload(upload.path, record.blob, {
      upsert: true,
      contentType: (op.changes.file_type as string | undefined) ?? (record.blob.type || 'application/octet-stream'),
    });
    if (error) return classifyStorage(error);
  } catch (error) {
    return networkFailure(error);
  }
  await db.transaction('rw', db.outbox, db.file_blobs, async () => {
    if (op.seq !== undefined) await db.outbox.update(op.seq, { 'upload.uploaded': true });
    await db.file_blobs.update(upload.fileId, { pendingUpload: false });
  });
  upload.uploaded = true;
  return null;
}

/** Applies the per-op results of one push_changes call in one rw transaction. */
export async function applyPushResults(db: RefacingDb, ops: OutboxEntry[], results: PushResult[], nowIso: string): Promise<string[]> {
  const removals: string[] = [];
  const tables = [db.outbox, db.dead_letters, db.conflicts, db.projects, db.profiles, db.project_files, db.file_blobs];
  await db.transaction('rw', tables, async () => {
    const rowsByTable = new Map<SyncTable, Record<string, unknown>[]>();
    const byOpId = new Map(results.map((r) => [r.op_id, r]));
    // Every queued op of the rows in this batch (the batch ops and later ones).
    const related = await db.outbox.where('[table+id]').anyOf(ops.map((o) => [o.table, o.id])).toArray();
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
        await deadLetter(db, op, result?.code ?? 'unknown', result?.message ?? 'No result from the server', nowIso);
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
          op.table === 'projects' && row && typeof row.name === 'string'
            ? row.name || 'Untitled Project'
            : op.table === 'project_files' && row && typeof row.file_name === 'string'
              ? row.file_name
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
          if (l.table === op.table && l.id === op.id && l.seq !== op.seq && l.kind !== 'insert' && l.seq !== undefined) rebase.set(l.seq, row.version);
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
  });
  return removals;
}

/**
 * Pushes the whole outbox, batch after batch. Stops at the first network,
 * 5xx or auth failure (ops stay queued, not in flight) and returns it.
 */
export async function pushOutbox(deps: PushDeps): Promise<PushOutcome> {
  const { db, supabase } = deps;
  const size = Math.min(MAX_BATCH, deps.batchSize ?? MAX_BATCH);
  let pushed = 0;
  for (;;) {
    const batch = await selectBatch(db, size);
    if (batch.length === 0) return { ok: true, pushed };
    const ready: OutboxEntry[] = [];
    for (const op of batch) {
      const failure = await uploadFor(deps, op);
      if (!failure) ready.push(op);
      else if (failure.kind === 'rejected') {
        await db.transaction('rw', [db.outbox, db.dead_letters, db.projects, db.profiles, db.project_files], () =>
          deadLetter(db, op, failure.code, failure.message, new Date(deps.now()).toISOString()),
        );
      } else return { ok: false, failure };
    }
    if (ready.length === 0) continue;
    const seqs = ready.map((o) => o.seq as number);
    // From here on the server may apply them: later edits go into new ops.
    await markSent(db, seqs);
    let failure: Failure | null = null;
    let results: PushResult[] | null = null;
    try {
      const { data, error, status } = await supabase.rpc('push_changes', { p_ops: ready.map(toWireOp) });
      failure = classifyPostgrest(error, status);
      if (!failure) results = data as PushResult[];
    } catch (error) {
      failure = networkFailure(error);
    }
    if (failure || !results) {
      await db.outbox.where('seq').anyOf(seqs).modify((o) => {
        o.attempts += 1;
        o.lastError = failure?.message ?? 'No response';
      });
      if (failure?.kind === 'rejected') {
        // The whole call was refused (e.g. 22023 on the batch): keep the ops, report it; backoff applies.
        return { ok: false, failure: { ...failure, kind: 'server' } };
      }
      return { ok: false, failure: failure ?? { kind: 'server', code: 'empty', message: 'No response' } };
    }
    const removals = await applyPushResults(db, ready, results, new Date(deps.now()).toISOString());
    pushed += ready.length;
    if (removals.length) {
      try {
        // A missing object is fine (sync-protocol.md, Storage).
        await supabase.storage.from(FILES_BUCKET).remove(removals);
      } catch {
        // An object left behind is harmless: its row is a tombstone.
      }
    }
  }
}
