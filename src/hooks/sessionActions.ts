/**
 * What screens and online calls may ask of the app's session, without
 * importing the shell: a sync now, the first screen shown, the device
 * forgotten after the account was deleted. The shell's session
 * (`src/app/session.ts`) provides them once, when it is created at boot;
 * until then (a unit test that renders a screen alone) a sync is refused,
 * as when no engine runs, and a shown screen is nobody's business.
 *
 * It imports React alone, so the first screen can carry it: the dashboard
 * and the public pages mark their first screen through it.
 */
import { useCallback } from 'react';

/** The session's side of the calls (src/app/session.ts implements it). */
export interface SessionActions {
  /** Asks the running engine for a sync now; false when none runs. */
  syncNow(): boolean;
  /** The first screen shows its content: what waits for it (sync's code, the worker) may load now. */
  screenShown(): void;
  /** After the account was deleted on the server: closes and deletes the user's local database. */
  forgetDevice(userId: string): Promise<void>;
}

let provided: SessionActions | null = null;

/** Called once by the shell's session; a later call replaces the earlier (one session per page). */
export function provideSessionActions(actions: SessionActions): void {
  provided = actions;
}

/**
 * Asks the running sync engine for a sync now (the "Try now" and "Retry"
 * buttons, after a call that changed who sees what). Returns false when no
 * engine runs (signed out, not started yet).
 */
export function syncNow(): boolean {
  return provided?.syncNow() ?? false;
}

/** `syncNow` for a component: the same function, stable across renders. */
export function useSyncNow(): () => boolean {
  return useCallback(() => syncNow(), []);
}

/** Marks the first screen as shown (the dashboard's list, a public page); idempotent. */
export function markScreenShown(): void {
  provided?.screenShown();
}

/**
 * Closes and deletes `userId`'s local database once the account is gone.
 * Rejects when no session was provided: the data would otherwise stay on
 * the device without anyone noticing.
 */
export function forgetDevice(userId: string): Promise<void> {
  if (!provided) return Promise.reject(new Error('No app session to forget the device with'));
  return provided.forgetDevice(userId);
}
