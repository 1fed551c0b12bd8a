import { useEffect, useState } from 'react';

/** Product rules "Constants and formulas": dashboard load timeout 10 s (applied to the local IndexedDB read; docs/decisions.md). */
export const DASHBOARD_LOAD_TIMEOUT_MS = 10_000;

/** True once `loading` has stayed true for `ms` milliseconds; resets when loading ends. */
export function useLoadTimedOut(loading: boolean, ms: number = DASHBOARD_LOAD_TIMEOUT_MS): boolean {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!loading) {
      setTimedOut(false);
      return undefined;
    }
    const t = setTimeout(() => setTimedOut(true), ms);
    return () => clearTimeout(t);
  }, [loading, ms]);
  return timedOut;
}
