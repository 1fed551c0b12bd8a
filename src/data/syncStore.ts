/**
 * The sync engine's store (sync/store.ts) on the user's Dexie database: the
 * one place where what the engine reads and writes meets IndexedDB. Every
 * write the engine causes goes through here, each in its own transaction.
 * src/app/session.ts (and the service worker's background run) hand it to
 * the engine; the page loads it with the engine, after the first screen.
 */
import type { SyncStore } from '../../sync/store';
import {
  applyPreparedRows,
  applyServerRows,
  prepareServerRows,
  type PreparedServerRows,
} from './applyServerRows';
import type { RefacingDb } from './db';
import { pendingSharedFetches } from './membership';
import { markSent } from './outbox';
import { applyPushResults, deadLetter, queuedRemovals } from './pushResults';
import { lastBackgroundSync, mirrorStatus } from './statusMirror';
import {
  AUTH_REQUIRED_KEY,
  cursorKey,
  LAST_BACKGROUND_SYNC_KEY,
  LAST_SYNCED_KEY,
  MEMBERS_FETCH_KEY,
  REFETCH_KEY,
  REMOVALS_KEY,
} from './syncStateKeys';
import { SYNC_TABLES, type OutboxEntry, type SyncStateRecord, type SyncTable } from './types';
import type { RefetchItem } from './deadLettersRepo';

/** What a dead letter's move touches: the queue, the letters and the row it names. */
function letterTables(db: RefacingDb) {
  return [db.outbox, db.dead_letters, ...db.rowTables()];
}

const stores = new WeakMap<RefacingDb, SyncStore>();

/** The one store of `db` (made on first use). */
export function syncStoreFor(db: RefacingDb): SyncStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = createSyncStore(db)));
  return store;
}

/** The engine's store over `db` (a Dexie database of one user). */
export function createSyncStore(db: RefacingDb): SyncStore {
  const tableOf = (name: string) => db.table(name);
  // The engine hands back the ops this store gave it (OutboxEntry), and table names from `tables`.
  const entry = (op: unknown): OutboxEntry => op as OutboxEntry;

  return {
    userId: db.userId,
    tables: SYNC_TABLES,

    async scanOutbox(visit) {
      let stop = false;
      await db.outbox
        .orderBy('seq')
        .until(() => stop)
        .each((op) => {
          if (!stop && !visit(op)) stop = true;
        });
    },
    pendingCount: () => db.outbox.count(),
    markSent: (seqs) => markSent(db, seqs),
    async recordAttempt(seqs, error) {
      await db.outbox
        .where('seq')
        .anyOf([...seqs])
        .modify((o) => {
          o.attempts += 1;
          o.lastError = error;
        });
    },
    async readBlob(fileId) {
      return (await db.file_blobs.get(fileId))?.blob ?? null;
    },
    async markUploaded(op) {
      const upload = op.upload;
      if (!upload) return;
      await db.transaction('rw', db.outbox, db.file_blobs, async () => {
        if (op.seq !== undefined) await db.outbox.update(op.seq, { 'upload.uploaded': true });
        await db.file_blobs.update(upload.fileId, { pendingUpload: false });
      });
    },
    deadLetter: (op, code, message, nowIso) =>
      db.transaction('rw', letterTables(db), () =>
        deadLetter(db, entry(op), code, message, nowIso),
      ),
    applyPushResults: (ops, results, nowIso) =>
      applyPushResults(db, ops.map(entry), results, nowIso),
    queuedRemovals: () => queuedRemovals(db),
    async removalsDone(paths) {
      await db.transaction('rw', db.sync_state, async () => {
        const left = (await queuedRemovals(db)).filter((p) => !paths.includes(p));
        await db.sync_state.put({ key: REMOVALS_KEY, value: left });
      });
    },

    async readCursor(table) {
      const stored = await db.sync_state.get(cursorKey(table));
      return typeof stored?.value === 'string' ? stored.value : '0';
    },
    async writeCursor(table, cursor) {
      await db.sync_state.put({ key: cursorKey(table), value: cursor });
    },
    async isEmpty(table) {
      return (await tableOf(table).count()) === 0;
    },
    applyServerRows: (table, rows, nowIso, options) =>
      applyServerRows(db, table as SyncTable, rows, nowIso, options),
    prepareServerRows: (table, rows) => prepareServerRows(table as SyncTable, rows),
    applyPreparedRows: (batches, nowIso, options) =>
      applyPreparedRows(db, batches as readonly PreparedServerRows[], nowIso, options),

    sharedFetches: () => pendingSharedFetches(db),
    async sharedFetched(ids) {
      await db.transaction('rw', db.sync_state, async () => {
        const done = new Set(ids);
        const left = (await pendingSharedFetches(db)).filter((id) => !done.has(id));
        await db.sync_state.put({ key: MEMBERS_FETCH_KEY, value: left });
      });
    },
    async refetchQueue() {
      const state = await db.sync_state.get(REFETCH_KEY);
      return (state?.value as RefetchItem[] | undefined) ?? [];
    },
    async restoreRow(item, row, nowIso) {
      const name = item.table as SyncTable;
      await db.transaction(
        'rw',
        [tableOf(name), db.outbox, db.file_blobs, db.sync_state],
        async () => {
          const table = tableOf(name);
          const pending = await db.outbox.where('[table+id]').equals([name, item.id]).count();
          if (row) {
            // The server copy goes in even at the local version; pending ops are re-applied on top.
            await applyServerRows(db, name, [row], nowIso, { sameVersion: true });
          } else if (pending === 0) {
            await table.delete(item.id);
          }
          const now =
            ((await db.sync_state.get(REFETCH_KEY))?.value as RefetchItem[] | undefined) ?? [];
          await db.sync_state.put({
            key: REFETCH_KEY,
            value: now.filter((r) => !(r.table === item.table && r.id === item.id)),
          });
        },
      );
    },

    async recordRun(record) {
      const writes: SyncStateRecord[] = [];
      if (record.background)
        writes.push({ key: LAST_BACKGROUND_SYNC_KEY, value: record.background });
      if (record.lastSyncedAt !== undefined)
        writes.push({ key: LAST_SYNCED_KEY, value: record.lastSyncedAt });
      if (record.authRequired !== undefined)
        writes.push({ key: AUTH_REQUIRED_KEY, value: record.authRequired });
      if (writes.length === 1) await db.sync_state.put(writes[0]!);
      else if (writes.length) await db.sync_state.bulkPut(writes);
    },
    lastBackgroundSync: () => lastBackgroundSync(db),
    watch: (onStatus, onLocalWrite) => mirrorStatus(() => db, onStatus, onLocalWrite),
  };
}
