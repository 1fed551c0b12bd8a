/**
 * Dexie's `useLiveQuery`, held during a signed-in cold start's first screen:
 * while that screen's results are kept (src/hooks/primed.ts), a hook returns
 * its starting result (`initial`, or undefined) and reads nothing; once the
 * screen is painted, every hook subscribes and reads as usual. The cards are
 * then in the first frame, and the live queries' first reads (a dozen
 * IndexedDB transactions) come after it instead of before it.
 */
import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { liveReadsHeld, subscribePrimed } from './primed';

/**
 * `useLiveQuery(querier, deps, initial)`: the result of `querier`, kept up to
 * date with the local database; `initial` until the first result.
 */
export function useLiveRead<T>(querier: () => Promise<T> | T, deps: unknown[]): T | undefined;
export function useLiveRead<T, TInitial>(
  querier: () => Promise<T> | T,
  deps: unknown[],
  initial: TInitial,
): T | TInitial;
export function useLiveRead<T, TInitial>(
  querier: () => Promise<T> | T,
  deps: unknown[],
  initial?: TInitial,
): T | TInitial | undefined {
  const held = useSyncExternalStore(subscribePrimed, liveReadsHeld, liveReadsHeld);
  const read: () => Promise<T | TInitial | undefined> | T | TInitial | undefined = held
    ? () => initial
    : querier;
  return useLiveQuery(read, [...deps, held], initial);
}
