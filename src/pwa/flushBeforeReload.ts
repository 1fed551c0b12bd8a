/**
 * Work that must reach IndexedDB before the page reloads for an update (for
 * example the builder's pending autosave). Features register a flush; the
 * update prompt awaits every one before activating the new build, so nothing
 * being typed is lost.
 */
type Flush = () => Promise<void> | void;

const flushes = new Set<Flush>();

/** Registers `fn`; returns the unregister function (call it on unmount). */
export function registerFlushBeforeReload(fn: Flush): () => void {
  flushes.add(fn);
  return () => {
    flushes.delete(fn);
  };
}

/** Runs every registered flush; a failing one does not stop the others. */
export async function flushAllBeforeReload(): Promise<void> {
  await Promise.allSettled([...flushes].map(async (fn) => fn()));
}
