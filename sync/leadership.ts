/**
 * One tab leads the sync of a user (Web Locks `refacing-sync-<userId>`; every
 * tab leads where locks are unavailable). Followers only write locally and
 * mirror the status.
 */
import type { LockManagerLike } from './platform';

export interface Leadership {
  /** Resolves when this tab has become the leader. */
  ready: Promise<void>;
  isLeader(): boolean;
  /** Gives up (or stops waiting for) the lock. */
  release(): void;
}

/**
 * Waits for the user's sync lock and calls `onLead` once it is held; with
 * `locks` null this tab leads at once.
 */
export function electLeader(
  locks: LockManagerLike | null,
  userId: string,
  onLead: () => void,
): Leadership {
  let leader = false;
  let released = false;
  let releaseLock: () => void = () => {};
  const lockHeld = new Promise<void>((resolve) => (releaseLock = resolve));
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const lead = (): void => {
    if (released) return;
    leader = true;
    onLead();
    resolveReady();
  };
  if (!locks) lead();
  else {
    void locks
      .request(`refacing-sync-${userId}`, async () => {
        lead();
        await lockHeld;
      })
      .catch(() => {});
  }
  return {
    ready,
    isLeader: () => leader,
    release() {
      released = true;
      leader = false;
      releaseLock();
    },
  };
}
