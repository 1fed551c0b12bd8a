/**
 * The sync page, route /sync: the connection in plain words (never a raw
 * transport error), the last successful sync, the next try with "Try now",
 * changes saved on this device waiting to be sent, changes the server refused
 * (dead letters) with Retry and Discard, and the conflicts log listing what
 * was overwritten, and whether background sync runs on this device and what
 * it last did.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  conflictsRepo,
  deadLettersRepo,
  type ConflictRecord,
  type DeadLetter,
  type OutboxEntry,
} from '../../data';
import { useConflicts, useDeadLetters, usePendingOps, useProject } from '../../hooks';
import { appSession } from '../../app/session';
import { connection } from '../../auth/connection';
import type { SyncStatus } from '../../../sync/status';
import { UNTITLED_PROJECT } from '../../domain/projectLabels';
import { describePath, describeValue } from './describePath';
import {
  CONNECTION_TEXT,
  PROBLEM_TEXT,
  lastSuccessText,
  nextRetryText,
  opKindText,
  rejectionText,
  savedOnDeviceText,
  tableText,
} from './syncTexts';
import { BackgroundSyncBlock } from './BackgroundSyncBlock';
import { useNow } from './useNow';
import { useSyncStatus } from './useSyncStatus';
import './sync.css';

function changedFields(op: OutboxEntry | DeadLetter['op']): string {
  const cols = Object.keys(op.changes).filter(
    (k) => !['id', 'user_id', 'owner_user_id', 'assigned_contractor_id', 'project_id'].includes(k),
  );
  const paths = (op.details_patch ?? []).map((p) => describePath(['details', ...p.path]));
  const all = [...cols.map((c) => describePath([c])), ...paths];
  if (op.kind !== 'update' || all.length === 0) return '';
  return all.length > 3
    ? `${all.slice(0, 3).join(', ')} and ${all.length - 3} more`
    : all.join(', ');
}

function RowName({ table, id, fallback }: { table: string; id: string; fallback?: string }) {
  const project = useProject(table === 'projects' ? id : undefined);
  if (table === 'projects') return <strong>{project?.name || fallback || UNTITLED_PROJECT}</strong>;
  return <strong>{fallback ?? tableText(table)}</strong>;
}

function PendingItem({ op }: { op: OutboxEntry }) {
  const fields = changedFields(op);
  const fileName =
    op.table === 'project_files' ? (op.changes.file_name as string | undefined) : undefined;
  return (
    <li>
      <span>
        {opKindText(op.kind)} {tableText(op.table).toLowerCase()}{' '}
        <RowName table={op.table} id={op.id} fallback={fileName} />
        {fields && <span className="muted"> — {fields}</span>}
        {op.upload && !op.upload.uploaded && (
          <span className="muted"> (file waiting to upload)</span>
        )}
      </span>
      {op.attempts > 0 && <span className="muted">Tried {op.attempts}×, not sent yet</span>}
    </li>
  );
}

function DeadLetterItem({ letter }: { letter: DeadLetter }) {
  const [busy, setBusy] = useState(false);
  const fields = changedFields(letter.op);
  async function act(kind: 'retry' | 'discard') {
    setBusy(true);
    try {
      if (letter.id !== undefined)
        await (kind === 'retry'
          ? deadLettersRepo.retry(letter.id)
          : deadLettersRepo.discard(letter.id));
      appSession.syncNow();
    } finally {
      setBusy(false);
    }
  }
  return (
    <li>
      <span>
        {opKindText(letter.op.kind)} {tableText(letter.op.table).toLowerCase()}{' '}
        <strong>{letter.label}</strong>
        {fields && <span className="muted"> — {fields}</span>}
        <br />
        <span>{rejectionText(letter.code, letter.message)}</span>
      </span>
      <span className="sync-actions">
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy}
          onClick={() => void act('retry')}
        >
          Retry
        </button>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          disabled={busy}
          onClick={() => void act('discard')}
        >
          Discard
        </button>
      </span>
    </li>
  );
}

function ConflictItem({ conflict }: { conflict: ConflictRecord }) {
  const project = useProject(conflict.table === 'projects' ? conflict.rowId : undefined);
  return (
    <li>
      <span>
        <strong>{project?.name || conflict.label}</strong> ·{' '}
        {describePath(conflict.path, project?.details)}
        <span className="sync-values">
          <span className="muted">Other device had</span>
          <span>{describeValue(conflict.serverValue)}</span>
          <span className="muted">Yours (kept)</span>
          <span>{describeValue(conflict.clientValue)}</span>
        </span>
      </span>
      <span className="muted">{new Date(conflict.at).toLocaleString()}</span>
    </li>
  );
}

/** What the connection means for the user's changes. */
function connectionSentence(s: SyncStatus): string {
  if (s.connection === 'offline')
    return 'No network. Changes are kept on this device and sent when you are back online.';
  if (s.connection === 'unreachable')
    return 'The server did not answer. Changes are kept on this device and sent as soon as it does.';
  return s.unsynced > 0
    ? 'Connected to the server. Changes on this device are being sent.'
    : 'Connected to the server.';
}

/** Probes the server and syncs at once (the retry wait is skipped). */
function tryNow(): void {
  void connection.probeNow();
  appSession.syncNow();
}

/** The connection block: state, last success, why the last try failed, the next try and "Try now". */
function ConnectionBlock({ status, now }: { status: SyncStatus; now: number }) {
  const notOk = status.connection !== 'online' || status.problem !== null;
  return (
    <div className="sync-connection" aria-live="polite">
      <span className="sync-connection-state">
        <span className={`sync-dot is-${status.connection}`} aria-hidden="true" />
        {CONNECTION_TEXT[status.connection]}
        {status.unsynced > 0 ? ` · ${savedOnDeviceText(status.unsynced)}` : ''}
      </span>
      <span>{connectionSentence(status)}</span>
      <span className="muted">{lastSuccessText(status.lastSyncedAt)}</span>
      {status.problem && !status.authRequired && (
        <span>Last try: {PROBLEM_TEXT[status.problem]}.</span>
      )}
      {notOk && status.nextRetryAt !== null && (
        <span className="muted">{nextRetryText(status.nextRetryAt, now)}</span>
      )}
      <span>
        <button
          type="button"
          className="btn btn-primary"
          disabled={status.syncing}
          onClick={tryNow}
        >
          {status.syncing ? 'Syncing…' : notOk ? 'Try now' : 'Sync now'}
        </button>
      </span>
    </div>
  );
}

/** Route /sync. */
export function SyncPage() {
  const status = useSyncStatus();
  const now = useNow(1_000);
  const pending = usePendingOps();
  const letters = useDeadLetters();
  const conflicts = useConflicts();
  const unseen = conflicts?.some((c) => c.seen === 0) ?? false;

  useEffect(() => {
    // Looking at the log counts as having seen it: the top-bar badge clears.
    if (unseen) void conflictsRepo.markAllSeen().catch(() => undefined);
  }, [unseen]);

  return (
    <main className="container sync-page">
      <div className="card">
        <h1>Sync</h1>
        <ConnectionBlock status={status} now={now} />
        {status.authRequired && (
          <p className="sync-alert" role="alert">
            Your session has ended. Your unsynced changes are kept on this device.{' '}
            <Link to="/login">Sign in again</Link> to send them.
          </p>
        )}

        <BackgroundSyncBlock />

        <section aria-labelledby="sync-pending">
          <h2 id="sync-pending">Waiting to sync ({pending?.length ?? 0})</h2>
          {pending && pending.length === 0 && (
            // Before the first sync has finished nothing can be called synced yet, only not waiting.
            <p className="muted">
              {status.lastSyncedAt ? 'Everything is synced.' : 'Nothing is waiting on this device.'}
            </p>
          )}
          <ul className="sync-list">
            {pending?.map((op) => (
              <PendingItem key={op.seq} op={op} />
            ))}
          </ul>
        </section>

        <section aria-labelledby="sync-dead">
          <h2 id="sync-dead">Not accepted by the server ({letters?.length ?? 0})</h2>
          {letters && letters.length === 0 && (
            <p className="muted">Nothing needs your attention.</p>
          )}
          <ul className="sync-list">
            {letters?.map((l) => (
              <DeadLetterItem key={l.id} letter={l} />
            ))}
          </ul>
        </section>

        <section aria-labelledby="sync-conflicts">
          <h2 id="sync-conflicts">Overwritten values ({conflicts?.length ?? 0})</h2>
          <p className="muted">
            When two devices changed the same value, the change sent last was kept. These are the
            values it replaced.
          </p>
          {conflicts && conflicts.length > 0 && (
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              onClick={() => void conflictsRepo.clear()}
            >
              Clear log
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
