/** Current time for relative labels ("2 minutes ago"), refreshed every 30 s. */
import { useEffect, useState } from 'react';

/** Epoch ms, updated every `everyMs`. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
