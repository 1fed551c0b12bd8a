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
    void Promise.all([
      storage.estimate(),
      storage.persisted ? storage.persisted() : Promise.resolve(false),
    ])
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
