/**
 * One sync run at a time per user on this device, across every page and the
 * service worker: a run holds the Web Lock `refacing-sync-run-<userId>`, and
 * a page's run and the worker's background run wait for each other. (The
 * leader lock of leadership.ts only picks which page syncs; the worker is
 * not a page and never leads.) Where Web Locks are missing the run goes
 * ahead: op ids still make a repeated push a duplicate the server answers
 * without applying twice.
 */
import type { LockManagerLike } from './platform';

/** The lock name of `userId`'s sync runs. */
export function runLockName(userId: string): string {
  return `refacing-sync-run-${userId}`;
}

/** Runs `fn` while holding `userId`'s run lock (at once when `locks` is null). */
export async function withRunLock<T>(
  locks: LockManagerLike | null,
  userId: string,
  fn: () => Promise<T>,
): Promise<T> {
  if (!locks) return fn();
  let result: T | undefined;
  await locks.request(runLockName(userId), async () => {
    result = await fn();
  });
  return result as T;
}
