/**
 * The sync page's connection block: the connection in plain words, the last
 * success, why the last try failed, the next try, and "Try now".
 */
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { syncNow } from '../../hooks/sessionActions';
import { connection } from '../../auth/connection';
import type { SyncStatus } from '../../../sync/status';
import {
  CONNECTION_TEXT,
  PROBLEM_TEXT,
  lastSuccessText,
  nextRetryText,
  savedOnDeviceText,
  stateWords,
} from './syncTexts';

/** What the connection means for the user's changes. */
function connectionSentence(s: SyncStatus): string {
  if (s.connection === 'offline')
    return t`No network. Changes are kept on this device and sent when you are back online.`;
  if (s.connection === 'unreachable')
    return t`The server did not answer. Changes are kept on this device and sent as soon as it does.`;
  return s.unsynced > 0
    ? t`Connected to the server. Changes on this device are being sent.`
    : t`Connected to the server.`;
}

/** Probes the server and syncs at once (the retry wait is skipped). */
function tryNow(): void {
  void connection.probeNow();
  syncNow();
}

/** The connection block: state, last success, why the last try failed, the next try and "Try now". */
export function ConnectionBlock({ status, now }: { status: SyncStatus; now: number }) {
  const notOk = status.connection !== 'online' || status.problem !== null;
  const { t } = useLingui();
  const problem = status.problem ? stateWords(PROBLEM_TEXT[status.problem]) : '';
  return (
    <div className="sync-connection" aria-live="polite">
      <span className="sync-connection-state">
        <span className={`sync-dot is-${status.connection}`} aria-hidden="true" />
        {stateWords(CONNECTION_TEXT[status.connection])}
        {status.unsynced > 0 ? ` · ${savedOnDeviceText(status.unsynced)}` : ''}
      </span>
      <span>{connectionSentence(status)}</span>
      <span className="muted">{lastSuccessText(status.lastSyncedAt)}</span>
      {status.problem && !status.authRequired && (
        <span>
          <Trans>Last try: {problem}.</Trans>
        </span>
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
          {status.syncing ? t`Syncing…` : notOk ? t`Try now` : t`Sync now`}
        </button>
      </span>
    </div>
  );
}
