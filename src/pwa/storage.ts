/**
 * Durable storage for offline work: asks the browser not to evict this
 * origin's IndexedDB (after sign-in, when the user has data worth keeping)
 * and reports how much room is used.
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

export interface StorageEstimate {
  usageBytes: number;
  quotaBytes: number;
}

/** The origin's storage use and quota, or null where the browser does not say. */
export async function storageEstimate(): Promise<StorageEstimate | null> {
  try {
    if (!navigator.storage?.estimate) return null;
    const { usage, quota } = await navigator.storage.estimate();
    if (usage === undefined || quota === undefined) return null;
    return { usageBytes: usage, quotaBytes: quota };
  } catch {
    return null;
  }
}

/** "12.3 MB of 1.2 GB" style text for the profile page. */
export function formatStorage(estimate: StorageEstimate): string {
  return `${formatBytes(estimate.usageBytes)} of ${formatBytes(estimate.quotaBytes)}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value >= 10 ? 0 : 1)} ${units[unit]}`;
}
