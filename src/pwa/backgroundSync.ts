/**
 * The page's side of background sync. When changes wait on this device and
 * the server is not reachable, it registers a one-off Background Sync: the
 * browser wakes the service worker when the connection returns, even with
 * the app closed, and the worker sends them (src/sw/backgroundJob.ts). An
 * installed app allowed Periodic Background Sync also gets a pull of the
 * user's projects about every 12 hours (the browser decides when). Where the
 * browser has neither (Safari, Firefox), nothing is registered and the app
 * says the changes go when it is opened again.
 */
import { syncStatus } from '../../sync/status';
import { connection } from '../auth/connection';
import {
  SERVER_ANSWERED_MESSAGE,
  BACKGROUND_PULL_MIN_INTERVAL_MS,
  BACKGROUND_PULL_TAG,
  BACKGROUND_PUSH_TAG,
} from '../../sync/backgroundTags';

/** The Background Sync parts of a registration (not in TypeScript's DOM lib yet). */
interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
  periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void> };
}

/** True where the browser has the Background Sync API (Chromium browsers, installed or not). */
export function backgroundSyncSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'SyncManager' in window
  );
}

/** Asks for the periodic pull where the browser has granted it (an installed app); never throws. */
async function registerPeriodicPull(registration: SyncRegistration): Promise<void> {
  if (!registration.periodicSync || !navigator.permissions) return;
  try {
    const permission = await navigator.permissions.query({
      name: 'periodic-background-sync' as PermissionName,
    });
    if (permission.state !== 'granted') return;
    await registration.periodicSync.register(BACKGROUND_PULL_TAG, {
      minInterval: BACKGROUND_PULL_MIN_INTERVAL_MS,
    });
  } catch {
    // Not allowed here: the dashboard refreshes when the app is opened, as before.
  }
}

/**
 * Watches the sync status: whenever changes are waiting (the outbox gained
 * an op, or the server went out of reach with ops queued) and the server is
 * not answering, registers the one-off sync once until the server answers or
 * the outbox empties. Returns the unsubscribe.
 */
export function startBackgroundSync(registration: ServiceWorkerRegistration): () => void {
  const reg = registration as ServiceWorkerRegistration & SyncRegistration;
  void registerPeriodicPull(reg);
  // The worker reached the server (the outbox it emptied is this page's too): check at once.
  const onMessage = (event: MessageEvent): void => {
    const type = (event.data as { type?: unknown } | null)?.type;
    if (type === SERVER_ANSWERED_MESSAGE && connection.state() !== 'online')
      void connection.probeNow();
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  const sync = reg.sync;
  const stopListening = () => navigator.serviceWorker.removeEventListener('message', onMessage);
  if (!sync) return stopListening;
  let registered = false;
  let lastUnsynced = syncStatus.get().unsynced;
  const check = (): void => {
    const { unsynced, connection } = syncStatus.get();
    const gained = unsynced > lastUnsynced;
    lastUnsynced = unsynced;
    if (unsynced === 0 || connection === 'online') {
      registered = false;
      return;
    }
    if (registered && !gained) return;
    registered = true;
    sync.register(BACKGROUND_PUSH_TAG).catch(() => {
      registered = false;
    });
  };
  check();
  const unsubscribe = syncStatus.subscribe(check);
  return () => {
    unsubscribe();
    stopListening();
  };
}
