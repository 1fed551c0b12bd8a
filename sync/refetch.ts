/**
 * Rows to restore from the server copy after the user discarded a dead letter
 * (the store's `refetchQueue`).
 */
import { classifyPostgrest, networkFailure, type Failure } from './errors';
import type { SyncStore } from './store';
import type { SyncClient } from './transport';

/** Fetches each queued row by id and replaces the local copy (pending ops re-applied). */
export async function processRefetch(
  store: SyncStore,
  supabase: SyncClient,
  nowIso: string,
): Promise<Failure | null> {
  const items = await store.refetchQueue();
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
    await store.restoreRow(item, row, nowIso);
  }
  return null;
}
