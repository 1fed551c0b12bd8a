/**
 * Compact top-bar sync widget (issue 5 §3): online/offline, "N unsynced",
 * last synced time, and a warning badge when something needs attention
 * (dead letters, unseen conflicts, sign in again). Links to /sync.
 */
import { Link } from 'react-router-dom';
import { lastSyncedText } from './syncTexts';
import { useNow } from './useNow';
import { useSyncStatus } from './useSyncStatus';
import './sync.css';

/** The widget; the screens work places it in the top bar. */
export function SyncStatusIndicator() {
  const s = useSyncStatus();
  const now = useNow();
  const attention = s.deadLetters + s.conflicts + (s.authRequired ? 1 : 0);
  const state = s.online ? (s.syncing ? 'Syncing…' : 'Online') : 'Offline';
  const detail = s.unsynced > 0 ? `${s.unsynced} unsynced` : lastSyncedText(s.lastSyncedAt, now);
  const label = [state, detail, attention > 0 ? `${attention} need${attention === 1 ? 's' : ''} attention` : ''].filter(Boolean).join(', ');
  return (
    <Link to="/sync" className="sync-indicator btn btn-ghost btn-sm" aria-label={`Sync status: ${label}`} title={label}>
      <span className={`sync-dot ${s.online ? 'is-online' : 'is-offline'}`} aria-hidden="true" />
      <span className="sync-state">{state}</span>
      <span className="sync-detail hide-sm">{detail}</span>
      {attention > 0 && (
        <span className="badge sync-warn" aria-hidden="true">
          {s.authRequired ? 'Sign in' : `! ${attention}`}
        </span>
      )}
    </Link>
  );
}
