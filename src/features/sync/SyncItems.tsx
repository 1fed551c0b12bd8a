/**
 * The rows of the sync page's three lists: a change waiting to be sent, a
 * change the server refused (with Retry and Discard), and an overwritten
 * value from the conflicts log.
 */
import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  deadLettersRepo,
  type ConflictRecord,
  type DeadLetter,
  type OutboxEntry,
} from '../../data';
import { useProject } from '../../hooks';
import { useSyncNow } from '../../hooks/sessionActions';
import { UNTITLED_PROJECT } from '../../domain/projectLabels';
import { describePath, describeValue } from '../../ui/describePath';
import { opText, tableText, tableWords } from './syncTexts';
import { formatDateTime } from '../../i18n/format';
import { domainText } from '../../i18n/domainTexts';
import { refusalText } from '../rowSync/refusalText';

function changedFields(op: OutboxEntry | DeadLetter['op']): string {
  const cols = Object.keys(op.changes).filter(
    (k) => !['id', 'user_id', 'owner_user_id', 'assigned_contractor_id', 'project_id'].includes(k),
  );
  const paths = (op.details_patch ?? []).map((p) => describePath(['details', ...p.path]));
  const all = [...cols.map((c) => describePath([c])), ...paths];
  if (op.kind !== 'update' || all.length === 0) return '';
  if (all.length <= 3) return all.join(', ');
  const first = all.slice(0, 3).join(', ');
  const more = all.length - 3;
  return t`${first} and ${more} more`;
}

/**
 * A stored row label (src/data/rowLabel.ts keeps it in English: the row's kind, "Untitled
 * Project", "Message: …") in the language shown; a name the user wrote stays as written.
 */
function labelWords(table: string, label: string): string {
  if (label === tableText(table)) return tableWords(table);
  if (label === UNTITLED_PROJECT) return domainText(UNTITLED_PROJECT);
  const prefix = `${tableText(table)}: `;
  if (table === 'messages' && label.startsWith(prefix))
    return `${tableWords(table)}: ${label.slice(prefix.length)}`;
  return label;
}

function RowName({ table, id, fallback }: { table: string; id: string; fallback?: string }) {
  const project = useProject(table === 'projects' ? id : undefined);
  if (table === 'projects')
    return <strong>{project?.name || fallback || domainText(UNTITLED_PROJECT)}</strong>;
  return <strong>{fallback ?? tableWords(table)}</strong>;
}

/** One op waiting in the outbox: what it does, to which row, and how often it was tried. */
export function PendingItem({ op }: { op: OutboxEntry }) {
  const fields = changedFields(op);
  const tries = op.attempts;
  const fileName =
    op.table === 'project_files' ? (op.changes.file_name as string | undefined) : undefined;
  return (
    <li>
      <span>
        {opText(op.kind, op.table)} <RowName table={op.table} id={op.id} fallback={fileName} />
        {fields && <span className="muted"> — {fields}</span>}
        {op.upload && !op.upload.uploaded && (
          <span className="muted">
            {' '}
            <Trans>(file waiting to upload)</Trans>
          </span>
        )}
      </span>
      {op.attempts > 0 && (
        <span className="muted">
          <Trans>Tried {tries}×, not sent yet</Trans>
        </span>
      )}
    </li>
  );
}

/** One change the server refused, with why and Retry / Discard. */
export function DeadLetterItem({ letter }: { letter: DeadLetter }) {
  const [busy, setBusy] = useState(false);
  const syncNow = useSyncNow();
  const fields = changedFields(letter.op);
  async function act(kind: 'retry' | 'discard') {
    setBusy(true);
    try {
      if (letter.id !== undefined)
        await (kind === 'retry'
          ? deadLettersRepo.retry(letter.id)
          : deadLettersRepo.discard(letter.id));
      syncNow();
    } finally {
      setBusy(false);
    }
  }
  return (
    <li>
      <span>
        {opText(letter.op.kind, letter.op.table)}{' '}
        <strong>{labelWords(letter.op.table, letter.label)}</strong>
        {fields && <span className="muted"> — {fields}</span>}
        <br />
        <span>{refusalText(letter)}</span>
      </span>
      <span className="sync-actions">
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy}
          onClick={() => void act('retry')}
        >
          <Trans>Retry</Trans>
        </button>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          disabled={busy}
          onClick={() => void act('discard')}
        >
          <Trans>Discard</Trans>
        </button>
      </span>
    </li>
  );
}

/** One overwritten value: the other device's and the kept one. */
export function ConflictItem({ conflict }: { conflict: ConflictRecord }) {
  const project = useProject(conflict.table === 'projects' ? conflict.rowId : undefined);
  return (
    <li>
      <span>
        <strong>{project?.name || labelWords(conflict.table, conflict.label)}</strong> ·{' '}
        {describePath(conflict.path, project?.details)}
        <span className="sync-values">
          <span className="muted">
            <Trans>Other device had</Trans>
          </span>
          <span>{describeValue(conflict.serverValue, conflict.path, project?.details)}</span>
          <span className="muted">
            <Trans>Yours (kept)</Trans>
          </span>
          <span>{describeValue(conflict.clientValue, conflict.path, project?.details)}</span>
        </span>
      </span>
      <span className="muted">{formatDateTime(conflict.at)}</span>
    </li>
  );
}
