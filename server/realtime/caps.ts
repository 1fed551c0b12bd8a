/**
 * Realtime bounds across sockets, so one address or one account cannot take
 * the service from others: open sockets per client address, and joined
 * channels per account (all its sockets together). One set of counters per
 * backend (keyed by its context), released when a socket closes or a
 * channel is left.
 */
import type { BackendContext } from '../context.ts';

/** Counts held per key up to a limit. */
export interface CapCounter {
  /** Takes one for `key`: its release (idempotent), or null when `key` is at the limit. */
  take(key: string): (() => void) | null;
  /** How many `key` holds. */
  held(key: string): number;
}

function counter(limit: () => number): CapCounter {
  const counts = new Map<string, number>();
  return {
    take(key) {
      const n = counts.get(key) ?? 0;
      if (n >= limit()) return null;
      counts.set(key, n + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (counts.get(key) ?? 1) - 1;
        if (left <= 0) counts.delete(key);
        else counts.set(key, left);
      };
    },
    held: (key) => counts.get(key) ?? 0,
  };
}

/** The counters of one backend. */
export interface RealtimeCaps {
  sockets: CapCounter;
  joins: CapCounter;
}

const byBackend = new WeakMap<BackendContext, RealtimeCaps>();

/** The counters of `ctx`'s backend, made on first use with these limits. */
export function realtimeCaps(
  ctx: BackendContext,
  limits: { socketsPerAddress: number; joinsPerAccount: number },
): RealtimeCaps {
  let caps = byBackend.get(ctx);
  if (!caps) {
    caps = {
      sockets: counter(() => limits.socketsPerAddress),
      joins: counter(() => limits.joinsPerAccount),
    };
    byBackend.set(ctx, caps);
  }
  return caps;
}
