/**
 * The sync engine (issue 5 §3): pushes the outbox in batches, then pulls every
 * table to its cursor. Runs on start, on `online`, when the page becomes
 * visible, ~1 s after local writes and on an interval; retries network
 * failures and 5xx with capped exponential backoff. One tab leads (Web Locks
 * `refacing-sync-<userId>`; leader when locks are unavailable); followers only
 * write locally and mirror the status. Framework-free: transport (supabase-js),
 * clock, timers, randomness, locks and event targets are injected.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import { liveQuery } from 'dexie';
import type { RefacingDb } from '../src/data/db';
import { setFileDownloader } from '../src/data/fileTransfer';
import { SYNC_TABLES, type SyncTable } from '../src/data/types';
import { backoffDelay } from './backoff';
import type { Failure } from './errors';
import { pullTable, startPull } from './pull';
import { FILES_BUCKET, pushOutbox } from './push';
import { processRefetch } from './refetch';
import { fetchSharedProjects } from './members';
import { registerSyncNow, syncStatus as defaultStatus, type SyncStatusStore } from './status';

/** Spec-silent: poll every 30 s so other devices' changes arrive without a reload. */
export const SYNC_INTERVAL_MS = 30_000;
/** Push ~1 s after the last local write (autosave already waits 1.5 s). */
export const LOCAL_WRITE_DEBOUNCE_MS = 1_000;
/** sync_state keys shared by every tab. */
export const LAST_SYNCED_KEY = 'lastSyncedAt';
export const AUTH_REQUIRED_KEY = 'authRequired';

export interface TimersLike {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface LockManagerLike {
  request(name: string, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
}

export interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface StartSyncOptions {
  supabase: SupabaseClient;
  /** The signed-in user's database (src/data getActiveDb), null when signed out. */
  getDb: () => RefacingDb | null;
  /** Lock name suffix; defaults to the database's user. */
  userId?: string;
  /** Epoch ms; only for local bookkeeping and display (the server orders by txid). */
  clock?: { now(): number };
  timers?: TimersLike;
  /** [0, 1) for backoff jitter. */
  random?: () => number;
  /** Web Locks; default `navigator.locks`; null = always leader. */
  locks?: LockManagerLike | null;
  /** Default `navigator.onLine` (true when unknown). */
  isOnline?: () => boolean;
  /** Receives `online`/`offline`; default `window`. */
  windowTarget?: EventTargetLike | null;
  /** Receives `visibilitychange`; default `document`. */
  documentTarget?: (EventTargetLike & { visibilityState?: string }) | null;
  intervalMs?: number;
  debounceMs?: number;
  batchSize?: number;
  pageSize?: number;
  status?: SyncStatusStore;
  tables?: readonly SyncTable[];
  /** Leader runs supabase-js auto refresh, followers stop theirs (default true). */
  manageAutoRefresh?: boolean;
}

export interface SyncRunReport {
  ran: boolean;
  ok: boolean;
  pushed: number;
  pulled: number;
  reason?: 'follower' | 'offline' | 'no-db' | 'stopped' | 'auth-required' | 'failed';
  failure?: Failure;
}

export interface SyncHandle {
  /** Runs a sync now (leader only; coalesces with a run in progress). */
  syncNow(): Promise<SyncRunReport>;
  /** Stops timers, listeners and leadership. Local data is untouched. */
  stop(): Promise<void>;
  isLeader(): boolean;
  /** Resolves when this tab has become the leader. */
  leadership: Promise<void>;
}

const realTimers: TimersLike = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>),
};

function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

/**
 * Starts syncing the signed-in user's database. Call after sign-in (and
 * `setActiveUser`); call `stop()` before sign-out or switching users.
 */
export function startSync(options: StartSyncOptions): SyncHandle {
  const { supabase, getDb } = options;
  const clock = options.clock ?? { now: () => Date.now() };
  const timers = options.timers ?? realTimers;
  const random = options.random ?? Math.random;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const isOnline =
    options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : (navigator as { onLine?: boolean }).onLine !== false));
  const win = options.windowTarget === undefined ? ((globalThis as { window?: EventTargetLike }).window ?? null) : options.windowTarget;
  const doc =
    options.documentTarget === undefined
      ? ((globalThis as { document?: EventTargetLike & { visibilityState?: string } }).document ?? null)
      : options.documentTarget;
  const status = options.status ?? defaultStatus;
  const tables = options.tables ?? SYNC_TABLES;
  const manageAutoRefresh = options.manageAutoRefresh ?? true;
  const userId = options.userId ?? getDb()?.userId ?? 'anonymous';

  let leader = false;
  let stopped = false;
  let failures = 0;
  let nextRetryAt = 0;
  let retryTimer: unknown = null;
  let debounceTimer: unknown = null;
  let intervalTimer: unknown = null;
  let current: Promise<SyncRunReport> | null = null;
  let queued: Promise<SyncRunReport> | null = null;
  let releaseLock: () => void = () => {};
  const lockHeld = new Promise<void>((resolve) => (releaseLock = resolve));
  let resolveLeadership: () => void = () => {};
  const leadership = new Promise<void>((resolve) => (resolveLeadership = resolve));
  const subscriptions: { unsubscribe(): void }[] = [];

  const nowIso = () => new Date(clock.now()).toISOString();

  async function setShared(key: string, value: unknown): Promise<void> {
    const db = getDb();
    if (db) await db.sync_state.put({ key, value });
  }

  function scheduleRetry(failure: Failure): void {
    failures += 1;
    const delay = backoffDelay(failures, random);
    nextRetryAt = clock.now() + delay;
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    retryTimer = timers.setTimeout(() => {
      retryTimer = null;
      void syncNow();
    }, delay);
    status.set({ error: failure.message, online: failure.kind === 'network' ? status.get().online : true });
  }

  /** Session for the network: refreshed by supabase-js when expired. */
  async function ensureSession(forceRefresh: boolean): Promise<Failure | 'auth-required' | null> {
    try {
      const { data, error } = forceRefresh ? await supabase.auth.refreshSession() : await supabase.auth.getSession();
      if (data.session) return null;
      if (error && isAuthRetryableFetchError(error)) return { kind: 'network', code: 'network', message: error.message };
      const s = (error as { status?: number } | null)?.status;
      if (error && typeof s === 'number' && s >= 500) return { kind: 'server', code: String(s), message: error.message };
      return 'auth-required';
    } catch (error) {
      return { kind: 'network', code: 'network', message: error instanceof Error ? error.message : String(error) };
    }
  }

  async function markAuthRequired(): Promise<SyncRunReport> {
    // The shared record first: the status mirror re-reads it, so the in-memory flag is never overwritten by an older read.
    await setShared(AUTH_REQUIRED_KEY, true);
    status.set({ authRequired: true });
    return { ran: true, ok: false, pushed: 0, pulled: 0, reason: 'auth-required' };
  }

  async function runOnce(): Promise<SyncRunReport> {
    if (stopped) return { ran: false, ok: false, pushed: 0, pulled: 0, reason: 'stopped' };
    if (!leader) return { ran: false, ok: false, pushed: 0, pulled: 0, reason: 'follower' };
    if (!isOnline()) {
      status.set({ online: false });
      return { ran: false, ok: false, pushed: 0, pulled: 0, reason: 'offline' };
    }
    const db = getDb();
    if (!db) return { ran: false, ok: false, pushed: 0, pulled: 0, reason: 'no-db' };
    status.set({ syncing: true });
    const fail = (failure: Failure, pushed = 0, pulled = 0): SyncRunReport => {
      scheduleRetry(failure);
      return { ran: true, ok: false, pushed, pulled, reason: 'failed', failure };
    };
    try {
      let refreshed = false;
      const session = await ensureSession(false);
      if (session === 'auth-required') return await markAuthRequired();
      if (session) return fail(session);

      const refetch = await processRefetch(db, supabase, nowIso());
      if (refetch) return fail(refetch);

      // Every table's first pull page is requested at once, as soon as the
      // server has answered the push (it is committed there), while the
      // push's last answers are still being written; pages apply in order.
      const pullDeps = { db, supabase, now: clock.now, pageSize: options.pageSize };
      const pulls = new Map<SyncTable, ReturnType<typeof startPull>>();
      const startPulls = (): void => {
        if (pulls.size === 0) for (const t of tables) pulls.set(t, startPull(pullDeps, t));
      };
      const pushDeps = { db, supabase, now: clock.now, batchSize: options.batchSize, onDrained: startPulls };
      let push = await pushOutbox(pushDeps);
      if (!push.ok && push.failure.kind === 'auth' && !refreshed) {
        refreshed = true;
        const again = await ensureSession(true);
        if (again === 'auth-required') return await markAuthRequired();
        if (again) return fail(again);
        push = await pushOutbox(pushDeps);
      }
      if (!push.ok) return fail(push.failure);

      startPulls();
      let pulled = 0;
      for (const table of tables) {
        let result = await pullTable(pullDeps, table, pulls.get(table));
        if (result.failure?.kind === 'auth' && !refreshed) {
          refreshed = true;
          const again = await ensureSession(true);
          if (again === 'auth-required') return await markAuthRequired();
          if (again) return fail(again, push.pushed, pulled);
          result = await pullTable(pullDeps, table);
        }
        pulled += result.applied;
        if (result.failure) return fail(result.failure, push.pushed, pulled);
      }
      // Projects shared with the user since the last run come whole, by id.
      const shared = await fetchSharedProjects(db, supabase, nowIso());
      pulled += shared.applied;
      if (shared.failure) return fail(shared.failure, push.pushed, pulled);
      failures = 0;
      nextRetryAt = 0;
      const at = nowIso();
      await db.sync_state.bulkPut([
        { key: LAST_SYNCED_KEY, value: at },
        { key: AUTH_REQUIRED_KEY, value: false },
      ]);
      status.set({ lastSyncedAt: at, error: null, authRequired: false, online: true });
      return { ran: true, ok: true, pushed: push.pushed, pulled };
    } catch (error) {
      // Unexpected (a bug or IndexedDB failure): report it and retry later; nothing is dropped.
      return fail({ kind: 'server', code: 'unexpected', message: error instanceof Error ? error.message : String(error) });
    } finally {
      status.set({ syncing: false });
    }
  }

  function syncNow(): Promise<SyncRunReport> {
    if (!current) {
      current = runOnce().finally(() => {
        current = null;
      });
      return current;
    }
    queued ??= current.then(() => {
      queued = null;
      return syncNow();
    });
    return queued;
  }

  function scheduleSoon(): void {
    if (!leader || stopped) return;
    if (debounceTimer !== null) timers.clearTimeout(debounceTimer);
    debounceTimer = timers.setTimeout(() => {
      debounceTimer = null;
      if (clock.now() >= nextRetryAt) void syncNow();
    }, options.debounceMs ?? LOCAL_WRITE_DEBOUNCE_MS);
  }

  const onOnline = () => {
    status.set({ online: true });
    failures = 0;
    nextRetryAt = 0;
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    retryTimer = null;
    void syncNow();
  };
  const onOffline = () => status.set({ online: false });
  const onVisibility = () => {
    if (!doc || doc.visibilityState === undefined || doc.visibilityState === 'visible') void syncNow();
  };

  // Status mirror, in every tab: counts and shared state from the database.
  subscriptions.push(
    liveQuery(async () => {
      const db = getDb();
      if (!db) return null;
      const [unsynced, deadLetters, conflicts, last, auth] = await Promise.all([
        db.outbox.count(),
        db.dead_letters.count(),
        db.conflicts.where('seen').equals(0).count(),
        db.sync_state.get(LAST_SYNCED_KEY),
        db.sync_state.get(AUTH_REQUIRED_KEY),
      ]);
      return {
        unsynced,
        deadLetters,
        conflicts,
        lastSyncedAt: typeof last?.value === 'string' ? last.value : null,
        authRequired: auth?.value === true,
      };
    }).subscribe({
      next: (v) => {
        if (v && !stopped) status.set(v);
      },
      error: () => {},
    }),
  );
  // Local writes (any tab): new outbox entries → push ~1 s later.
  let lastSeq = -1;
  subscriptions.push(
    liveQuery(async () => {
      const db = getDb();
      return db ? ((await db.outbox.orderBy('seq').lastKey()) as number | undefined) ?? 0 : 0;
    }).subscribe({
      next: (seq) => {
        if (lastSeq >= 0 && seq > lastSeq) scheduleSoon();
        lastSeq = seq;
      },
      error: () => {},
    }),
  );
  status.set({ online: isOnline() });
  win?.addEventListener('online', onOnline);
  win?.addEventListener('offline', onOffline);
  doc?.addEventListener('visibilitychange', onVisibility);
  const previousDownloader = setFileDownloader(async (path) => {
    const { data, error } = await supabase.storage.from(FILES_BUCKET).download(path);
    if (error || !data) throw new Error(error?.message ?? 'Download failed');
    return data;
  });

  const previousSyncNow = status === defaultStatus ? registerSyncNow(() => syncNow()) : null;

  async function becomeLeader(): Promise<void> {
    if (stopped) return;
    leader = true;
    if (manageAutoRefresh) void supabase.auth.startAutoRefresh().catch(() => {});
    intervalTimer = timers.setInterval(() => {
      if (clock.now() >= nextRetryAt) void syncNow();
    }, options.intervalMs ?? SYNC_INTERVAL_MS);
    resolveLeadership();
    void syncNow();
  }

  if (!locks) void becomeLeader();
  else {
    if (manageAutoRefresh) void supabase.auth.stopAutoRefresh().catch(() => {});
    void locks
      .request(`refacing-sync-${userId}`, async () => {
        await becomeLeader();
        await lockHeld;
      })
      .catch(() => {});
  }

  return {
    syncNow,
    isLeader: () => leader,
    leadership,
    async stop() {
      stopped = true;
      leader = false;
      for (const s of subscriptions) s.unsubscribe();
      win?.removeEventListener('online', onOnline);
      win?.removeEventListener('offline', onOffline);
      doc?.removeEventListener('visibilitychange', onVisibility);
      for (const t of [retryTimer, debounceTimer]) if (t !== null) timers.clearTimeout(t);
      if (intervalTimer !== null) timers.clearInterval(intervalTimer);
      setFileDownloader(previousDownloader);
      if (status === defaultStatus) registerSyncNow(previousSyncNow);
      releaseLock();
      await current?.catch(() => undefined);
      // Signed out or switched user: the next user's status starts clean.
      status.reset();
    },
  };
}
