/**
 * The first screen of a page load, as one signal: what is not needed to draw
 * it (supabase-js and its realtime client, the sync engine and the zod checks
 * of the server's answers, the service worker's registration) waits for
 * `afterFirstScreen()`. A signed-in cold start then fetches only the shell,
 * Dexie and the screen's own chunks before the screen shows, whatever the
 * machine's speed: the gate is an event, not a delay.
 *
 * Who marks: the dashboard when its heading and role show, the protected
 * layout for its other pages once they render. `main.tsx` says at boot
 * whether a mark is coming (`expectMark`, a protected path) or not
 * (`release`, public and sign-in pages: nothing heavy to hold back there).
 * A safety net releases the gate anyway (`SAFETY_NET_MS` after boot) when a
 * screen never shows (an error screen), so sync still starts.
 */

/** Name of the `performance.mark` set when the first screen shows (the bundle test and bench read it). */
export const FIRST_SCREEN_MARK = 'refacing:first-screen';

/** Without a mark (a screen that never shows), the deferred work starts this long after boot anyway. */
export const SAFETY_NET_MS = 10_000;

/** When nobody said whether a mark is coming (tests, other entry points): a short wait from the first ask. */
const UNANNOUNCED_MS = 1_500;

let open: () => void = () => undefined;
let isOpen = false;
const gate = new Promise<void>((resolve) => (open = resolve));
let timer: ReturnType<typeof setTimeout> | undefined;

function release(): void {
  if (isOpen) return;
  isOpen = true;
  if (timer !== undefined) clearTimeout(timer);
  open();
}

function arm(ms: number): void {
  if (isOpen) return;
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(release, ms);
}

export const firstScreen = {
  /** The page opened on a protected screen that will mark itself: only the mark (or the safety net) opens the gate. */
  expectMark(): void {
    arm(SAFETY_NET_MS);
  },
  /** The page opened on a screen that does not mark (public, sign-in): nothing waits. */
  release,
  /** The first screen shows: records `FIRST_SCREEN_MARK` once and opens the gate. */
  shown(): void {
    if (isOpen) return;
    performance.mark(FIRST_SCREEN_MARK);
    release();
  },
};

/** Resolves once the first screen showed (or the page needs no mark, or the safety net passed). */
export function afterFirstScreen(): Promise<void> {
  if (timer === undefined) arm(UNANNOUNCED_MS);
  return gate;
}
