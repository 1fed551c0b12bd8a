/**
 * Browser side of `bench/sync.bench.ts`: bundled and injected into a page of
 * the backend's origin in real Chromium, it measures the real IndexedDB with
 * the real data layer and engine: initial sync vs raw bulkPut, incremental
 * sync over the wire, pushing queued ops vs single-row PostgREST updates.
 */
import { createClient } from '@supabase/supabase-js';
import { liveQuery } from 'dexie';
import { queryProjects } from '../src/data/projectQueries';
import { toProjectRecord } from '../src/data/applyServerRows';
import { RefacingDb } from '../src/data/db';
import type { ProjectMemberRow } from '../src/data/types';
import { createProjectsRepo } from '../src/data/projectsRepo';
import { syncStoreFor } from '../src/data/syncStore';
import { startSync, type TimersLike } from '../sync/engine';
import { createSyncStatusStore } from '../sync/status';
import { median } from './stats';

export interface BrowserBenchArgs {
  url: string;
  anonKey: string;
  email: string;
  password: string;
  pushN: number;
  /** Runs of the initial sync with its bulkPut baseline, and of the push (medians reported); default 5. */
  runs?: number;
}

export interface BrowserBenchResult {
  projects: number;
  /** How many runs each timed figure is the median of. */
  runs: number;
  /**
   * The initial sync and its bulkPut baseline of the one run whose ratio
   * between them is the median of the runs' ratios (each run times the sync,
   * then its baseline, so the two share that moment's load on the machine).
   */
  initialSyncMs: number;
  /**
   * From the start of the initial sync until the dashboard's project query
   * (live, as the dashboard runs it) first returns a full page of cards.
   */
  firstPageMs: number;
  bulkPutMs: number;
  incrementalRows: number;
  incrementalBytes: number;
  incrementalRequests: number;
  pushMs: number;
  pushed: number;
  restMs: number;
}

/** Cards on the dashboard's first page (PROJECTS_PAGE_SIZE in src/features/dashboard/DashboardPage.tsx). */
const DASHBOARD_PAGE = 50;

const idleTimers: TimersLike = {
  setTimeout: () => 0,
  clearTimeout: () => {},
  setInterval: () => 0,
  clearInterval: () => {},
};

/** Runs the measurements; every figure comes from this one page. */
export async function runSyncBench(args: BrowserBenchArgs): Promise<BrowserBenchResult> {
  // Bytes are counted only for the incremental sync: copying every body would slow the other figures.
  const wire = { counting: false, bytes: 0, requests: 0 };
  const countingFetch: typeof fetch = async (input, init) => {
    if (!wire.counting) return fetch(input, init);
    const res = await fetch(input, init);
    const buf = await res.arrayBuffer();
    wire.bytes += buf.byteLength;
    wire.requests += 1;
    const empty = res.status === 204 || res.status === 304 || buf.byteLength === 0;
    return new Response(empty ? null : buf, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  };
  const client = createClient(args.url, args.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: countingFetch },
  });
  const { data, error } = await client.auth.signInWithPassword({
    email: args.email,
    password: args.password,
  });
  if (error || !data.user) throw new Error(error?.message ?? 'sign in failed');
  const userId = data.user.id;
  const now = () => Date.now();
  const runs = args.runs ?? 5;

  // 1. Initial sync (the start-up run) into an empty database, `runs` times, each followed
  // by the baseline, a raw bulkPut of the rows that sync wrote into a fresh database: taken in turn,
  // so a change in the shared machine's load between them moves both figures alike.
  const initialRuns: number[] = [];
  const bulkRuns: number[] = [];
  let plain: ReturnType<typeof toProjectRecord>[] | null = null;
  let people: ProjectMemberRow[] | null = null;
  const firstPageRuns: number[] = [];
  let db = new RefacingDb(userId);
  let engine: ReturnType<typeof startSync> | null = null;
  for (let r = 0; r < runs; r++) {
    if (engine) await engine.stop();
    db.close();
    db = new RefacingDb(userId);
    await db.delete();
    await db.open();
    const target = db;
    const t0 = performance.now();
    // The dashboard's own live query (a contractor's newest projects, one page and one more),
    // re-run by Dexie after each page of the sync commits, as on the screen.
    let firstPageAt = NaN;
    const watching = liveQuery(() =>
      queryProjects(target, { role: 'contractor', limit: DASHBOARD_PAGE + 1 }),
    ).subscribe((list) => {
      if (Number.isNaN(firstPageAt) && list.length >= DASHBOARD_PAGE)
        firstPageAt = performance.now();
    });
    // The start-up run is the initial sync: the engine starts it on taking the lead. (Calling
    // syncNow() here would queue a second run behind it and time both.)
    const status = createSyncStatusStore();
    const startUpRun = new Promise<void>((resolve) => {
      const off = status.subscribe(() => {
        const s = status.get();
        if (!s.syncing && (s.lastSyncedAt !== null || s.problem !== null || s.authRequired)) {
          off();
          resolve();
        }
      });
    });
    engine = startSync({
      supabase: client,
      getStore: () => syncStoreFor(target),
      locks: null,
      windowTarget: null,
      documentTarget: null,
      manageAutoRefresh: false,
      realtime: false,
      timers: idleTimers,
      status,
    });
    await startUpRun;
    initialRuns.push(performance.now() - t0);
    watching.unsubscribe();
    firstPageRuns.push(firstPageAt - t0);
    const ended = status.get();
    if (ended.problem !== null || ended.authRequired)
      throw new Error(
        `initial sync failed: ${ended.problem ?? 'sign-in required'} ${ended.error ?? ''}`,
      );
    plain ??= (await target.projects.toArray()).map((row) => toProjectRecord({ ...row }));
    // The sync also writes the server's people rows (one per person on each job): the same rows, too.
    people ??= await target.project_members.toArray();
    const raw = new RefacingDb(`raw-${userId}`);
    await raw.delete();
    await raw.open();
    const t1 = performance.now();
    await raw.projects.bulkPut(plain);
    await raw.project_members.bulkPut(people);
    bulkRuns.push(performance.now() - t1);
    await raw.delete();
  }
  if (!engine) throw new Error('no runs');
  // The run with the median ratio: a load change between runs moves a run's sync and its baseline
  // alike, but a median of each taken apart could pair one run's sync with another's baseline.
  const byRatio = initialRuns
    .map((ms, i) => ({ ms, bulk: bulkRuns[i] ?? NaN }))
    .sort((a, b) => a.ms / a.bulk - b.ms / b.bulk);
  const middle = byRatio[Math.floor(byRatio.length / 2)];
  if (!middle) throw new Error('no runs');
  const initialSyncMs = middle.ms;
  const bulkPutMs = middle.bulk;
  const rows = await db.projects.toArray();

  // 2. One row changed by another client, then an incremental sync.
  const other = createClient(args.url, args.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  await other.auth.signInWithPassword({ email: args.email, password: args.password });
  const changed = await other
    .from('projects')
    .update({ name: 'Changed in the bench' })
    .eq('id', rows[0]?.id ?? '');
  if (changed.error) throw new Error(changed.error.message);
  wire.bytes = 0;
  wire.requests = 0;
  wire.counting = true;
  const inc = await engine.syncNow();
  wire.counting = false;
  if (!inc.ok) throw new Error('incremental sync failed');
  const incrementalBytes = wire.bytes;
  const incrementalRequests = wire.requests;

  // 3. Push queued ops: one edit on each of pushN projects, `runs` rounds (median).
  const repo = createProjectsRepo({ getDb: () => db, now });
  const targets = rows.slice(0, args.pushN).map((r) => r.id);
  const pushRuns: number[] = [];
  let pushed = 0;
  for (let r = 0; r < runs; r++) {
    for (const [i, id] of targets.entries()) await repo.update(id, { name: `Renamed ${r}-${i}` });
    const t2 = performance.now();
    const result = await engine.syncNow();
    pushRuns.push(performance.now() - t2);
    if (!result.ok) throw new Error('push failed');
    pushed = result.pushed;
  }
  const pushMs = median(pushRuns);
  const t3 = performance.now();
  for (const [i, id] of targets.entries()) {
    const { error: e } = await client
      .from('projects')
      .update({ name: `Direct ${i}` })
      .eq('id', id);
    if (e) throw new Error(e.message);
  }
  const restMs = performance.now() - t3;
  await engine.stop();
  db.close();
  return {
    projects: rows.length,
    runs,
    initialSyncMs,
    firstPageMs: median(firstPageRuns),
    bulkPutMs,
    incrementalRows: inc.pulled,
    incrementalBytes,
    incrementalRequests,
    pushMs,
    pushed,
    restMs,
  };
}

(globalThis as { __runSyncBench?: typeof runSyncBench }).__runSyncBench = runSyncBench;
