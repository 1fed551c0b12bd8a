/**
 * An in-memory SyncStore for the engine's unit tests: the same contract as
 * the app's IndexedDB store (src/data/syncStore.ts) kept in maps, with the
 * rules the engine relies on: queue order, rows applied by version, later
 * ops of an answered row rebased on its version, refusals as dead letters,
 * cursors per table. Test code only; nothing in the product imports it.
 */
import type { BackgroundSyncRecord } from '../backgroundTags';
import {
  toWireOp,
  type PendingOp,
  type PushResult,
  type RefetchItem,
  type RunRecord,
  type StoredStatus,
  type SyncStore,
  type WireOp,
} from '../store';

type Row = Record<string, unknown> & { id: string; version: number };

export interface MemoryStore extends SyncStore {
  /** Queues an op as a repository would (and tells the watchers of a local write). */
  enqueue(op: Omit<PendingOp, 'op_id' | 'seq'> & { op_id?: string }): PendingOp;
  /** Puts a local row as a repository would. */
  putRow(table: string, row: Row): void;
  row(table: string, id: string): Row | undefined;
  outbox: PendingOp[];
  deadLetters: { op: WireOp; code: string; message: string }[];
  conflicts: { opId: string; path: string[] }[];
  cursors: Map<string, string>;
  runs: RunRecord[];
  attempts: Map<number, number>;
  /** Row counts of each batch in each `applyPreparedRows` call, in call order. */
  writes: number[][];
  /** Holds every `applyPreparedRows` call until the returned function is called. */
  holdWrites(): () => void;
}

type PreparedMemoryRows = { count: number; table: string; rows: Row[] };

/** A new in-memory store of `userId` over `tables`. */
export function memoryStore(
  userId = 'user-1',
  tables: readonly string[] = ['profiles', 'projects'],
): MemoryStore {
  const rows = new Map<string, Map<string, Row>>(tables.map((t) => [t, new Map()]));
  let seq = 0;
  let opIds = 0;
  const watchers = new Set<{ status: (s: StoredStatus) => void; write: () => void }>();
  let lastSynced: string | null = null;
  let authRequired = false;
  let background: BackgroundSyncRecord | null = null;
  const removals: string[] = [];
  const shared: string[] = [];
  const refetch: RefetchItem[] = [];
  const blobs = new Map<string, Blob>();
  const writes: number[][] = [];
  let writeGate: Promise<void> | null = null;

  const tableRows = (table: string): Map<string, Row> => {
    let t = rows.get(table);
    if (!t) rows.set(table, (t = new Map()));
    return t;
  };
  const status = (): StoredStatus => ({
    unsynced: store.outbox.length,
    oldestUnsyncedAt: store.outbox.length ? '2026-01-01T00:00:00.000Z' : null,
    deadLetters: store.deadLetters.length,
    conflicts: store.conflicts.length,
    lastSyncedAt: lastSynced,
    authRequired,
  });
  const changed = (): void => {
    for (const w of watchers) w.status(status());
  };
  const put = (table: string, row: Record<string, unknown>): boolean => {
    const r = row as Row;
    const local = tableRows(table).get(r.id);
    if (local && local.version >= r.version) return false;
    tableRows(table).set(r.id, { ...r });
    return true;
  };

  const store: MemoryStore = {
    userId,
    tables,
    outbox: [],
    deadLetters: [],
    conflicts: [],
    cursors: new Map(),
    runs: [],
    attempts: new Map(),
    writes,
    holdWrites() {
      let release = (): void => {};
      writeGate = new Promise<void>((resolve) => {
        release = () => {
          writeGate = null;
          resolve();
        };
      });
      return release;
    },

    enqueue(op) {
      const entry: PendingOp = { ...op, op_id: op.op_id ?? `op-${++opIds}`, seq: ++seq };
      store.outbox.push(entry);
      for (const w of watchers) w.write();
      changed();
      return entry;
    },
    putRow(table, row) {
      tableRows(table).set(row.id, { ...row });
    },
    row: (table, id) => tableRows(table).get(id),

    async scanOutbox(visit) {
      for (const op of [...store.outbox]) if (!visit({ ...op })) return;
    },
    pendingCount: async () => store.outbox.length,
    async markSent() {},
    async recordAttempt(seqs) {
      for (const s of seqs) store.attempts.set(s, (store.attempts.get(s) ?? 0) + 1);
    },
    readBlob: async (fileId) => blobs.get(fileId) ?? null,
    async markUploaded(op) {
      const queued = store.outbox.find((o) => o.seq === op.seq);
      if (queued?.upload) queued.upload.uploaded = true;
    },
    async deadLetter(op, code, message) {
      store.deadLetters.push({ op: toWireOp(op), code, message });
      store.outbox = store.outbox.filter((o) => o.seq !== op.seq);
      changed();
    },
    async applyPushResults(ops, results: PushResult[]) {
      const gone: string[] = [];
      for (const op of ops) {
        const result = results.find((r) => r.op_id === op.op_id);
        if (!result || result.status === 'rejected') {
          await store.deadLetter(op, result?.code ?? 'unknown', result?.message ?? '', '');
          continue;
        }
        store.outbox = store.outbox.filter((o) => o.seq !== op.seq);
        for (const c of result.conflicts ?? [])
          store.conflicts.push({ opId: op.op_id, path: c.path.map(String) });
        const row = result.row;
        if (row) {
          put(op.table, row);
          for (const later of store.outbox)
            if (later.table === op.table && later.id === op.id && later.kind !== 'insert')
              later.base_version = row.version;
        }
        if (op.kind === 'delete' && op.removeObject) gone.push(op.removeObject);
      }
      removals.push(...gone);
      changed();
      return gone;
    },
    queuedRemovals: async () => [...removals],
    async removalsDone(paths) {
      for (const p of paths) removals.splice(removals.indexOf(p), 1);
    },

    readCursor: async (table) => store.cursors.get(table) ?? '0',
    async writeCursor(table, cursor) {
      store.cursors.set(table, cursor);
    },
    isEmpty: async (table) => tableRows(table).size === 0,
    async applyServerRows(table, list) {
      let written = 0;
      for (const row of list) if (put(table, row)) written += 1;
      return written;
    },
    prepareServerRows: (table, list): PreparedMemoryRows => ({
      count: list.length,
      table,
      rows: list.map((row) => ({ ...row }) as Row),
    }),
    async applyPreparedRows(batches) {
      writes.push(batches.map((b) => b.count));
      if (writeGate) await writeGate;
      let written = 0;
      for (const batch of batches as readonly PreparedMemoryRows[])
        for (const row of batch.rows) if (put(batch.table, row)) written += 1;
      return written;
    },

    sharedFetches: async () => [...shared],
    async sharedFetched(ids) {
      for (const id of ids) shared.splice(shared.indexOf(id), 1);
    },
    refetchQueue: async () => [...refetch],
    async restoreRow(item, row) {
      if (row) tableRows(item.table).set(item.id, row as Row);
      else tableRows(item.table).delete(item.id);
      refetch.splice(refetch.indexOf(item), 1);
    },

    async recordRun(record) {
      store.runs.push(record);
      if (record.lastSyncedAt !== undefined) lastSynced = record.lastSyncedAt;
      if (record.authRequired !== undefined) authRequired = record.authRequired;
      if (record.background) background = record.background;
      changed();
    },
    lastBackgroundSync: async () => background,
    watch(onStatus, onLocalWrite) {
      const w = { status: onStatus, write: onLocalWrite };
      watchers.add(w);
      onStatus(status());
      return () => void watchers.delete(w);
    },
  };
  return store;
}
