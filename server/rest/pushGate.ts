/**
 * Bounds on the sync's push, so that one account cannot hold the database
 * for everyone else (PGlite runs one transaction at a time, so every other
 * request waits behind whatever pushes are queued):
 *   - one `push_changes` call per user runs at a time; a few more of that
 *     user wait their turn in order (their bodies unread meanwhile), and any
 *     beyond those are answered 429 with `Retry-After` at once;
 *   - a push's body is at most {@link MAX_PUSH_BYTES} (413 above it), which,
 *     with the client's smaller batches, keeps one call to well under a
 *     second of database time.
 */
import { pgrst, type PgrstError } from '../pgError.ts';

/**
 * Bytes of one push_changes request body: twice what the client sends per
 * call, and about the 1 MB push_changes allows one op. A call this size
 * holds PGlite for well under a second.
 */
export const MAX_PUSH_BYTES = 1024 * 1024;
/** Pushes of one user that may wait while one of theirs runs. */
export const MAX_WAITING_PUSHES = 2;
/** Seconds a refused push is told to wait (the time a push of a full batch takes, rounded up). */
export const PUSH_RETRY_AFTER_S = 1;

/** The body of the 429: PostgREST-shaped, with the wait in `details` as the header gives it (supabase-js shows no headers). */
export function busyBody(): PgrstError {
  return pgrst(
    'over_request_rate_limit',
    'Another sync of this account is still being saved; try again shortly',
    `Retry-After: ${PUSH_RETRY_AFTER_S}`,
    'One push per account runs at a time',
  );
}

/** Per-user turns: at most one running, {@link MAX_WAITING_PUSHES} waiting, in arrival order. */
export interface PushGate {
  /**
   * Waits for `user`'s turn and runs `fn`; resolves to null without running it
   * when too many of that user's pushes are already waiting.
   */
  run<T>(user: string, fn: () => Promise<T>): Promise<T | null>;
}

/** A new gate (one per backend). */
export function createPushGate(maxWaiting = MAX_WAITING_PUSHES): PushGate {
  // Per user: the tail of its chain of pushes, and how many are in it (running + waiting).
  const lanes = new Map<string, { tail: Promise<void>; count: number }>();
  return {
    async run<T>(user: string, fn: () => Promise<T>): Promise<T | null> {
      const lane = lanes.get(user) ?? { tail: Promise.resolve(), count: 0 };
      if (lane.count > maxWaiting) return null;
      lane.count += 1;
      lanes.set(user, lane);
      const before = lane.tail;
      let done!: () => void;
      lane.tail = new Promise<void>((resolve) => (done = resolve));
      try {
        await before;
        return await fn();
      } finally {
        done();
        lane.count -= 1;
        if (lane.count === 0) lanes.delete(user);
      }
    },
  };
}
