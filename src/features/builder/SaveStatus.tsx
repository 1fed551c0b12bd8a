/**
 * The builder's save status, telling the two steps apart: the edit is saved
 * on this device (IndexedDB, works offline), then synced (the server has it).
 * A plain "Saved" must not suggest the office has the measurements.
 * Product rules "States and changes" save states: idle, saving, saved (shown 2 s), error (shown 3 s);
 * the words are ours (docs/decisions.md).
 */
import { useRowUnsynced } from '../../hooks';
import { useBuilderStore, type SaveState } from './builderStore';

/** What the save status says, from the builder's save state, unsaved edits and whether the server has them. */
export function saveStatusText(
  saveState: SaveState,
  dirty: boolean,
  unsynced: boolean | undefined,
): string {
  if (saveState === 'saving') return 'Saving…';
  if (saveState === 'error') return '✗ Save failed';
  if (dirty) return 'Unsaved changes';
  if (unsynced === undefined) return '';
  if (unsynced) return '✓ Saved on this device · not synced yet';
  return saveState === 'saved' ? '✓ Saved and synced' : '✓ Synced';
}

/** The status element (a live region) beside the builder's Save button. */
export function SaveStatus() {
  const saveState = useBuilderStore((s) => s.saveState);
  const dirty = useBuilderStore((s) => s.revision > s.savedRevision);
  const projectId = useBuilderStore((s) => s.projectId);
  const unsynced = useRowUnsynced('projects', projectId);
  const text = saveStatusText(saveState, dirty, unsynced);
  const step =
    saveState === 'saving' || saveState === 'error' || dirty
      ? saveState
      : unsynced
        ? 'device'
        : 'synced';
  return (
    <span
      className={`bld-status bld-status-${saveState} bld-status-${step}`}
      role="status"
      aria-live="polite"
      data-dirty={dirty ? 'true' : 'false'}
    >
      {text}
    </span>
  );
}
