/**
 * The /sync page's background-sync block: whether this device can send
 * changes with the app closed, and what the last background sync did.
 */
import { useLastBackgroundSync } from '../../hooks';
import { backgroundSyncSupported } from '../../pwa/backgroundSync';
import { availabilityText, backgroundRecordText } from './backgroundTexts';

export function BackgroundSyncBlock() {
  const record = useLastBackgroundSync();
  return (
    <section aria-labelledby="sync-background">
      <h2 id="sync-background">Background sync</h2>
      <p>{availabilityText(backgroundSyncSupported())}</p>
      {record && <p>{backgroundRecordText(record)}</p>}
    </section>
  );
}
