/**
 * Whether the server answered the device's last request (the connection
 * monitor's evidence, never `navigator.onLine` alone): the screens whose
 * action only the server can do (accept a quote, request quotes) disable it
 * and say so while this is false.
 */
import { useSyncExternalStore } from 'react';
import { syncStatus } from '../../sync/status';

/** True while the connection state is `online`; re-renders when it changes. */
export function useServerReachable(): boolean {
  return useSyncExternalStore(
    syncStatus.subscribe,
    () => syncStatus.get().connection === 'online',
    () => syncStatus.get().connection === 'online',
  );
}
