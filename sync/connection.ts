/**
 * The connection state from evidence (offline / can't reach the server /
 * online), kept in the sync status store. Evidence is what happened to real
 * requests (`observe(fetch)` wraps the transport of supabase-js) and to cheap
 * probes of the server's health endpoint (`GET /auth/v1/health`, which hosted
 * Supabase answers too). `navigator.onLine` only decides between "offline" and
 * "can't reach the server"; it never makes the app believe it is online.
 *
 * While not online it probes with capped exponential backoff and jitter (at
 * most 30 s apart; at most 3 s apart while changes wait on this device, so
 * they are synced within seconds of the server returning), and at once on the
 * `online` event, when the tab becomes visible, and when any request is
 * answered. Framework-free: fetch, clock, timers, randomness and event targets
 * are injected.
 */
import { backoffDelay } from './backoff';
import {
  defaultDocument,
  defaultWindow,
  realTimers,
  type EventTargetLike,
  type TimersLike,
} from './platform';
import {
  browserSaysOnline,
  syncStatus,
  type ConnectionState,
  type SyncStatusStore,
} from './status';

/** What one request told us: the server answered, or it could not be reached. */
export type Evidence = 'answered' | 'unreachable';

/** Gateway answers that mean the server itself was not reached (proxy or load balancer speaking). */
export const UNREACHABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
/** A probe that has not answered in this time counts as unreachable. */
export const PROBE_TIMEOUT_MS = 5_000;
/** Any request still unanswered after this time is evidence of an unreachable server (the request itself goes on). */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Probe backoff: first after ~1 s, doubling, never more than 30 s apart. */
export const PROBE_BASE_MS = 1_000;
export const PROBE_MAX_MS = 30_000;
/** While changes wait on this device, probe at most this far apart (recovery within ~5 s of the server returning). */
export const PROBE_MAX_WITH_CHANGES_MS = 3_000;

export interface ConnectionOptions {
  /** The health endpoint, e.g. `${backendUrl}/auth/v1/health`; null disables probing (tests of the engine alone). */
  probeUrl: string | null;
  /** Headers of the probe (hosted Supabase wants the anon `apikey`). */
  probeHeaders?: Record<string, string>;
  /** The transport of the probes; default `globalThis.fetch`. */
  fetch?: typeof fetch;
  status?: SyncStatusStore;
  clock?: { now: () => number };
  timers?: TimersLike;
  /** [0, 1) for the backoff jitter. */
  random?: () => number;
  /** Default `navigator.onLine` (true when unknown). */
  browserOnline?: () => boolean;
  /** Receives `online`/`offline`; default `window`. */
  windowTarget?: EventTargetLike | null;
  /** Receives `visibilitychange`; default `document`. */
  documentTarget?: (EventTargetLike & { visibilityState?: string }) | null;
  probeTimeoutMs?: number;
  requestTimeoutMs?: number;
}

export interface Connection {
  /** The current state (also in the status store as `connection`). */
  state(): ConnectionState;
  /** True while started with a probe URL: it will notice by itself when the server answers again. */
  probing(): boolean;
  /** Feeds one piece of evidence (the engine reports its own runs too). */
  report(evidence: Evidence): void;
  /** Probes now (coalesced with a probe in flight); resolves to the state after it. */
  probeNow(): Promise<ConnectionState>;
  /** Wraps a fetch so that every request it makes reports its outcome. */
  observe(base?: typeof fetch): typeof fetch;
  /** Called on every change of state with the new and the previous state. */
  onChange(listener: (next: ConnectionState, previous: ConnectionState) => void): () => void;
  /** Starts listening to the browser's events and probes once; idempotent. */
  start(): void;
  /** Stops timers and listeners. */
  stop(): void;
}

function isCallerAbort(error: unknown, init: RequestInit | undefined): boolean {
  return (
    Boolean(init?.signal?.aborted) && (error as { name?: string } | null)?.name === 'AbortError'
  );
}

/** Creates the connection monitor; call `start()` to begin listening and probing. */
export function createConnection(options: ConnectionOptions): Connection {
  const status = options.status ?? syncStatus;
  const clock = options.clock ?? { now: () => Date.now() };
  const timers = options.timers ?? realTimers;
  const random = options.random ?? Math.random;
  const browserOnline = options.browserOnline ?? browserSaysOnline;
  const probeTimeoutMs = options.probeTimeoutMs ?? PROBE_TIMEOUT_MS;
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const win = options.windowTarget === undefined ? defaultWindow() : options.windowTarget;
  const doc = options.documentTarget === undefined ? defaultDocument() : options.documentTarget;
  const listeners = new Set<(next: ConnectionState, previous: ConnectionState) => void>();

  let started = false;
  let failedProbes = 0;
  let probeTimer: unknown = null;
  let probing: Promise<ConnectionState> | null = null;

  const state = (): ConnectionState => status.get().connection;

  function setState(next: ConnectionState): void {
    const previous = state();
    if (next === 'online') {
      failedProbes = 0;
      cancelProbe();
      if (status.get().nextRetryAt !== null && previous !== 'online')
        status.set({ nextRetryAt: null });
    }
    if (next === previous) return;
    status.set({ connection: next });
    for (const l of [...listeners]) l(next, previous);
  }

  function cancelProbe(): void {
    if (probeTimer !== null) timers.clearTimeout(probeTimer);
    probeTimer = null;
  }

  function scheduleProbe(): void {
    if (!started || options.probeUrl === null || probeTimer !== null || probing) return;
    const cap = status.get().unsynced > 0 ? PROBE_MAX_WITH_CHANGES_MS : PROBE_MAX_MS;
    const delay = backoffDelay(failedProbes + 1, random, PROBE_BASE_MS, cap);
    status.set({ nextRetryAt: clock.now() + delay });
    probeTimer = timers.setTimeout(() => {
      probeTimer = null;
      void probeNow();
    }, delay);
  }

  function report(evidence: Evidence): void {
    if (evidence === 'answered') {
      setState('online');
      return;
    }
    setState(browserOnline() ? 'unreachable' : 'offline');
    scheduleProbe();
  }

  async function probeOnce(): Promise<ConnectionState> {
    const base = options.fetch ?? globalThis.fetch.bind(globalThis);
    const controller = new AbortController();
    let timeout: unknown = null;
    // The probe ends by the timeout even where an aborted fetch never settles (a request queued behind a starting service worker).
    const timedOut = new Promise<never>((_resolve, reject) => {
      timeout = timers.setTimeout(() => {
        controller.abort();
        reject(new Error('probe timed out'));
      }, probeTimeoutMs);
    });
    let evidence: Evidence;
    try {
      const request = base(options.probeUrl as string, {
        method: 'GET',
        headers: options.probeHeaders,
        cache: 'no-store',
        signal: controller.signal,
      });
      request.catch(() => undefined);
      const res = await Promise.race([request, timedOut]);
      evidence = UNREACHABLE_STATUSES.has(res.status) ? 'unreachable' : 'answered';
    } catch {
      evidence = 'unreachable';
    } finally {
      timers.clearTimeout(timeout);
    }
    if (evidence === 'unreachable') failedProbes += 1;
    probing = null;
    report(evidence);
    return state();
  }

  function probeNow(): Promise<ConnectionState> {
    if (options.probeUrl === null) return Promise.resolve(state());
    cancelProbe();
    probing ??= probeOnce();
    return probing;
  }

  function observe(base?: typeof fetch): typeof fetch {
    return async (input, init) => {
      const transport = base ?? globalThis.fetch.bind(globalThis);
      // A request still waiting long after it was sent is evidence too; it is not aborted.
      const slow = timers.setTimeout(() => report('unreachable'), requestTimeoutMs);
      try {
        const res = await transport(input, init);
        report(UNREACHABLE_STATUSES.has(res.status) ? 'unreachable' : 'answered');
        return res;
      } catch (error) {
        if (!isCallerAbort(error, init)) report('unreachable');
        throw error;
      } finally {
        timers.clearTimeout(slow);
      }
    };
  }

  const onOnline = (): void => {
    failedProbes = 0;
    void probeNow();
  };
  const onOffline = (): void => report('unreachable');
  const onVisibility = (): void => {
    if (state() === 'online') return;
    if (!doc || doc.visibilityState === undefined || doc.visibilityState === 'visible') {
      failedProbes = 0;
      void probeNow();
    }
  };

  return {
    state,
    probing: () => started && options.probeUrl !== null,
    report,
    probeNow,
    observe,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (started) return;
      started = true;
      win?.addEventListener('online', onOnline);
      win?.addEventListener('offline', onOffline);
      doc?.addEventListener('visibilitychange', onVisibility);
      if (!browserOnline()) setState('offline');
      void probeNow();
    },
    stop() {
      started = false;
      cancelProbe();
      win?.removeEventListener('online', onOnline);
      win?.removeEventListener('offline', onOffline);
      doc?.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
