/**
 * Registers the Workbox service worker built by vite-plugin-pwa
 * (`registerType: 'prompt'`): a new build installs in the background and
 * waits; the user is offered "New version available — Reload"; accepting
 * flushes pending edits to IndexedDB, then activates the new worker and
 * reloads. Checks for a new build every hour. No-op in dev and where service
 * workers are unavailable.
 */
import { Workbox } from 'workbox-window';
import { flushAllBeforeReload } from './flushBeforeReload';
import { usePwaStore, type BeforeInstallPromptEvent } from './pwaStore';
import { syncStatus } from '../../sync/status';

/** Check for updates hourly, so an app left open for days still gets fixes. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** When the background-sync registration loads at the latest (after the first screen's scripts). */
const BACKGROUND_SYNC_START_MS = 10_000;

let registered = false;

export function registerServiceWorker(): void {
  if (registered || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  registered = true;
  console.info(`Refacing build ${__BUILD_ID__}`);
  const wb = new Workbox('/sw.js', { scope: '/' });

  const offerUpdate = (): void => {
    usePwaStore.setState({
      updateWaiting: true,
      applyUpdate: async () => {
        await flushAllBeforeReload();
        // Straight from the browser's registration, not workbox-window's copy of it: an update found
        // by a check this page did not start (the hourly one, another tab's) is waiting there too.
        navigator.serviceWorker.addEventListener(
          'controllerchange',
          () => window.location.reload(),
          { once: true },
        );
        const registration = await navigator.serviceWorker.getRegistration();
        if (registration?.waiting) registration.waiting.postMessage({ type: 'SKIP_WAITING' });
        else window.location.reload();
      },
    });
  };
  wb.addEventListener('waiting', offerUpdate);

  wb.register()
    .then((registration) => {
      if (!registration) return;
      // Changes waiting with no connection go when it returns, even with the app closed. Its code
      // loads when changes first wait offline, or a little after the start (the periodic pull).
      let background = false;
      const startBackground = (): void => {
        if (background) return;
        background = true;
        offWaiting();
        void import('./backgroundSync').then(({ startBackgroundSync }) =>
          startBackgroundSync(registration),
        );
      };
      const offWaiting = syncStatus.subscribe(() => {
        const s = syncStatus.get();
        if (s.unsynced > 0 && s.connection !== 'online') startBackground();
      });
      window.setTimeout(startBackground, BACKGROUND_SYNC_START_MS);
      window.setInterval(() => {
        // Only when the server answers: an update check in lie-fi would just fail.
        if (syncStatus.get().connection === 'online') registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    })
    .catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });

  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    usePwaStore.setState({ installPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => {
    usePwaStore.setState({ installPrompt: null, installed: true });
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isQuotaError(event.reason)) usePwaStore.setState({ storageFull: true });
  });
}

/** True for IndexedDB/Cache "storage full" failures (DOMException or Dexie's wrapper). */
export function isQuotaError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: string; inner?: unknown };
  if (e.name === 'QuotaExceededError') return true;
  return e.inner !== undefined && isQuotaError(e.inner);
}
