/**
 * Pulling server changes (sync-protocol.md, pull_changes): per table from the
 * stored cursor, paging by (txid, id), storing the FIRST call's cursor at the
 * end (never the last row's txid), so a transaction that commits late is
 * still pulled. Rows are applied idempotently by version.
 */
import { classifyPostgrest, networkFailure, type Failure } from './errors';
import { loadAnswers } from './loadAnswers';
import type { PullPage } from './responses';
import type { PreparedRows, SyncStore } from './store';
import type { SyncClient } from './transport';

/** Rows per pull_changes page. */
export const PULL_PAGE_SIZE = 1000;

/**
 * Rows of the first page of a table pulled into an empty database: two of the
 * dashboard's pages of cards, written in a moment. The pages after it grow
 * three times each up to the page size (`pullTable`).
 */
export const FIRST_PAGE_SIZE = 100;

export interface PullDeps {
  store: SyncStore;
  supabase: SyncClient;
  now: () => number;
  pageSize?: number;
  /** Rows that may wait for the write in flight; default `MAX_WAITING_ROWS`. */
  maxWaitingRows?: number;
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
 * Rows that may wait, fetched, for the write in flight: the pull asks no
 * further page while this many are waiting, so a server faster than the
 * device's database never piles a whole table into memory.
 */
export const MAX_WAITING_ROWS = 5000;

/**
 * Pulls one table to the server's cursor (from `started` when its first
 * page was requested earlier by `startPull`). Returns the failure (cursor not
 * advanced) or null, and the rows applied.
 *
 * Fetching and writing overlap: the next page is requested as soon as a
 * page arrives, and pages that arrive while a write is in flight wait, then
 * go to the database together in one transaction (at most
 * `MAX_WAITING_ROWS` rows wait). Each transaction costs a commit and a
 * re-run of every live query on the table, so when the database is the
 * slower side, fewer and larger writes finish sooner than one per page.
 * Rows are written in the order they were pulled. A fresh table's first page
 * is small (`FIRST_PAGE_SIZE`) and written at once, so the dashboard has a
 * page of projects to show while the rest arrive; its next pages grow from it,
 * so the database has rows to write while the full pages are read.
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
  const maxWaiting = deps.maxWaitingRows ?? MAX_WAITING_ROWS;
  let next: string | null = null;
  let applied = 0;
  let failure: Failure | null = null;
  // The page requested and not yet arrived; null once the last page is in (or a page failed).
  let fetching: Promise<PageResult> | null = begun.first;
  // Where the page after the last arrived one starts, while it is not yet requested (rows are waiting).
  let resumeAt: { txid: string; id: string } | null = null;
  // Pages arrived (made ready to write) and waiting for the write in flight, in pull order.
  let waiting: PreparedRows[] = [];
  let waitingRows = 0;
  // The write in flight, settled as a value (a failed write is thrown below, when it is awaited).
  let writing: Promise<{ wrote: number } | { writeError: unknown }> | null = null;

  const pageSize = deps.pageSize ?? PULL_PAGE_SIZE;
  // A fresh table's pages grow from the small first one (three times each), so the database has
  // rows to write while the full pages are still being read on the server.
  let limit = fresh ? Math.min(FIRST_PAGE_SIZE, pageSize) : pageSize;
  const request = (from: { txid: string; id: string }): void => {
    limit = Math.min(limit * 3, pageSize);
    fetching = fetchPage(deps, table, from.txid, from.id, limit);
  };

  while (fetching || writing || waiting.length > 0) {
    if (!writing && waiting.length > 0) {
      const batches = waiting;
      waiting = [];
      waitingRows = 0;
      writing = store
        .applyPreparedRows(batches, new Date(deps.now()).toISOString(), { fresh })
        .then(
          (wrote) => ({ wrote }),
          (writeError: unknown) => ({ writeError }),
        );
    }
    if (!fetching && resumeAt && waitingRows < maxWaiting) {
      request(resumeAt);
      resumeAt = null;
    }
    // Whichever finishes first: the page in flight, or the write in flight.
    const done: { page: PageResult } | { wrote: number } | { writeError: unknown } =
      await Promise.race([
        ...(fetching ? [fetching.then((page) => ({ page }))] : []),
        ...(writing ? [writing] : []),
      ]);
    if ('writeError' in done) throw done.writeError;
    if ('wrote' in done) {
      applied += done.wrote;
      writing = null;
      continue;
    }
    fetching = null;
    const result = done.page;
    if (!result.ok) {
      // The pages already here are still written; the cursor stays where it was.
      failure = result.failure;
      resumeAt = null;
      continue;
    }
    const page: PullPage = result.page;
    next ??= page.cursor;
    const last = page.rows[page.rows.length - 1];
    if (page.has_more && last) {
      const from = { txid: String(last.txid), id: last.id };
      if (waitingRows + page.rows.length < maxWaiting) request(from);
      else resumeAt = from;
    }
    // Made into records now, while the write in flight (if any) is in the database's hands.
    if (page.rows.length > 0) {
      waiting.push(store.prepareServerRows(table, page.rows));
      waitingRows += page.rows.length;
    }
  }
  if (failure) return { failure, applied };
  // Always set here: the first page is always awaited.
  if (next !== null) await store.writeCursor(table, next);
  return { failure: null, applied };
}
