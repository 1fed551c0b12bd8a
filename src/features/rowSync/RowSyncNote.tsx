/**
 * Where one row stands with the server, said where the user is (the
 * dashboard card, the project page, the builder), not only on /sync: a
 * change the server refused reads "Not accepted by the server: <reason> ·
 * Fix / Discard" with the field and why; a change still on the device reads
 * "Saved on this device · not synced yet". Nothing is said when the server
 * has everything (the card stays quiet; the builder's own status says
 * synced). Discard asks first: it drops the user's change for good.
 */
import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSyncNow } from '../../hooks/sessionActions';
import { useRowSync } from '../../hooks';
import type { DeadLetter, SyncTable } from '../../data/types';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { refusalText } from './refusalText';

/** The words of a row's note: refused first, then waiting; null when the server has it all. */
export function rowSyncText(
  state: { refused: readonly DeadLetter[]; waiting: boolean } | undefined,
): string | null {
  if (!state) return null;
  const [first] = state.refused;
  if (first) {
    const more = state.refused.length - 1;
    const why = refusalText(first);
    return more > 0
      ? t`Not accepted by the server: ${why} (and ${more} more)`
      : t`Not accepted by the server: ${why}`;
  }
  return state.waiting ? t`Saved on this device · not synced yet` : null;
}

/** What Discard says before it drops the change: a refused new row goes; an edit goes back to the server's copy. */
function discardMessage(letter: DeadLetter): string {
  return letter.op.kind === 'insert'
    ? t`The server never accepted this. Discarding removes it from this device; it cannot be undone.`
    : t`Your refused change is dropped and the server’s copy comes back. It cannot be undone.`;
}

/**
 * The note for the row `table`/`id`. `onFix` opens the place where the
 * field is fixed (the edit form, the builder's field); without it no Fix
 * button is shown. `compact` keeps it to one short line (cards).
 */
export function RowSyncNote({
  table,
  id,
  onFix,
  fixLabel,
  showWaiting = true,
}: {
  table: SyncTable;
  id: string;
  onFix?: (letter: DeadLetter) => void;
  fixLabel?: string;
  /** Say "Saved on this device · not synced yet" while an edit waits (off where another status says so). */
  showWaiting?: boolean;
}) {
  const { t } = useLingui();
  const state = useRowSync(table, id);
  const [confirming, setConfirming] = useState<DeadLetter | null>(null);
  const syncNow = useSyncNow();
  const text = rowSyncText(state && (showWaiting ? state : { ...state, waiting: false }));
  if (!text || !state) return null;
  const letter = state.refused[0];
  return (
    <div
      className={`row-sync ${letter ? 'row-sync-refused' : 'row-sync-waiting'}`}
      role={letter ? 'alert' : 'status'}
    >
      <span className="row-sync-text">{text}</span>
      {letter ? (
        <span className="row-sync-actions">
          {onFix ? (
            <button type="button" className="btn btn-sm" onClick={() => onFix(letter)}>
              {fixLabel ?? t`Fix`}
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            onClick={() => setConfirming(letter)}
          >
            <Trans>Discard</Trans>
          </button>
        </span>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t`Discard the refused change?`}
          message={discardMessage(confirming)}
          confirmLabel={t`Discard`}
          danger
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            const { deadLettersRepo } = await import('../../data/deadLettersRepo');
            if (confirming.id !== undefined) await deadLettersRepo.discard(confirming.id);
            // Sync now so the server's copy comes back at once (the interval would bring it too).
            syncNow();
            return null;
          }}
        />
      ) : null}
    </div>
  );
}
