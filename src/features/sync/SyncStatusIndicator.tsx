/**
 * Compact top-bar sync widget: the connection ("Online", "Offline", "Can't
 * reach the server"), how many changes are saved only on this device (or
 * the last sync), and a warning badge when something needs attention (dead
 * letters, unseen conflicts, sign in again). Links to /sync. The dot is
 * green only when the server answers; on a phone the count stays visible.
 */
import { Link } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import {
  CONNECTION_TEXT,
  lastSyncedText,
  needsAttentionText,
  notAcceptedText,
  savedOnDeviceShortText,
  savedOnDeviceText,
  stateWords,
} from './syncTexts';
import type { SyncStatus } from '../../../sync/status';
import { useNow } from './useNow';
import { useSyncStatus } from './useSyncStatus';
import './sync.css';

/**
 * The words after the connection: the changes still on this device; else
 * the changes the server refused (never "Synced just now" while one is);
 * else, unless a sync is running right now (its "Syncing…" says it all, and
 * "Syncing… · Synced just now" contradicts itself), when the last one ended.
 */
export function indicatorDetail(
  s: Pick<SyncStatus, 'unsynced' | 'deadLetters' | 'lastSyncedAt'>,
  syncing: boolean,
  nowMs: number,
): string | null {
  if (s.unsynced > 0) return savedOnDeviceText(s.unsynced);
  if (s.deadLetters > 0) return notAcceptedText(s.deadLetters);
  if (syncing) return null;
  return lastSyncedText(s.lastSyncedAt, nowMs);
}

/** The widget; the top bar places it. */
export function SyncStatusIndicator() {
  const { t } = useLingui();
  const s = useSyncStatus();
  const now = useNow();
  const attention = s.deadLetters + s.conflicts + (s.authRequired ? 1 : 0);
  const syncing = s.connection === 'online' && s.syncing;
  const state = syncing ? t`Syncing…` : stateWords(CONNECTION_TEXT[s.connection]);
  const detail = indicatorDetail(s, syncing, now);
  const text = detail ? `${state} · ${detail}` : state;
  const label = attention > 0 ? `${text}, ${needsAttentionText(attention)}` : text;
  return (
    <Link
      to="/sync"
      className={`sync-indicator btn btn-ghost btn-sm is-${s.connection}`}
      aria-label={t`Sync status: ${label}`}
      title={label}
    >
      <span
        className={`sync-dot is-${s.connection}`}
        aria-hidden="true"
        data-connection={s.connection}
      />
      <span className="sync-text" aria-hidden="true">
        <span className="sync-state">{state}</span>
        {s.unsynced > 0 ? (
          <>
            <span className="sync-detail sync-wide"> · {detail}</span>
            <span className="sync-detail sync-narrow">{savedOnDeviceShortText(s.unsynced)}</span>
          </>
        ) : detail ? (
          <span className="sync-detail sync-wide"> · {detail}</span>
        ) : null}
      </span>
      {attention > 0 && (
        <span className="badge sync-warn" aria-hidden="true">
          {s.authRequired ? t`Sign in` : `! ${attention}`}
        </span>
      )}
    </Link>
  );
}
