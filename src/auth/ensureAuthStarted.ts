/**
 * Starts the auth lifecycle (supabase-js, ~50 KB gzipped, its own chunk) once.
 * The public pages (landing, legal) render without it; every other screen
 * calls this on mount, and `main.tsx` calls it at once when the app opens on
 * a non-public path.
 */
let started: Promise<void> | null = null;

/** Loads and starts the auth lifecycle; idempotent. */
export function ensureAuthStarted(): Promise<void> {
  started ??= import('./authLifecycle').then(({ startAuth }) => startAuth());
  return started;
}
