/**
 * First-screen results read before the first render. A signed-in cold start
 * opens the user's database while the route's code loads, and reads what the
 * first screen shows (the profile, then the first page of projects) in the
 * same wait; the read hooks start from these results instead of `undefined`,
 * so the first render already shows the cards instead of waiting for one
 * IndexedDB round trip per hook, one after the other. The live queries then
 * take over as usual. Results are kept only until the first screen is
 * painted (`clearPrimed`, at `afterFirstScreen`).
 *
 * While results are kept, the live queries wait (`liveReadsHeld`, see
 * ./liveRead.ts): their first reads would only find what was just read, and
 * they would run between the first render and its frame.
 */
import type { DataRole } from '../data/types';

const primed = new Map<string, unknown>();
const listeners = new Set<() => void>();
/** Set by the first `clearPrimed`: a read that ends later keeps nothing (it would hold the live queries again). */
let closed = false;

function notify(): void {
  for (const listener of listeners) listener();
}

/** Key of a user's profile read. */
export function profileKey(userId: string | null): string {
  return `profile:${userId ?? ''}`;
}

/** Key of a dashboard projects query (the same fields useProjects depends on). */
export function projectsKey(
  userId: string | null,
  q: { role: DataRole; status?: string; search?: string; limit?: number },
): string {
  return `projects:${userId ?? ''}:${q.role}|${q.status ?? ''}|${q.search ?? ''}|${q.limit ?? ''}`;
}

/** Key of a role's status counts. */
export function countsKey(userId: string | null, role: DataRole): string {
  return `counts:${userId ?? ''}:${role}`;
}

/** Key of the projects shared with a user. */
export function sharedKey(userId: string | null): string {
  return `shared:${userId ?? ''}`;
}

/** Keeps `value` as the starting result of the hook reading `key`; nothing once the kept results were dropped. */
export function primeResult(key: string, value: unknown): void {
  if (closed) return;
  const first = primed.size === 0;
  primed.set(key, value);
  if (first) notify();
}

/** The starting result kept for `key`, or undefined. */
export function primedResult<T>(key: string): T | undefined {
  return primed.get(key) as T | undefined;
}

/** Drops every kept result for good (a page primes once, at boot) and lets the live queries start. */
export function clearPrimed(): void {
  closed = true;
  if (primed.size === 0) return;
  primed.clear();
  notify();
}

/** True while first-screen results are kept: the live queries wait (see the module comment). */
export function liveReadsHeld(): boolean {
  return primed.size > 0;
}

/** Calls `listener` when the first result is kept and when they are dropped; returns the unsubscribe. */
export function subscribePrimed(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
