/**
 * Pulling server changes (sync-protocol.md, pull_changes): per table from the
 * stored cursor, paging by (txid, id), storing the FIRST call's cursor at the
 * end (never the last row's txid), so a transaction that commits late is
 * still pulled. Rows are applied idempotently by version.
 */
import { classifyPostgrest, networkFailure, type Failure } from './errors';
import { loadAnswers } from './loadAnswers';
import type { PullPage } from './responses';
import type { SyncStore } from './store';
import type { SyncClient } from './transport';

/** Rows per pull_changes page. */
export const PULL_PAGE_SIZE = 1000;

/**
 * Rows of the first page of a table pulled into an empty database: two of the
 * dashboard's pages of cards, written in a moment, before the full pages follow.
 */
export const FIRST_PAGE_SIZE = 100;

export interface PullDeps {
  store: SyncStore;
  supabase: SyncClient;
  now: () => number;
  pageSize?: number;
}

type PageResult = { ok: true; page: PullPage } | { ok: false; failure: Failure };

async function fetchPage(
  deps: PullDeps,
  table: string,
  cursor: string,
  afterId: string | null,
  limit = deps.pageSize ?? PULL_PAGE_SIZE,
): Promise<PageResult> {
  try {
    const { data, error, status } = await deps.supabase.rpc('pull_changes', {
      p_table: table,
      p_cursor: cursor,
      // Left out on a first page: the function's default (null) is the same, and the typed argument is not nullable.
      p_after_id: afterId ?? undefined,
      p_limit: limit,
    });
    const failure = classifyPostgrest(error, status);
    if (failure) return { ok: false, failure };
    // A page that does not match the contract fails the pull before any row is applied or the cursor moves
    // (a checks chunk that cannot be fetched from the app's origin is a network failure, below).
    return (await loadAnswers()).checkPullPage(data);
  } catch (error) {
    return { ok: false, failure: networkFailure(error) };
  }
}

/** A pull whose first page is already requested (see `startPull`). */
export interface StartedPull {
  table: string;
  /** The stored cursor the first page was asked from. */
  cursor: string;
  /** The table was empty at the start: no local rows to compare versions with. */
  fresh: boolean;
  first: Promise<PageResult>;
}

/**
 * Reads `table`'s stored cursor and requests its first page at once, so the
 * request is on the wire while the caller finishes other work (the push's
 * last IndexedDB writes, or the pull of another table). Apply it with
 * `pullTable(deps, table, started)`. Never rejects: failures come back in
 * the page result.
 */
export async function startPull(deps: PullDeps, table: string): Promise<StartedPull | PageResult> {
  try {
    const { store } = deps;
    const cursor = await store.readCursor(table);
    // First sync of an empty table: no local rows to compare versions with.
    const fresh = cursor === '0' && (await store.isEmpty(table));
    const pageSize = deps.pageSize ?? PULL_PAGE_SIZE;
    const firstLimit = fresh ? Math.min(FIRST_PAGE_SIZE, pageSize) : pageSize;
    return { table, cursor, fresh, first: fetchPage(deps, table, cursor, null, firstLimit) };
  } catch (error) {
    return {
      ok: false,
      failure: {
        kind: 'server',
        code: 'unexpected',
        message: error instanceof Error ? error.message : String(error),
      },
    };
  }
}

/**
 * Pulls one table to the server's cursor (from `started` when its first
 * page was requested earlier by `startPull`). Returns the failure (cursor not
 * advanced) or null, and the rows applied.
 *
 * Three things overlap: the next page is requested as soon as a page
 * arrives; a page's rows are made into records (search words) while the
 * previous page's transaction is still being written; and that page's
 * transaction is queued behind the previous one (IndexedDB writes them in
 * order), so the database never waits for the page in between. A fresh
 * table's first page is small (`FIRST_PAGE_SIZE`), so the dashboard has a
 * page of projects to show while the rest arrive.
 */
export async function pullTable(
  deps: PullDeps,
  table: string,
  started?: Promise<StartedPull | PageResult>,
): Promise<{ failure: Failure | null; applied: number }> {
  const { store } = deps;
  const begun = await (started ?? startPull(deps, table));
  if ('ok' in begun) return { failure: begun.ok ? null : begun.failure, applied: 0 };
  const { fresh } = begun;
  let next: string | null = null;
  let applied = 0;
  let pending: Promise<PageResult> | null = begun.first;
  // The previous page's write, still in flight.
  let writing: Promise<number> | null = null;
  while (pending) {
    const result: PageResult = await pending;
    if (!result.ok) {
      if (writing) applied += await writing;
      return { failure: result.failure, applied };
    }
    const page: PullPage = result.page;
    next ??= page.cursor;
    const last = page.rows[page.rows.length - 1];
    pending = page.has_more && last ? fetchPage(deps, table, String(last.txid), last.id) : null;
    const write = store.applyServerRows(table, page.rows, new Date(deps.now()).toISOString(), {
      fresh,
    });
    // Awaited below (after the previous page's write): no unhandled rejection meanwhile.
    void write.catch(() => undefined);
    if (writing) applied += await writing;
    writing = write;
  }
  if (writing) applied += await writing;
  // Always set here: the first page is always awaited.
  if (next !== null) await store.writeCursor(table, next);
  return { failure: null, applied };
}
