/**
 * The first screen of a page load, as one signal: what is not needed to draw
 * it (supabase-js and its realtime client, the sync engine and the zod checks
 * of the server's answers, the service worker's registration) waits for
 * `afterFirstScreen()`. A signed-in cold start then fetches only the shell,
 * Dexie and the screen's own chunks before the screen shows, whatever the
 * machine's speed: the gate is an event, not a delay.
 *
 * Who marks: the dashboard when its heading and role show, the protected
 * layout for its other pages once they render, the public pages' layout
 * once it renders. `main.tsx` says at boot whether a mark is coming
 * (`expectMark`, a protected or public path) or not (`release`, the sign-in
 * pages, which start auth at once).
 * A safety net releases the gate anyway (`SAFETY_NET_MS` after boot) when a
 * screen never shows (an error screen), so sync still starts.
 *
 * The gate opens once the marked screen is painted, not when it is committed:
 * the work it lets go (auth's chunks, the live queries' first reads, the
 * worker's registration) would otherwise run between React's commit and the
 * browser's first frame, and hold that frame back. A hidden page paints no
 * frame, so the gate opens there without waiting for one (`PAINT_WAIT_MS` at
 * most).
 */

/** Name of the `performance.mark` set when the first screen shows (the bundle test and bench read it). */
export const FIRST_SCREEN_MARK = 'refacing:first-screen';

/** Without a mark (a screen that never shows), the deferred work starts this long after boot anyway. */
export const SAFETY_NET_MS = 10_000;

/** When nobody said whether a mark is coming (tests, other entry points): a short wait from the first ask. */
const UNANNOUNCED_MS = 1_500;

/** The longest the gate waits for the marked screen's frame (a hidden page, a browser that throttles frames). */
export const PAINT_WAIT_MS = 100;

let open: () => void = () => undefined;
let isOpen = false;
const gate = new Promise<void>((resolve) => (open = resolve));
let timer: ReturnType<typeof setTimeout> | undefined;
let marked = false;

/**
 * Calls `done` once the next frame is painted: a task queued from the
 * frame's animation callback runs after that frame's paint. Without frames
 * (a hidden page, no DOM) `done` runs after `PAINT_WAIT_MS` anyway.
 */
function afterNextPaint(done: () => void): void {
  let called = false;
  const once = (): void => {
    if (called) return;
    called = true;
    done();
  };
  setTimeout(once, PAINT_WAIT_MS);
  const visible = typeof document === 'undefined' || document.visibilityState === 'visible';
  if (visible && typeof requestAnimationFrame === 'function')
    requestAnimationFrame(() => setTimeout(once, 0));
}

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
  /** The first screen shows: records `FIRST_SCREEN_MARK` once and opens the gate after its frame is painted. */
  shown(): void {
    if (isOpen || marked) return;
    marked = true;
    performance.mark(FIRST_SCREEN_MARK);
    afterNextPaint(release);
  },
};

/** Resolves once the first screen showed (or the page needs no mark, or the safety net passed). */
export function afterFirstScreen(): Promise<void> {
  if (timer === undefined) arm(UNANNOUNCED_MS);
  return gate;
}
