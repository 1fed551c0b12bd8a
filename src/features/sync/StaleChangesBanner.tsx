/**
 * A banner under the top bar when changes have waited on this device for
 * more than 5 minutes without reaching the server: a dot is easy to miss,
 * and a contractor must not leave the site thinking the office has the
 * measurements. Where the browser cannot sync in the background it says the
 * app must be opened to send them.
 */
import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { changesAreStale, openAppToSendText, staleChangesText } from './syncTexts';
import { useNow } from './useNow';
import { useSyncStatus } from './useSyncStatus';
import './sync.css';

/** The banner, or nothing while changes are recent or sent. */
export function StaleChangesBanner() {
  const s = useSyncStatus();
  const now = useNow(15_000);
  if (!changesAreStale(s, now)) return null;
  return (
    <div className="sync-banner" role="alert">
      <span>
        {staleChangesText(s, now)}
        {/* No Background Sync here (Safari, Firefox): nothing sends them until the app is open. */}
        {!('SyncManager' in window) && ` ${openAppToSendText(s.unsynced)}`}
      </span>
      <Link to="/sync">
        <Trans>See what is waiting</Trans>
      </Link>
    </div>
  );
}
