import { useEffect, useState } from 'react';

export interface StorageEstimate {
  /** Bytes used by this origin. */
  usage: number;
  /** Bytes the browser allows this origin. */
  quota: number;
  persisted: boolean;
}

/** `navigator.storage.estimate()` (+ `persisted()`), or null when unsupported or still loading. */
export function useStorageEstimate(): StorageEstimate | null {
  const [estimate, setEstimate] = useState<StorageEstimate | null>(null);
  useEffect(() => {
    let cancelled = false;
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    if (!storage?.estimate) return undefined;
    void Promise.all([storage.estimate(), storage.persisted ? storage.persisted() : Promise.resolve(false)])
      .then(([e, persisted]) => {
        if (!cancelled) setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0, persisted });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return estimate;
}

/**
 * Bytes as a short text a person reads at a glance: "28 B", "3.4 KB",
 * "512 KB", "1.2 MB", "2.5 GB" (1 KB = 1024 B; one decimal below 10 of a unit
 * above bytes). Negative or non-finite input reads "0 B".
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  // 1023.96 KB must not print as "1024 KB"; it is 1.0 MB.
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  if (rounded >= 1024 && unit < units.length - 1) return `1.0 ${units[unit + 1]}`;
  return `${value < 10 ? rounded.toFixed(1) : rounded} ${units[unit]}`;
}
