/**
 * The sync engine: one leader tab (leadership.ts) runs sync (run.ts) on
 * start, when the server is reachable again (connection.ts), when the page
 * becomes visible, ~1 s after local writes, on a Realtime poke or (re)join
 * (realtime.ts: the leader joins the user's channel while online) and on
 * an interval; it retries
 * failures with capped exponential backoff. Every tab mirrors the status
 * from the store (`SyncStore.watch`). Framework-free: transport (supabase-js), clock, timers,
 * randomness, locks and event targets are injected.
 */
import { backoffDelay } from './backoff';
import { createConnection, UNREACHABLE_STATUSES, type Connection } from './connection';
import type { Failure } from './errors';
import { electLeader } from './leadership';
import {
  defaultDocument,
  defaultLocks,
  defaultWindow,
  realTimers,
  type EventTargetLike,
  type LockManagerLike,
  type TimersLike,
} from './platform';
import { deviceIntervalMs } from './deviceSettings';
import type { PokeFollower } from './realtime';
import { runSync, type RunOutcome } from './run';
import { withRunLock } from './runLock';
import { syncStatus as defaultStatus, type SyncProblem, type SyncStatusStore } from './status';
import type { SyncStore } from './store';
import type { SyncClient } from './transport';

export type { EventTargetLike, LockManagerLike, TimersLike } from './platform';

/** Spec-silent: poll every 30 s so other devices' changes arrive without a reload. */
export const SYNC_INTERVAL_MS = 30_000;
/** Push ~1 s after the last local write (autosave already waits 1.5 s). */
export const LOCAL_WRITE_DEBOUNCE_MS = 1_000;

export interface StartSyncOptions {
  supabase: SyncClient;
  /** The signed-in user's local store (src/app/session.ts wires the app's), null when signed out. */
  getStore: () => SyncStore | null;
  /** Lock name suffix; defaults to the store's user. */
  userId?: string;
  /**
   * The device's connection (the app passes its one monitor, which also
   * observes supabase-js's requests). Default: one made for this engine,
   * fed only by the engine's own runs, that does not probe.
   */
  connection?: Connection;
  /** Epoch ms; only for local bookkeeping and display (the server orders by txid). */
  clock?: { now: () => number };
  timers?: TimersLike;
  /** [0, 1) for backoff jitter. */
  random?: () => number;
  /** Web Locks; default `navigator.locks`; null = always leader. */
  locks?: LockManagerLike | null;
  /** Default `navigator.onLine` (true when unknown). */
  isOnline?: () => boolean;
  /** Receives `online`; default `window`. */
  windowTarget?: EventTargetLike | null;
  /** Receives `visibilitychange`; default `document`. */
  documentTarget?: (EventTargetLike & { visibilityState?: string }) | null;
  /** Between pulls; default the device setting (deviceSettings.ts), else {@link SYNC_INTERVAL_MS}. */
  intervalMs?: number;
  debounceMs?: number;
  batchSize?: number;
  pageSize?: number;
  status?: SyncStatusStore;
  /** Tables to pull, in order; default the store's. */
  tables?: readonly string[];
  /** Leader runs supabase-js auto refresh, followers stop theirs (default true). */
  manageAutoRefresh?: boolean;
  /** The leader joins the user's Realtime poke channel while online (default true; needs a user id). */
  realtime?: boolean;
}

export interface SyncRunReport {
  ran: boolean;
  ok: boolean;
  pushed: number;
  pulled: number;
  reason?: 'follower' | 'offline' | 'no-db' | 'stopped' | 'auth-required' | 'failed';
  failure?: Failure;
}

/** What the engine is doing, read in one place (`SyncHandle.state()`). */
export interface EngineState {
  /** `stop()` was called: nothing starts any more. */
  stopped: boolean;
  /** This tab holds the user's sync leadership (only the leader runs). */
  leader: boolean;
  /** Failed runs in a row: the backoff's exponent (0 after a run that synced). */
  failures: number;
  /** Epoch ms before which the interval and local writes start no run (0: no wait). */
  nextRetryAt: number;
  /** A run is in progress. */
  running: boolean;
  /** A run is queued behind the one in progress. */
  queued: boolean;
}

export interface SyncHandle {
  /** Runs a sync now (leader only; coalesces with a run in progress). */
  syncNow(): Promise<SyncRunReport>;
  /** A copy of the engine's state. */
  state(): EngineState;
  /** Stops timers, listeners and leadership. Local data is untouched. */
  stop(): Promise<void>;
  isLeader(): boolean;
  /** Resolves when this tab has become the leader. */
  leadership: Promise<void>;
}

/** The kind of problem a failure shows, and whether it says the server was not reached. */
function problemOf(
  failure: Failure,
  browserOnline: boolean,
): { problem: SyncProblem; unreachable: boolean } {
  if (failure.kind === 'network')
    return { problem: browserOnline ? 'no-answer' : 'no-network', unreachable: true };
  if (failure.kind === 'server' && UNREACHABLE_STATUSES.has(Number(failure.code)))
    return { problem: 'no-answer', unreachable: true };
  return { problem: 'server-error', unreachable: false };
}

/**
 * Starts syncing the signed-in user's database. Call after sign-in (and
 * `setActiveUser`); call `stop()` before sign-out or switching users.
 *
 * Everything that changes between runs lives in the one `engine` object
 * below (flags, retry count and time, the run in progress and its timers);
 * the functions around it only read and update that object.
 */
export function startSync(options: StartSyncOptions): SyncHandle {
  const { supabase, getStore } = options;
  const clock = options.clock ?? { now: () => Date.now() };
  const timers = options.timers ?? realTimers;
  const random = options.random ?? Math.random;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const isOnline =
    options.isOnline ??
    (() =>
      typeof navigator === 'undefined'
        ? true
        : (navigator as { onLine?: boolean }).onLine !== false);
  const win = options.windowTarget === undefined ? defaultWindow() : options.windowTarget;
  const doc = options.documentTarget === undefined ? defaultDocument() : options.documentTarget;
  const status = options.status ?? defaultStatus;
  const connection =
    options.connection ??
    createConnection({
      probeUrl: null,
      status,
      clock,
      timers,
      random,
      browserOnline: isOnline,
      windowTarget: null,
      documentTarget: null,
    });
  const manageAutoRefresh = options.manageAutoRefresh ?? true;
  const userId = options.userId ?? getStore()?.userId ?? 'anonymous';

  const engine = {
    stopped: false,
    leader: false,
    failures: 0,
    nextRetryAt: 0,
    current: null as Promise<SyncRunReport> | null,
    queued: null as Promise<SyncRunReport> | null,
    retryTimer: null as unknown,
    debounceTimer: null as unknown,
    intervalTimer: null as unknown,
    pokes: null as Promise<PokeFollower> | null,
  };

  const report = (
    r: Omit<SyncRunReport, 'pushed' | 'pulled'> & Partial<SyncRunReport>,
  ): SyncRunReport => ({ pushed: 0, pulled: 0, ...r });

  function clearRetry(): void {
    engine.failures = 0;
    engine.nextRetryAt = 0;
    if (engine.retryTimer !== null) timers.clearTimeout(engine.retryTimer);
    engine.retryTimer = null;
  }

  function scheduleRetry(failure: Failure): void {
    engine.failures += 1;
    // The server's own wait (a 429's Retry-After) when it is longer than the backoff.
    const delay = Math.max(backoffDelay(engine.failures, random), failure.retryAfterMs ?? 0);
    engine.nextRetryAt = clock.now() + delay;
    if (engine.retryTimer !== null) timers.clearTimeout(engine.retryTimer);
    engine.retryTimer = timers.setTimeout(() => {
      engine.retryTimer = null;
      void syncNow();
    }, delay);
    const { problem, unreachable } = problemOf(failure, isOnline());
    // Reported before the retry time is shown: a connection probe may plan an earlier try.
    connection.report(unreachable ? 'unreachable' : 'answered');
    const probeAt = status.get().nextRetryAt;
    status.set({
      problem,
      error: failure.message,
      nextRetryAt:
        probeAt !== null && unreachable
          ? Math.min(probeAt, engine.nextRetryAt)
          : engine.nextRetryAt,
    });
  }

  /** Records how a run ended (store, status, retry) and reports it. */
  async function settle(store: SyncStore, outcome: RunOutcome): Promise<SyncRunReport> {
    const counts = { pushed: outcome.pushed, pulled: outcome.pulled };
    if ('authRequired' in outcome) {
      connection.report('answered');
      // The shared record first: the status mirror re-reads it, so the in-memory flag is never overwritten by an older read.
      await store.recordRun({ authRequired: true });
      status.set({ authRequired: true });
      return report({ ran: true, ok: false, reason: 'auth-required', ...counts });
    }
    if (!outcome.ok) {
      scheduleRetry(outcome.failure);
      return report({
        ran: true,
        ok: false,
        reason: 'failed',
        failure: outcome.failure,
        ...counts,
      });
    }
    clearRetry();
    connection.report('answered');
    const at = new Date(clock.now()).toISOString();
    await store.recordRun({ lastSyncedAt: at, authRequired: false });
    status.set({
      lastSyncedAt: at,
      error: null,
      problem: null,
      authRequired: false,
      nextRetryAt: null,
    });
    return report({ ran: true, ok: true, ...counts });
  }

  async function runOnce(): Promise<SyncRunReport> {
    if (engine.stopped) return report({ ran: false, ok: false, reason: 'stopped' });
    if (!engine.leader) return report({ ran: false, ok: false, reason: 'follower' });
    if (!isOnline()) {
      connection.report('unreachable');
      status.set({ problem: 'no-network' });
      return report({ ran: false, ok: false, reason: 'offline' });
    }
    // The server does not answer and the probes will say when it does (then this engine syncs at once):
    // a run now would only fail, and an expired token's refresh would hold supabase-js's lock retrying.
    if (connection.state() !== 'online' && connection.probing())
      return report({ ran: false, ok: false, reason: 'offline' });
    const store = getStore();
    if (!store) return report({ ran: false, ok: false, reason: 'no-db' });
    status.set({ syncing: true });
    try {
      // One run at a time with the other pages and the service worker's background sync (runLock.ts).
      const outcome = await withRunLock(locks, userId, () =>
        runSync({
          store,
          supabase,
          now: clock.now,
          tables: options.tables,
          batchSize: options.batchSize,
          pageSize: options.pageSize,
        }),
      );
      return await settle(store, outcome);
    } catch (error) {
      // Unexpected (a bug or IndexedDB failure): report it and retry later; nothing is dropped.
      const failure: Failure = {
        kind: 'server',
        code: 'unexpected',
        message: error instanceof Error ? error.message : String(error),
      };
      scheduleRetry(failure);
      return report({ ran: true, ok: false, reason: 'failed', failure });
    } finally {
      status.set({ syncing: false });
    }
  }

  function syncNow(): Promise<SyncRunReport> {
    if (!engine.current) {
      engine.current = runOnce().finally(() => {
        engine.current = null;
      });
      return engine.current;
    }
    engine.queued ??= engine.current.then(() => {
      engine.queued = null;
      return syncNow();
    });
    return engine.queued;
  }

  /** Runs now and forgets the retry wait (the user or the network says now is a good time). */
  function syncAtOnce(): void {
    clearRetry();
    void syncNow();
  }

  function scheduleSoon(): void {
    if (!engine.leader || engine.stopped) return;
    if (engine.debounceTimer !== null) timers.clearTimeout(engine.debounceTimer);
    engine.debounceTimer = timers.setTimeout(() => {
      engine.debounceTimer = null;
      if (clock.now() >= engine.nextRetryAt) void syncNow();
    }, options.debounceMs ?? LOCAL_WRITE_DEBOUNCE_MS);
  }

  /** This tab became the leader: refresh tokens, poll, run the first sync, then follow pokes. */
  function lead(): void {
    if (engine.stopped) return;
    engine.leader = true;
    if (manageAutoRefresh) void supabase.auth.startAutoRefresh().catch(() => {});
    engine.intervalTimer = timers.setInterval(
      () => {
        // Out of reach: ask the server whether it is back (an answer starts a sync), whatever the probe schedule says.
        if (connection.state() !== 'online' && connection.probing()) void connection.probeNow();
        else if (clock.now() >= engine.nextRetryAt) void syncNow();
      },
      options.intervalMs ?? deviceIntervalMs() ?? SYNC_INTERVAL_MS,
    );
    // Realtime's code loads (its own chunk) once the first run is over, never before the first screen.
    void syncNow().finally(() => {
      if (options.realtime !== false && !engine.stopped)
        engine.pokes = import('./realtime').then((m) =>
          m.followPokes({ supabase, userId, connection, syncNow }),
        );
    });
  }

  const onOnline = (): void => syncAtOnce();
  const onVisibility = (): void => {
    if (!doc || doc.visibilityState === undefined || doc.visibilityState === 'visible')
      void syncNow();
  };
  // The server answers again (a probe, or a request outside a run): sync at once. A run's own answers need no second run.
  const offConnection = connection.onChange((next, previous) => {
    if (next === 'online' && previous !== 'online' && !engine.stopped && !engine.current)
      syncAtOnce();
  });

  // Every tab shows what the store holds (so a follower shows what the leader did); a new queued op schedules a push.
  const offMirror =
    getStore()?.watch((patch) => {
      if (!engine.stopped) status.set(patch);
    }, scheduleSoon) ?? ((): void => undefined);
  win?.addEventListener('online', onOnline);
  doc?.addEventListener('visibilitychange', onVisibility);

  if (locks && manageAutoRefresh) void supabase.auth.stopAutoRefresh().catch(() => {});
  const leadership = electLeader(locks, userId, lead);

  return {
    syncNow,
    state: () => ({
      stopped: engine.stopped,
      leader: engine.leader,
      failures: engine.failures,
      nextRetryAt: engine.nextRetryAt,
      running: engine.current !== null,
      queued: engine.queued !== null,
    }),
    isLeader: () => engine.leader,
    leadership: leadership.ready,
    async stop() {
      engine.stopped = true;
      engine.leader = false;
      void engine.pokes?.then((p) => p.stop());
      offMirror();
      offConnection();
      win?.removeEventListener('online', onOnline);
      doc?.removeEventListener('visibilitychange', onVisibility);
      for (const t of [engine.retryTimer, engine.debounceTimer])
        if (t !== null) timers.clearTimeout(t);
      if (engine.intervalTimer !== null) timers.clearInterval(engine.intervalTimer);
      leadership.release();
      await engine.current?.catch(() => undefined);
      // Signed out or switched user: the next user's status starts clean.
      status.reset();
    },
  };
}
