/**
 * One sync run: restore refetched rows, push the whole outbox in batches,
 * then pull every table to its cursor, then fetch projects newly shared
 * with the user. Each table's first pull page is
 * requested as soon as the server has answered the last push batch (it is
 * committed there), while that batch's answers are still being written;
 * pages apply in order. Stops at the first failure; nothing queued is dropped.
 */
import type { Failure } from './errors';
import { fetchSharedProjects } from './members';
import { pullTable, startPull } from './pull';
import { pushOutbox } from './push';
import { processRefetch } from './refetch';
import { isSessionStop, runSession } from './session';
import type { SyncStore } from './store';
import type { SyncClient } from './transport';

export interface RunDeps {
  store: SyncStore;
  supabase: SyncClient;
  /** Epoch ms (local bookkeeping and display only). */
  now: () => number;
  /** Tables to pull, in order; default the store's. */
  tables?: readonly string[];
  batchSize?: number;
  pageSize?: number;
  /** False: push only (the service worker's one-off background sync); default true. */
  pull?: boolean;
}

/** How a run ended: synced, failed (retry later), or the server refused the session. */
export type RunOutcome =
  | { ok: true; pushed: number; pulled: number }
  | { ok: false; pushed: number; pulled: number; failure: Failure }
  | { ok: false; pushed: number; pulled: number; authRequired: true };

/** Runs refetch, push and pull once (sync-protocol.md). */
export async function runSync(deps: RunDeps): Promise<RunOutcome> {
  const { store, supabase } = deps;
  const tables = deps.tables ?? store.tables;
  let pushed = 0;
  let pulled = 0;
  const stopped = (
    stop: { authRequired: true } | { authRequired: false; failure: Failure },
  ): RunOutcome =>
    stop.authRequired
      ? { ok: false, pushed, pulled, authRequired: true }
      : { ok: false, pushed, pulled, failure: stop.failure };

  const session = runSession(supabase);
  const start = await session.ensure();
  if (start) return stopped(start);

  const refetch = await processRefetch(store, supabase, new Date(deps.now()).toISOString());
  if (refetch) return { ok: false, pushed, pulled, failure: refetch };

  const pullDeps = { store, supabase, now: deps.now, pageSize: deps.pageSize };
  const pulls = new Map<string, ReturnType<typeof startPull>>();
  const startPulls = (): void => {
    if (pulls.size === 0) for (const t of tables) pulls.set(t, startPull(pullDeps, t));
  };
  const pushDeps = {
    store,
    supabase,
    now: deps.now,
    batchSize: deps.batchSize,
    onDrained: deps.pull === false ? undefined : startPulls,
  };
  const push = await session.retryOnAuth(
    () => pushOutbox(pushDeps),
    (r) => (r.ok ? null : r.failure),
  );
  if (isSessionStop(push)) return stopped(push);
  if (!push.ok) return { ok: false, pushed, pulled, failure: push.failure };
  pushed = push.pushed;
  if (deps.pull === false) return { ok: true, pushed, pulled };

  startPulls();
  for (const table of tables) {
    let early: ReturnType<typeof startPull> | undefined = pulls.get(table);
    const result = await session.retryOnAuth(
      () => {
        // The early first page is used once; a retry after a refresh asks again.
        const first = early;
        early = undefined;
        return pullTable(pullDeps, table, first);
      },
      (r) => r.failure,
    );
    if (isSessionStop(result)) return stopped(result);
    pulled += result.applied;
    if (result.failure) return { ok: false, pushed, pulled, failure: result.failure };
  }
  // Projects shared with the user since the last run come whole, by id: their rows are older than
  // the pull cursors, so the pulls above never bring them.
  const shared = await fetchSharedProjects(store, supabase, new Date(deps.now()).toISOString());
  pulled += shared.applied;
  if (shared.failure) return { ok: false, pushed, pulled, failure: shared.failure };
  return { ok: true, pushed, pulled };
}
