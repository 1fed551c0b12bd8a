/**
 * Words about background sync (the spec is silent; see docs/decisions.md):
 * whether this device can send changes with the app closed, and what the
 * last background sync did ("3 changes sent at 12:41 PM, app closed").
 */
import type { BackgroundSyncRecord } from '../../../sync/backgroundTags';

const CLOCK = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

function changes(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'}`;
}

/** Whether this device sends changes with the app closed. */
export function availabilityText(supported: boolean): string {
  return supported
    ? 'Background sync is on for this device: changes saved here are sent when the connection returns, even with the app closed.'
    : "This browser cannot sync in the background. Open the app when you're back online to send your changes.";
}

/** What the last background sync did, with the time it ended and whether the app was open. */
export function backgroundRecordText(record: BackgroundSyncRecord): string {
  const at = CLOCK.format(new Date(record.at));
  const app = record.appClosed ? 'app closed' : 'app open';
  if (record.outcome === 'auth-required')
    return `Sign-in needed at ${at}, ${app}. Your changes are kept on this device.`;
  if (record.outcome === 'failed')
    return `Could not reach the server at ${at}, ${app}. The browser tries again later.`;
  if (record.kind === 'pull')
    return `Projects updated at ${at}${record.pushed > 0 ? ` and ${changes(record.pushed)} sent` : ''}, ${app}`;
  if (record.pushed === 0) return `Nothing to send at ${at}, ${app}`;
  return `${changes(record.pushed)} sent at ${at}, ${app}`;
}
