/**
 * A sync setting kept on this device for developers and the browser tests,
 * never set by the app: `localStorage['refacing.syncIntervalMs']` (at least
 * 1000) replaces the 30 s between pulls.
 */
export function deviceIntervalMs(): number | undefined {
  try {
    const ms = Number(localStorage.getItem('refacing.syncIntervalMs'));
    return ms >= 1000 ? ms : undefined;
  } catch {
    // No storage (Node, or storage blocked): the default.
    return undefined;
  }
}
