/**
 * The builder's save status, telling the steps apart: the edit is saved on
 * this device (IndexedDB, works offline), then synced (the server has it).
 * A plain "Saved" must not suggest the office has the measurements, and
 * "Synced" is said only when nothing of the job waits on the device and
 * the server refused nothing of it: a refused change reads "Not accepted"
 * (the note under the header names the field and why, with Fix / Discard),
 * a text past its limit "Not saved: PO number too long".
 * Product rules "States and changes" save states: idle, saving, saved (shown 2 s), error (shown 3 s);
 * the words are ours (docs/decisions.md).
 */
import { t } from '@lingui/core/macro';
import { useRowSync } from '../../hooks';
import { useBuilderStore, type SaveState } from './builderStore';
import { tooLongJobTexts } from './jobTexts';

/** What the job holds beside the save state: texts past their limits, changes refused, changes waiting. */
export interface JobSyncFacts {
  /** Names of the job's texts past their limits ("PO number"); the draft is not saved meanwhile. */
  tooLong?: readonly string[];
  /** True when the server refused a change of this project (a dead letter). */
  refused?: boolean;
}

/** What the save status says, from the builder's save state, unsaved edits and whether the server has them. */
export function saveStatusText(
  saveState: SaveState,
  dirty: boolean,
  unsynced: boolean | undefined,
  facts: JobSyncFacts = {},
): string {
  if (saveState === 'saving') return t`Saving…`;
  if (saveState === 'error') return t`✗ Save failed`;
  if (facts.tooLong?.length) {
    const fields = facts.tooLong.join(', ');
    return t`✗ Not saved: ${fields} too long`;
  }
  if (dirty) return t`Unsaved changes`;
  if (unsynced === undefined) return '';
  if (facts.refused) return t`! Not accepted by the server`;
  if (unsynced) return t`✓ Saved on this device · not synced yet`;
  return saveState === 'saved' ? t`✓ Saved and synced` : t`✓ Synced`;
}

/** The status element (a live region) beside the builder's Save button. */
export function SaveStatus() {
  const saveState = useBuilderStore((s) => s.saveState);
  const dirty = useBuilderStore((s) => s.revision > s.savedRevision);
  const projectId = useBuilderStore((s) => s.projectId);
  const tooLongKey = useBuilderStore((s) => tooLongJobTexts(s.data).join('|'));
  const sync = useRowSync('projects', projectId);
  const unsynced = sync?.waiting;
  const refused = (sync?.refused.length ?? 0) > 0;
  const tooLong = tooLongKey ? tooLongKey.split('|') : [];
  const text = saveStatusText(saveState, dirty, unsynced, { tooLong, refused });
  const step =
    saveState === 'saving' || saveState === 'error'
      ? saveState
      : tooLong.length
        ? 'error'
        : dirty
          ? saveState
          : refused
            ? 'error'
            : unsynced
              ? 'device'
              : 'synced';
  return (
    <span
      className={`bld-status bld-status-${saveState} bld-status-${step}`}
      role="status"
      aria-live="polite"
      data-dirty={dirty ? 'true' : 'false'}
      title={text}
    >
      {text}
    </span>
  );
}
