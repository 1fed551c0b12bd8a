/**
 * What the sync engine and the connection monitor take from the platform,
 * injectable so tests run them with fake timers, locks and event targets.
 */

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

/** The global timers. */
export const realTimers: TimersLike = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>),
};

/** `navigator.locks`, or null where Web Locks are unavailable. */
export function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ?? null;
}

/** `window`, or null outside a page. */
export function defaultWindow(): EventTargetLike | null {
  return (globalThis as { window?: EventTargetLike }).window ?? null;
}

/** `document`, or null outside a page. */
export function defaultDocument(): (EventTargetLike & { visibilityState?: string }) | null {
  return (
    (globalThis as { document?: EventTargetLike & { visibilityState?: string } }).document ?? null
  );
}
