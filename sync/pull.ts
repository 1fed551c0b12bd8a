/**
 * Pulling server changes (sync-protocol.md, pull_changes): per table from the
 * stored cursor, paging by (txid, id), storing the FIRST call's cursor at the
 * end (never the last row's txid), so a transaction that commits late is
 * still pulled (issue 5 §4.1). Rows are applied idempotently by version.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { applyServerRows } from '../src/data/applyServerRows';
import type { RefacingDb } from '../src/data/db';
import type { SyncTable } from '../src/data/types';
import { classifyPostgrest, networkFailure, type Failure } from './errors';

/** Rows per pull_changes page. */
export const PULL_PAGE_SIZE = 1000;

/** sync_state key of a table's cursor. */
export function cursorKey(table: SyncTable): string {
  return `cursor:${table}`;
}

interface PullPage {
  rows: Record<string, unknown>[];
  cursor: string;
  has_more: boolean;
}

export interface PullDeps {
  db: RefacingDb;
  supabase: SupabaseClient;
  now: () => number;
  pageSize?: number;
}

/** Pulls one table to the server's cursor. Returns the failure, or null and the rows applied. */
export async function pullTable(deps: PullDeps, table: SyncTable): Promise<{ failure: Failure | null; applied: number }> {
  const { db, supabase } = deps;
  const stored = await db.sync_state.get(cursorKey(table));
  let cursor = typeof stored?.value === 'string' ? stored.value : '0';
  let afterId: string | null = null;
  let next: string | null = null;
  let applied = 0;
  for (;;) {
    let page: PullPage;
    try {
      const { data, error, status } = await supabase.rpc('pull_changes', {
        p_table: table,
        p_cursor: cursor,
        p_after_id: afterId,
        p_limit: deps.pageSize ?? PULL_PAGE_SIZE,
      });
      const failure = classifyPostgrest(error, status);
      if (failure) return { failure, applied };
      page = data as PullPage;
    } catch (error) {
      return { failure: networkFailure(error), applied };
    }
    next ??= page.cursor;
    applied += await applyServerRows(db, table, page.rows, new Date(deps.now()).toISOString());
    const last = page.rows[page.rows.length - 1];
    if (!page.has_more || !last) break;
    cursor = String(last.txid);
    afterId = last.id as string;
  }
  await db.sync_state.put({ key: cursorKey(table), value: next });
  return { failure: null, applied };
}
