/**
 * The names the page and the service worker share for background sync: the
 * sync tags, the periodic interval and the shape of the last run's record.
 * Free of the engine, so the page registers syncs without loading it.
 */

/** Tag of the one-off Background Sync the page registers when changes wait with no connection. */
export const BACKGROUND_PUSH_TAG = 'refacing-push';
/** Tag of the Periodic Background Sync that keeps an installed app's projects fresh. */
export const BACKGROUND_PULL_TAG = 'refacing-pull';
/** Periodic pull interval asked of the browser (it decides; 12 h at the least). */
export const BACKGROUND_PULL_MIN_INTERVAL_MS = 12 * 60 * 60 * 1000;
/**
 * Message the worker posts to the app's open pages when its run reached the
 * server: a page that still shows "Can't reach the server" probes at once
 * instead of at its next backoff, so its screen agrees with the emptied outbox.
 */
export const SERVER_ANSWERED_MESSAGE = 'refacing-server-answered';

/** What the last background run did (shown on /sync: "3 changes sent at 12:41, app closed"). */
export interface BackgroundSyncRecord {
  /** ISO time the run ended. */
  at: string;
  /** `push`: a one-off sync when the connection returned; `pull`: the periodic refresh. */
  kind: 'push' | 'pull';
  outcome: 'ok' | 'failed' | 'auth-required';
  /** Ops the server answered. */
  pushed: number;
  /** Rows applied from the server. */
  pulled: number;
  /** No page of the app was open. */
  appClosed: boolean;
}
