/**
 * The sync page, route /sync: the connection in plain words (never a raw
 * transport error), the last successful sync, the next try with "Try now",
 * changes saved on this device waiting to be sent, changes the server refused
 * (dead letters) with Retry and Discard, and the conflicts log listing what
 * was overwritten, and whether background sync runs on this device and what
 * it last did.
 */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { conflictsRepo } from '../../data';
import { useConflicts, useDeadLetters, usePendingOps } from '../../hooks';
import { BackgroundSyncBlock } from './BackgroundSyncBlock';
import { ConnectionBlock } from './ConnectionBlock';
import { ConflictItem, DeadLetterItem, PendingItem } from './SyncItems';
import { useNow } from './useNow';
import { useSyncStatus } from './useSyncStatus';
import './sync.css';

/** Route /sync. */
export function SyncPage() {
  const status = useSyncStatus();
  const now = useNow(1_000);
  const pending = usePendingOps();
  const letters = useDeadLetters();
  const conflicts = useConflicts();
  const unseen = conflicts?.some((c) => c.seen === 0) ?? false;
  const waiting = pending?.length ?? 0;
  const refused = letters?.length ?? 0;
  const overwritten = conflicts?.length ?? 0;

  useEffect(() => {
    // Looking at the log counts as having seen it: the top-bar badge clears.
    if (unseen) void conflictsRepo.markAllSeen().catch(() => undefined);
  }, [unseen]);

  return (
    <main className="container sync-page">
      <div className="card">
        <h1>
          <Trans>Sync</Trans>
        </h1>
        <ConnectionBlock status={status} now={now} />
        {status.authRequired && (
          <p className="sync-alert" role="alert">
            <Trans>
              Your session has ended. Your unsynced changes are kept on this device.{' '}
              <Link to="/login">Sign in again</Link> to send them.
            </Trans>
          </p>
        )}

        <BackgroundSyncBlock />

        <section aria-labelledby="sync-pending">
          <h2 id="sync-pending">
            <Trans>Waiting to sync ({waiting})</Trans>
          </h2>
          {pending && pending.length === 0 && (
            // Before the first sync has finished nothing can be called synced yet, only not waiting.
            <p className="muted">
              {status.lastSyncedAt ? (
                <Trans>Everything is synced.</Trans>
              ) : (
                <Trans>Nothing is waiting on this device.</Trans>
              )}
            </p>
          )}
          <ul className="sync-list">
            {pending?.map((op) => (
              <PendingItem key={op.seq} op={op} />
            ))}
          </ul>
        </section>

        <section aria-labelledby="sync-dead">
          <h2 id="sync-dead">
            <Trans>Not accepted by the server ({refused})</Trans>
          </h2>
          {letters && letters.length === 0 && (
            <p className="muted">
              <Trans>Nothing needs your attention.</Trans>
            </p>
          )}
          <ul className="sync-list">
            {letters?.map((l) => (
              <DeadLetterItem key={l.id} letter={l} />
            ))}
          </ul>
        </section>

        <section aria-labelledby="sync-conflicts">
          <h2 id="sync-conflicts">
            <Trans>Overwritten values ({overwritten})</Trans>
          </h2>
          <p className="muted">
            <Trans>
              When two devices changed the same value, the change sent last was kept. These are the
              values it replaced.
            </Trans>
          </p>
          {conflicts && conflicts.length > 0 && (
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              onClick={() => void conflictsRepo.clear()}
            >
              <Trans>Clear log</Trans>
            </button>
          )}
          <ul className="sync-list">
            {conflicts?.map((c) => (
              <ConflictItem key={c.id} conflict={c} />
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
