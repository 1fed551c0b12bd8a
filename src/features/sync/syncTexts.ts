/**
 * Words of the sync indicator and page (the spec is silent on sync texts;
 * see docs/decisions.md, data/sync). Rejection codes map to plain reasons;
 * the words sync/ itself stores (dead-letter reasons, row kinds) come from
 * sync/texts.ts.
 */
import type { ConnectionState, SyncProblem, SyncStatus } from '../../../sync/status';

export { tableText } from '../../../sync/texts';

// The browser's own clock and duration formatting ("10:42:05 AM", "3 minutes ago"): these texts sit
// in the top bar's module, and date-fns would add ~5 KB gzipped to every screen's first load.
const TIME = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});
const DAY_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** Units of a distance between two times, largest first, with their length in minutes (date-fns' strict steps). */
const DISTANCE_UNITS: readonly {
  unit: 'year' | 'month' | 'day' | 'hour' | 'minute';
  minutes: number;
}[] = [
  { unit: 'year', minutes: 525_600 },
  { unit: 'month', minutes: 43_200 },
  { unit: 'day', minutes: 1_440 },
  { unit: 'hour', minutes: 60 },
  { unit: 'minute', minutes: 1 },
];

/** The distance between two epoch ms in one whole unit, as date-fns' `formatDistanceStrict` picks it (rounded). */
function strictDistance(
  fromMs: number,
  toMs: number,
): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const minutes = Math.abs(toMs - fromMs) / 60_000;
  for (const { unit, minutes: size } of DISTANCE_UNITS)
    if (minutes >= size) {
      const value = Math.round(minutes / size);
      // 11.6 months and more read as "1 year", as date-fns words it.
      return unit === 'month' && value === 12 ? { value: 1, unit: 'year' } : { value, unit };
    }
  return { value: Math.round(Math.abs(toMs - fromMs) / 1000), unit: 'second' };
}

const RELATIVE = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });
const DURATION: Record<string, Intl.NumberFormat> = {};

/** "12 minutes", "1 hour": a duration in the browser's own words. */
function durationText(fromMs: number, toMs: number): string {
  const { value, unit } = strictDistance(fromMs, toMs);
  DURATION[unit] ??= new Intl.NumberFormat('en-US', {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  });
  return DURATION[unit].format(value);
}

/** "3 minutes ago" (or "in 3 minutes" for a time ahead of the device's clock). */
function relativeText(atMs: number, nowMs: number): string {
  const { value, unit } = strictDistance(atMs, nowMs);
  return RELATIVE.format(atMs <= nowMs ? -value : value, unit);
}

/** The connection in the top bar's words. */
export const CONNECTION_TEXT: Record<ConnectionState, string> = {
  offline: 'Offline',
  unreachable: "Can't reach the server",
  online: 'Online',
};

/** Why the last attempt failed, in plain words (never the transport's own message). */
export const PROBLEM_TEXT: Record<SyncProblem, string> = {
  'no-network': 'No network',
  'no-answer': 'The server did not answer',
  'server-error': 'The server could not take the changes right now',
};

/** "1 change saved on this device" / "12 changes saved on this device". */
export function savedOnDeviceText(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} saved on this device`;
}

/** The waiting-changes banner where the browser has no Background Sync (Safari, Firefox). */
export function openAppToSendText(unsynced: number): string {
  return `Open the app when you're back online to send ${unsynced} ${unsynced === 1 ? 'change' : 'changes'}.`;
}

/** "3 on this device": the count when the top bar is phone-narrow. */
export function savedOnDeviceShortText(count: number): string {
  return `${count} on this device`;
}

/** Changes wait this long without reaching the server before a banner (not only the dot) says so. */
export const STALE_CHANGES_MS = 5 * 60_000;

/** True when changes have waited on this device for more than STALE_CHANGES_MS. */
export function changesAreStale(
  status: Pick<SyncStatus, 'unsynced' | 'oldestUnsyncedAt'>,
  nowMs: number,
): boolean {
  if (status.unsynced === 0 || !status.oldestUnsyncedAt) return false;
  const since = new Date(status.oldestUnsyncedAt).getTime();
  return Number.isFinite(since) && nowMs - since > STALE_CHANGES_MS;
}

/** The banner's words: how many changes, for how long, and that the server does not have them yet. */
export function staleChangesText(
  status: Pick<SyncStatus, 'unsynced' | 'oldestUnsyncedAt'>,
  nowMs: number,
): string {
  const since = new Date(status.oldestUnsyncedAt ?? nowMs).getTime();
  const waited = durationText(since, nowMs);
  return `${savedOnDeviceText(status.unsynced)} for ${waited} have not reached the server yet. Keep this device until they are sent.`;
}

/** "Next try at 10:42:05 (in 12 s)" for an epoch ms, or "Trying now". */
export function nextRetryText(atMs: number, nowMs: number): string {
  const seconds = Math.round((atMs - nowMs) / 1000);
  if (seconds <= 0) return 'Trying again now';
  return `Next try at ${TIME.format(atMs)} (in ${seconds} s)`;
}

/** "Last successful sync: today at 9:41 AM" or "Never synced yet". */
export function lastSuccessText(lastSyncedAt: string | null): string {
  const at = lastSyncedAt ? new Date(lastSyncedAt).getTime() : NaN;
  if (!Number.isFinite(at)) return 'No successful sync yet';
  return `Last successful sync: ${DAY_TIME.format(new Date(at))}`;
}

/** "Synced 3 minutes ago" / "Synced just now" / "Not synced yet". */
export function lastSyncedText(lastSyncedAt: string | null, nowMs: number): string {
  if (!lastSyncedAt) return 'Not synced yet';
  const at = new Date(lastSyncedAt).getTime();
  if (!Number.isFinite(at)) return 'Not synced yet';
  if (nowMs - at < 60_000) return 'Synced just now';
  return `Synced ${relativeText(at, nowMs)}`;
}

/** "edit", "new", "delete" for a queued op. */
export function opKindText(kind: 'insert' | 'update' | 'delete'): string {
  return kind === 'insert' ? 'New' : kind === 'update' ? 'Edit' : 'Delete';
}
