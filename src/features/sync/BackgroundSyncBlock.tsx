/**
 * The /sync page's background-sync block: whether this device can send
 * changes with the app closed, and what the last background sync did.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getActiveDb } from '../../data';
import { useActiveUserId } from '../../hooks';
import { LAST_BACKGROUND_SYNC_KEY, type BackgroundSyncRecord } from '../../../sync/backgroundTags';
import { backgroundSyncSupported } from '../../pwa/backgroundSync';
import { availabilityText, backgroundRecordText } from './backgroundTexts';

/** The last background sync's record from the user's database (null when none ran). */
function useLastBackgroundSync(): BackgroundSyncRecord | null | undefined {
  const userId = useActiveUserId();
  return useLiveQuery(async () => {
    const value = (await getActiveDb()?.sync_state.get(LAST_BACKGROUND_SYNC_KEY))?.value;
    return value && typeof value === 'object' && 'at' in value
      ? (value as BackgroundSyncRecord)
      : null;
  }, [userId]);
}

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
