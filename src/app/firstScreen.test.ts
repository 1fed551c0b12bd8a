import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the gate (its state is per page). */
async function freshGate() {
  vi.resetModules();
  return import('./firstScreen');
}

/** True when `p` has settled after the pending timers and microtasks ran. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the first-screen gate', () => {
  // Timers only: the mark goes to the real performance timeline.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('on a protected screen, holds what waits until the screen marks itself, and records the mark', async () => {
    const { afterFirstScreen, firstScreen, FIRST_SCREEN_MARK, PAINT_WAIT_MS } = await freshGate();
    performance.clearMarks(FIRST_SCREEN_MARK);
    firstScreen.expectMark();
    const waiting = afterFirstScreen();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await settled(waiting)).toBe(false);
    firstScreen.shown();
    // The mark is at once; the gate waits for the screen's frame (here no frames: the longest wait).
    expect(performance.getEntriesByName(FIRST_SCREEN_MARK, 'mark')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS - 1);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
    // Later screens are no first screen: no second mark.
    firstScreen.shown();
    expect(performance.getEntriesByName(FIRST_SCREEN_MARK, 'mark')).toHaveLength(1);
  });

  it('opens anyway after the safety net when no screen ever shows (an error screen)', async () => {
    const { afterFirstScreen, firstScreen, SAFETY_NET_MS } = await freshGate();
    firstScreen.expectMark();
    const waiting = afterFirstScreen();
    await vi.advanceTimersByTimeAsync(SAFETY_NET_MS - 1);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('does not hold anything on public and sign-in pages', async () => {
    const { afterFirstScreen, firstScreen } = await freshGate();
    firstScreen.release();
    expect(await settled(afterFirstScreen())).toBe(true);
  });
});
