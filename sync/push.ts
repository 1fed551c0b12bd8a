/**
 * Pushing the outbox (sync-protocol.md, push_changes): batches of at most
 * {@link DEFAULT_BATCH} ops and about {@link MAX_BATCH_BYTES} of JSON, one op per row per batch (a later op of the same row waits for the
 * earlier one's result and is rebased on its version). File inserts upload the
 * blob first. Results: applied/merged/duplicate remove the op and apply the
 * returned row; merged conflicts are logged; rejected ops become dead letters
 * and never block the rest (the store's `applyPushResults`). An answer that does not match
 * the wire contract (responses.ts) fails the push with nothing applied.
 */
import { classifyPostgrest, classifyStorage, networkFailure, type Failure } from './errors';
import { loadAnswers } from './loadAnswers';
import { toWireOp, type PendingOp, type SyncStore, type WireOp } from './store';
import { FILE_GONE_TEXT } from './texts';
import type { Json, SyncClient } from './transport';
import type { PushResult } from './responses';

/** Wire contract: at most 500 ops per push_changes call. */
export const MAX_BATCH = 500;
/**
 * Ops per call by default: a call holds the server's database while it runs
 * (PGlite serves one transaction at a time), and 250 ops take well under a
 * second there even when every one is a merge.
 */
export const DEFAULT_BATCH = 250;
/**
 * JSON text per call (UTF-16 units of the wire ops), half the server's 1 MiB
 * cap per push, so that most non-ASCII text stays under it too (a batch
 * refused for size is split). A larger op goes alone.
 */
export const MAX_BATCH_BYTES = 512 * 1024;
/** Storage bucket of project files (one object per project file, under `projects/{projectId}/`). */
export const FILES_BUCKET = 'project-files';

export type { PushResult } from './responses';

export interface PushDeps {
  store: SyncStore;
  supabase: SyncClient;
  /** Epoch ms (injected clock; used only for local bookkeeping and display). */
  now: () => number;
  batchSize?: number;
  /** JSON text per call (default {@link MAX_BATCH_BYTES}). */
  batchBytes?: number;
  /**
   * Called once when every queued op has been answered by the server except
   * the later ops of rows still being applied (the engine requests the pull
   * then, while the last answers are written to IndexedDB).
   */
  onDrained?: () => void;
}

export type PushOutcome = { ok: true; pushed: number } | { ok: false; failure: Failure };

export { toWireOp } from './store';

/**
 * The ops as push_changes' `json` argument. They are plain JSON data (what
 * IndexedDB stored: strings, numbers, booleans, null, arrays, objects); their
 * type says `unknown` for column values, which the `Json` type cannot see.
 */
function opsAsJson(ops: WireOp[]): Json {
  return ops as unknown as Json;
}

function needsUpload(op: PendingOp): boolean {
  return Boolean(op.upload && !op.upload.uploaded);
}

/**
 * Next batch: queue order, first op of each row only, at most `size` ops and
 * `maxBytes` of wire JSON (at least one op, however large). A file
 * whose blob is not uploaded yet ends the batch before it, so the ops queued
 * earlier (for example the insert of the project it belongs to, made offline)
 * reach the server first: Storage RLS lets the upload in only once the
 * project exists there. Rows in `busyRows` (`table/id`: a batch whose results
 * are still being applied) are skipped with all their ops: a later op of such
 * a row must wait to be rebased on that result.
 */
export async function selectBatch(
  store: SyncStore,
  size: number,
  busyRows: ReadonlySet<string> = new Set(),
  maxBytes = Infinity,
): Promise<PendingOp[]> {
  const batch: PendingOp[] = [];
  const rows = new Set<string>();
  let cut = false;
  let bytes = 0;
  await store.scanOutbox((op) => {
    const key = rowKey(op);
    if (rows.has(key) || busyRows.has(key)) return true;
    if (batch.length > 0 && needsUpload(op)) {
      cut = true;
      return false;
    }
    const opBytes = maxBytes === Infinity ? 0 : JSON.stringify(toWireOp(op)).length;
    if (batch.length > 0 && bytes + opBytes > maxBytes) {
      cut = true;
      return false;
    }
    bytes += opBytes;
    rows.add(key);
    batch.push(op);
    return !cut && batch.length < size;
  });
  return batch;
}

function rowKey(op: Pick<PendingOp, 'table' | 'id'>): string {
  return `${op.table}/${op.id}`;
}

/** Uploads the blob of a queued file insert (upsert, so a retry is harmless). */
async function uploadFor(deps: PushDeps, op: PendingOp): Promise<Failure | null> {
  const { store, supabase } = deps;
  const upload = op.upload;
  if (!upload || upload.uploaded) return null;
  const blob = await store.readBlob(upload.fileId);
  if (!blob) return { kind: 'rejected', code: 'blob_missing', message: FILE_GONE_TEXT };
  try {
    const { error } = await supabase.storage.from(FILES_BUCKET).upload(upload.path, blob, {
      upsert: true,
      contentType:
        (op.changes.file_type as string | undefined) ?? (blob.type || 'application/octet-stream'),
    });
    if (error) return classifyStorage(error);
  } catch (error) {
    return networkFailure(error);
  }
  await store.markUploaded(op);
  upload.uploaded = true;
  return null;
}

/**
 * Deletes the queued Storage objects of pushed file deletes (the store's `queuedRemovals`).
 * A missing object counts as deleted (sync-protocol.md, Storage); on a
 * network, server or auth failure the paths stay queued for the next sync;
 * a refusal (4xx) drops them, as no retry would succeed.
 */
export async function removePendingObjects(store: SyncStore, supabase: SyncClient): Promise<void> {
  const paths = await store.queuedRemovals();
  if (paths.length === 0) return;
  try {
    const { error } = await supabase.storage.from(FILES_BUCKET).remove(paths);
    // Refused for good (not network, 5xx or an expired token): no retry will remove them; drop them.
    if (error && classifyStorage(error).kind !== 'rejected') return;
  } catch {
    return;
  }
  await store.removalsDone(paths);
}

/**
 * Pushes the whole outbox, batch after batch. Stops at the first network,
 * 5xx or auth failure (ops stay queued) and returns it. Pipelined: once the
 * server has answered a batch (so it is committed there), the next batch is
 * sent while the answer is applied to IndexedDB; the next batch leaves out
 * that batch's rows, and the results are applied in order.
 */
export async function pushOutbox(deps: PushDeps): Promise<PushOutcome> {
  const { store, supabase } = deps;
  let size = Math.min(MAX_BATCH, deps.batchSize ?? DEFAULT_BATCH);
  const maxBytes = deps.batchBytes ?? MAX_BATCH_BYTES;
  let pushed = 0;
  // Objects left queued by an earlier run (its connection dropped after the row's delete).
  await removePendingObjects(store, supabase);
  // The previous batch's results being applied, and its rows.
  let applying: Promise<void> | null = null;
  let busyRows = new Set<string>();
  const settle = async (): Promise<void> => {
    const pending = applying;
    applying = null;
    busyRows = new Set();
    if (pending) await pending;
  };
  try {
    for (;;) {
      const batch = await selectBatch(store, size, busyRows, maxBytes);
      if (batch.length === 0) {
        deps.onDrained?.();
        if (!applying) return { ok: true, pushed };
        // Later ops of the rows being applied may be left: select again once they are rebased.
        await settle();
        continue;
      }
      const ready: PendingOp[] = [];
      for (const op of batch) {
        const failure = await uploadFor(deps, op);
        if (!failure) ready.push(op);
        else if (failure.kind === 'rejected') {
          await store.deadLetter(
            op,
            failure.code,
            failure.message,
            new Date(deps.now()).toISOString(),
          );
        } else return { ok: false, failure };
      }
      if (ready.length === 0) continue;
      // Loaded before sending, so an answer the server has committed can always be checked and applied.
      let answers: Awaited<ReturnType<typeof loadAnswers>>;
      try {
        answers = await loadAnswers();
      } catch (error) {
        // Its chunk could not be fetched from the app's origin.
        return { ok: false, failure: networkFailure(error) };
      }
      const seqs = ready.map((o) => o.seq as number);
      // From here on the server may apply them: later edits go into new ops.
      await store.markSent(seqs);
      let failure: Failure | null = null;
      let results: PushResult[] | null = null;
      let tooLarge = false;
      try {
        const { data, error, status } = await supabase.rpc('push_changes', {
          p_ops: opsAsJson(ready.map(toWireOp)),
        });
        failure = classifyPostgrest(error, status);
        // Over a size or depth limit (413), a body the server cannot take as JSON text (PGRST102:
        // a string or nesting past its bounds), or one holding a NUL that PostgREST refuses for the
        // whole call (22P05, where the arguments are read into jsonb before the function runs): the
        // same ops would be refused again, so the batch is split down to the op at fault.
        tooLarge = status === 413 || error?.code === 'PGRST102' || error?.code === '22P05';
        if (!failure) {
          // An answer that does not match the contract is a failed call: nothing of it is applied.
          const checked = answers.checkPushResults(
            data,
            ready.map((o) => o.op_id),
          );
          if (checked.ok) results = checked.results;
          else failure = checked.failure;
        }
      } catch (error) {
        failure = networkFailure(error);
      }
      if (failure || !results) {
        await store.recordAttempt(seqs, failure?.message ?? 'No response');
        if (failure?.kind === 'rejected' && tooLarge) {
          // A lone op can never go (a dead letter the user sees); a batch is split until
          // each part goes or is one such op.
          if (ready.length === 1) {
            const op = ready[0]!;
            await store.deadLetter(
              op,
              failure.code,
              failure.message,
              new Date(deps.now()).toISOString(),
            );
          } else size = Math.max(1, Math.floor(ready.length / 2));
          continue;
        }
        if (failure?.kind === 'rejected') {
          // The whole call was refused (e.g. 22023 on the batch): keep the ops, report it; backoff applies.
          return { ok: false, failure: { ...failure, kind: 'server' } };
        }
        return {
          ok: false,
          failure: failure ?? { kind: 'server', code: 'empty', message: 'No response' },
        };
      }
      // The server has committed this batch: apply it (after the previous one) while the next is sent.
      await settle();
      const answered = results;
      applying = store
        .applyPushResults(ready, answered, new Date(deps.now()).toISOString())
        .then(async (removals) => {
          if (removals.length) await removePendingObjects(store, supabase);
        });
      // Its failure surfaces at settle(); until then it is not an unhandled rejection.
      applying.catch(() => undefined);
      busyRows = new Set(ready.map(rowKey));
      pushed += ready.length;
    }
  } finally {
    // Every answered batch is applied before the caller goes on (to pull, or to report a failure).
    await settle();
  }
}
