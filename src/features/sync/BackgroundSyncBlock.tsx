/**
 * The /sync page's background-sync block: whether this device can send
 * changes with the app closed, and what the last background sync did.
 */
import { Trans } from '@lingui/react/macro';
import { useLastBackgroundSync } from '../../hooks';
import { backgroundSyncSupported } from '../../pwa/backgroundSync';
import { availabilityText, backgroundRecordText } from './backgroundTexts';

export function BackgroundSyncBlock() {
  const record = useLastBackgroundSync();
  return (
    <section aria-labelledby="sync-background">
      <h2 id="sync-background">
        <Trans>Background sync</Trans>
      </h2>
      <p>{availabilityText(backgroundSyncSupported())}</p>
      {record && <p>{backgroundRecordText(record)}</p>}
    </section>
  );
}
