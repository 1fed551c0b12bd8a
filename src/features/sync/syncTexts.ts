/**
 * Words of the sync indicator and page (the spec is silent on sync texts;
 * see docs/decisions.md, data/sync). Rejection codes map to plain reasons;
 * the words sync/ itself stores (dead-letter reasons, row kinds) come from
 * sync/texts.ts.
 */
import type { ConnectionState, SyncProblem, SyncStatus } from '../../../sync/status';
import { msg, plural, select, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { currentLocale, i18n } from '../../i18n/i18n';

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
/** `at` with `english`'s options in the language shown (English keeps the formatter as it is). */
function localTime(english: Intl.DateTimeFormat, at: number): string {
  if (currentLocale() === 'en') return english.format(at);
  const { hour, minute, second, month, day } =
    english.resolvedOptions() as Intl.DateTimeFormatOptions;
  return new Intl.DateTimeFormat('es-US', { hour, minute, second, month, day }).format(at);
}

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
  const tag = currentLocale() === 'en' ? 'en-US' : 'es-US';
  DURATION[`${tag}|${unit}`] ??= new Intl.NumberFormat(tag, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  });
  return DURATION[`${tag}|${unit}`]!.format(value);
}

/** "3 minutes ago" (or "in 3 minutes" for a time ahead of the device's clock). */
function relativeText(atMs: number, nowMs: number): string {
  const { value, unit } = strictDistance(atMs, nowMs);
  const f =
    currentLocale() === 'en'
      ? RELATIVE
      : new Intl.RelativeTimeFormat('es-US', { numeric: 'always' });
  return f.format(atMs <= nowMs ? -value : value, unit);
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
  return plural(count, {
    one: '# change saved on this device',
    other: '# changes saved on this device',
  });
}

/** The connection's and the last try's words (`CONNECTION_TEXT`, `PROBLEM_TEXT`) as messages. */
const STATE_WORDS: Record<string, MessageDescriptor> = {
  Offline: msg`Offline`,
  "Can't reach the server": msg`Can't reach the server`,
  Online: msg`Online`,
  'No network': msg`No network`,
  'The server did not answer': msg`The server did not answer`,
  'The server could not take the changes right now': msg`The server could not take the changes right now`,
};

/** `CONNECTION_TEXT[…]` or `PROBLEM_TEXT[…]` in the language shown. */
export function stateWords(text: string): string {
  const m = STATE_WORDS[text];
  return m ? i18n._(m) : text;
}

/** The waiting-changes banner where the browser has no Background Sync (Safari, Firefox). */
export function openAppToSendText(unsynced: number): string {
  return plural(unsynced, {
    one: "Open the app when you're back online to send # change.",
    other: "Open the app when you're back online to send # changes.",
  });
}

/** "3 on this device": the count when the top bar is phone-narrow. */
export function savedOnDeviceShortText(count: number): string {
  return t`${count} on this device`;
}

/** "1 change not accepted" / "3 changes not accepted": changes the server refused. */
export function notAcceptedText(count: number): string {
  return plural(count, { one: '# change not accepted', other: '# changes not accepted' });
}

/** "1 needs attention" / "2 need attention": the top bar's warning, for its label. */
export function needsAttentionText(count: number): string {
  return plural(count, { one: '# needs attention', other: '# need attention' });
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
  const saved = savedOnDeviceText(status.unsynced);
  return t`${saved} for ${waited} have not reached the server yet. Keep this device until they are sent.`;
}

/** "Next try at 10:42:05 (in 12 s)" for an epoch ms, or "Trying now". */
export function nextRetryText(atMs: number, nowMs: number): string {
  const seconds = Math.round((atMs - nowMs) / 1000);
  if (seconds <= 0) return t`Trying again now`;
  const at = localTime(TIME, atMs);
  return t`Next try at ${at} (in ${seconds} s)`;
}

/** "Last successful sync: today at 9:41 AM" or "Never synced yet". */
export function lastSuccessText(lastSyncedAt: string | null): string {
  const at = lastSyncedAt ? new Date(lastSyncedAt).getTime() : NaN;
  if (!Number.isFinite(at)) return t`No successful sync yet`;
  const when = localTime(DAY_TIME, at);
  return t`Last successful sync: ${when}`;
}

/** "Synced 3 minutes ago" / "Synced just now" / "Not synced yet". */
export function lastSyncedText(lastSyncedAt: string | null, nowMs: number): string {
  if (!lastSyncedAt) return t`Not synced yet`;
  const at = new Date(lastSyncedAt).getTime();
  if (!Number.isFinite(at)) return t`Not synced yet`;
  if (nowMs - at < 60_000) return t`Synced just now`;
  const ago = relativeText(at, nowMs);
  return t`Synced ${ago}`;
}

/**
 * What a queued op does to which kind of row: "Edit project", "New file", "Delete quote" (one
 * message per kind, the row's kind as an ICU select: Spanish agrees the adjective with the noun).
 */
export function opText(kind: 'insert' | 'update' | 'delete', table: string): string {
  if (kind === 'insert')
    return select(table, {
      projects: 'New project',
      project_files: 'New file',
      quotes: 'New quote',
      messages: 'New message',
      reviews: 'New review',
      other: 'New profile',
    });
  if (kind === 'update')
    return select(table, {
      projects: 'Edit project',
      project_files: 'Edit file',
      quotes: 'Edit quote',
      messages: 'Edit message',
      reviews: 'Edit review',
      other: 'Edit profile',
    });
  return select(table, {
    projects: 'Delete project',
    project_files: 'Delete file',
    quotes: 'Delete quote',
    messages: 'Delete message',
    reviews: 'Delete review',
    other: 'Delete profile',
  });
}

/** The kind of a synced row in the language shown ("Project", "File"), where no name is known. */
export function tableWords(table: string): string {
  return select(table, {
    projects: 'Project',
    project_files: 'File',
    quotes: 'Quote',
    messages: 'Message',
    reviews: 'Review',
    other: 'Profile',
  });
}
