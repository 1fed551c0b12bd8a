/**
 * Opening a big job: the first cabinet cards render at once, the rest follow
 * in small steps at low priority (a 250-cabinet job would otherwise block the
 * first screen for half a second). Anything that needs a card not yet
 * rendered (the navigator, Enter at the last rendered field, Add Cabinet)
 * calls `showAllCabinets` first.
 */
import { startTransition, useEffect } from 'react';
import { create } from 'zustand';

/** Cards rendered with the first screen. */
export const FIRST_CARDS = 10;
/** Cards added per background step. */
export const CARDS_PER_STEP = 30;

export const useCardWindow = create<{ jobKey: string; count: number; all: boolean }>(() => ({
  jobKey: '',
  count: FIRST_CARDS,
  all: false,
}));

/** Renders every cabinet card now (synchronously on the next render). */
export function showAllCabinets(): void {
  if (!useCardWindow.getState().all) useCardWindow.setState({ all: true });
}

/** How many of `total` cards to render; grows in the background until all are shown. Resets when `jobKey` changes. */
export function useCardCount(total: number, jobKey: string): number {
  const st = useCardWindow();
  // A job opened (again) starts from the first cards, from its very first render.
  const fresh = st.jobKey !== jobKey;
  const count = fresh ? FIRST_CARDS : st.count;
  const all = fresh ? false : st.all;
  useEffect(() => {
    useCardWindow.setState({ jobKey, count: FIRST_CARDS, all: false });
    return () => useCardWindow.setState({ jobKey: '', count: FIRST_CARDS, all: false });
  }, [jobKey]);
  const done = all || count >= total;
  useEffect(() => {
    if (done) return undefined;
    // A frame's time between steps, so the screen stays responsive while the rest come in.
    const timer = setTimeout(
      () =>
        startTransition(() => useCardWindow.setState((s) => ({ count: s.count + CARDS_PER_STEP }))),
      16,
    );
    return () => clearTimeout(timer);
  }, [done, count]);
  return done ? total : count;
}
