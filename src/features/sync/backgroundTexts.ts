/**
 * Words about background sync (the spec is silent; see docs/decisions.md):
 * whether this device can send changes with the app closed, and what the
 * last background sync did ("3 changes sent at 12:41 PM, app closed"), in
 * the language shown (the time through `Intl`, src/i18n/format.ts).
 */
import { plural, t } from '@lingui/core/macro';
import type { BackgroundSyncRecord } from '../../../sync/backgroundTags';
import { formatTime } from '../../i18n/format';

/** Whether this device sends changes with the app closed. */
export function availabilityText(supported: boolean): string {
  return supported
    ? t`Background sync is on for this device: changes saved here are sent when the connection returns, even with the app closed.`
    : t`This browser cannot sync in the background. Open the app when you're back online to send your changes.`;
}

/** What the last background sync did, with the time it ended and whether the app was open. */
export function backgroundRecordText(record: BackgroundSyncRecord): string {
  const at = formatTime(record.at);
  const app = record.appClosed ? t`app closed` : t`app open`;
  if (record.outcome === 'auth-required')
    return t`Sign-in needed at ${at}, ${app}. Your changes are kept on this device.`;
  if (record.outcome === 'failed')
    return t`Could not reach the server at ${at}, ${app}. The browser tries again later.`;
  if (record.kind === 'pull')
    return record.pushed > 0
      ? plural(record.pushed, {
          one: `Projects updated at ${at} and # change sent, ${app}`,
          other: `Projects updated at ${at} and # changes sent, ${app}`,
        })
      : t`Projects updated at ${at}, ${app}`;
  if (record.pushed === 0) return t`Nothing to send at ${at}, ${app}`;
  return plural(record.pushed, {
    one: `# change sent at ${at}, ${app}`,
    other: `# changes sent at ${at}, ${app}`,
  });
}
