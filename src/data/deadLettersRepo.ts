/**
 * Dead letters: ops the server rejected (RLS, constraint, deleted elsewhere,
 * bad op). The user retries one (re-queued with a new op_id) or discards it
 * (local row restored from the server copy on the next sync), so one refused
 * op never blocks the rest of the queue.
 */
import { applyOpToRow, toProjectRecord } from './applyServerRows';
import { enqueueOp } from './outbox';
import { storableOp, TextTooLongError } from './userText';
import { activeContext, type RepoContext } from './repoContext';
import type { SyncTable } from './types';
import type { RefacingDb } from './db';
import { REFETCH_KEY } from './syncStateKeys';
import { failure, type Outcome } from '../../shared/outcome';

/** A row the engine must fetch fresh from the server (queued under REFETCH_KEY). */
export interface RefetchItem {
  table: SyncTable;
  id: string;
}

/** What retrying or discarding a dead letter writes: the letter, the queue and the row it was about. */
function letterTables(db: RefacingDb) {
  return [db.dead_letters, db.outbox, db.sync_state, ...db.rowTables(), db.file_blobs];
}

/** Builds the dead-letters repository over a context (the app uses `deadLettersRepo`). */
export function createDeadLettersRepo(ctx: RepoContext) {
  return {
    /**
     * Queues the rejected op again with a new op_id, based on the row's
     * current version, through the one text rule. `too_long` when a text of
     * it is past its field's limit (fix it in the form, or Discard).
     */
    async retry(id: number): Promise<Outcome<void, 'not_found' | 'too_long'>> {
      const db = ctx.getDb();
      return db.transaction('rw', letterTables(db), async () => {
        const letter = await db.dead_letters.get(id);
        if (!letter) return failure('not_found');
        try {
          storableOp(letter.op);
        } catch (error) {
          if (error instanceof TextTooLongError) return failure('too_long');
          throw error;
        }
        const table = db.table(letter.op.table);
        const row = (await table.get(letter.op.id)) as Record<string, unknown> | undefined;
        const op = letter.op;
        const base =
          op.kind === 'insert'
            ? null
            : typeof row?.version === 'number'
              ? row.version
              : op.base_version;
        // A file row goes out only after its blob is (again) in Storage.
        const blob =
          op.table === 'project_files' && op.kind === 'insert'
            ? await db.file_blobs.get(op.id)
            : undefined;
        const upload = blob
          ? { fileId: op.id, path: String(op.changes.file_path), uploaded: false }
          : undefined;
        await enqueueOp(
          db,
          {
            table: op.table,
            id: op.id,
            kind: op.kind,
            base_version: base,
            changes: op.changes,
            ...(op.details_patch ? { details_patch: op.details_patch } : {}),
            ...(upload ? { upload } : {}),
          },
          ctx.now(),
        );
        if (row) {
          let next = applyOpToRow(
            row,
            { ...op, attempts: 0, nextAttemptAt: 0, inFlight: 0, queuedAt: '' },
            new Date(ctx.now()).toISOString(),
          );
          if (op.table === 'projects')
            next = toProjectRecord(next) as unknown as Record<string, unknown>;
          await table.put(next);
        }
        await db.dead_letters.delete(id);
        return { ok: true, value: undefined } as const;
      });
    },

    /**
     * Drops the rejected op. A rejected insert removes the local row (the
     * server never had it); otherwise the row is fetched fresh on the next sync.
     */
    async discard(id: number): Promise<Outcome<void, 'not_found'>> {
      const db = ctx.getDb();
      return db.transaction('rw', letterTables(db), async () => {
        const letter = await db.dead_letters.get(id);
        if (!letter) return failure('not_found');
        const { table, id: rowId, kind } = letter.op;
        await db.dead_letters.delete(id);
        const others = await db.outbox.where('[table+id]').equals([table, rowId]).count();
        const row = (await db.table(table).get(rowId)) as { version?: number } | undefined;
        if (kind === 'insert' && others === 0 && (!row || !row.version)) {
          await db.table(table).delete(rowId);
          if (table === 'project_files') await db.file_blobs.delete(rowId);
          return { ok: true, value: undefined } as const;
        }
        const state = await db.sync_state.get(REFETCH_KEY);
        const list = ((state?.value as RefetchItem[] | undefined) ?? []).filter(
          (r) => !(r.table === table && r.id === rowId),
        );
        list.push({ table, id: rowId });
        await db.sync_state.put({ key: REFETCH_KEY, value: list });
        return { ok: true, value: undefined } as const;
      });
    },
  };
}

export type DeadLettersRepo = ReturnType<typeof createDeadLettersRepo>;

/** The app's dead-letters repository (active user's database). */
export const deadLettersRepo: DeadLettersRepo = createDeadLettersRepo(activeContext);
