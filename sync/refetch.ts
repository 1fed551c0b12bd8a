/**
 * Rows to restore from the server copy after the user discarded a dead letter
 * (deadLettersRepo.discard queues them under sync_state `refetch`).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../src/data/database.types';
import { applyServerRows } from '../src/data/applyServerRows';
import type { RefacingDb } from '../src/data/db';
import { REFETCH_KEY, type RefetchItem } from '../src/data/deadLettersRepo';
import { classifyPostgrest, networkFailure, type Failure } from './errors';

/** Fetches each queued row by id and replaces the local copy (pending ops re-applied). */
export async function processRefetch(
  db: RefacingDb,
  supabase: SupabaseClient<Database>,
  nowIso: string,
): Promise<Failure | null> {
  const state = await db.sync_state.get(REFETCH_KEY);
  const items = (state?.value as RefetchItem[] | undefined) ?? [];
  for (const item of items) {
    let row: Record<string, unknown> | null;
    try {
      const { data, error, status } = await supabase
        .from(item.table)
        .select('*')
        .eq('id', item.id)
        .maybeSingle();
      const failure = classifyPostgrest(error, status);
      if (failure && failure.kind !== 'rejected') return failure;
      row = failure ? null : (data ?? null);
    } catch (error) {
      return networkFailure(error);
    }
    await db.transaction(
      'rw',
      [db.table(item.table), db.outbox, db.file_blobs, db.sync_state],
      async () => {
        const table = db.table(item.table);
        const pending = await db.outbox.where('[table+id]').equals([item.table, item.id]).count();
        if (row) {
          // Force the server copy in (same version as local), then re-apply pending ops.
          if (await table.get(item.id)) await table.update(item.id, { version: -1 });
          await applyServerRows(db, item.table, [row], nowIso);
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
  }
  return null;
}
