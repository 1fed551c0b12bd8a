/**
 * Durable storage for offline work: asks the browser not to evict this
 * origin's IndexedDB (after sign-in, when the user has data worth keeping).
 * How much room is used is shown on the profile (useStorageEstimate).
 */
import { usePwaStore } from './pwaStore';

/** Requests persistent storage once; records the answer. Never throws. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    const already = await navigator.storage.persisted();
    const granted = already || (await navigator.storage.persist());
    usePwaStore.setState({ storagePersisted: granted });
    return granted;
  } catch {
    return false;
  }
}
