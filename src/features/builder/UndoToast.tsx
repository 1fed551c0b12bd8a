/**
 * Nothing lost by one tap: "Cabinet 6 removed · Undo" after a removal (shown
 * for 12 s, longer than the 10 s a contractor needs to notice), and
 * Ctrl/Cmd+Z / Ctrl/Cmd+Shift+Z (Ctrl+Y) for the builder's edits anywhere on
 * the page. An undo is an edit like any other, so the autosave saves it.
 */
import { useEffect } from 'react';
import { Trans } from '@lingui/react/macro';
import { useBuilderStore } from './builderStore';

/** How long the removal notice with its Undo stays, ms. */
export const REMOVED_NOTICE_MS = 12_000;

export function UndoToast() {
  const removed = useBuilderStore((s) => s.removed);
  const restore = useBuilderStore((s) => s.restoreRemoved);
  const dismiss = useBuilderStore((s) => s.dismissRemoved);
  useEffect(() => {
    if (!removed) return undefined;
    const timer = setTimeout(dismiss, REMOVED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [removed, dismiss]);
  if (!removed) return null;
  const number = removed.number;
  return (
    <div className="bld-toast" role="status">
      <span>
        <Trans>Cabinet {number} removed</Trans>
      </span>
      <span aria-hidden="true">·</span>
      <button type="button" className="btn btn-sm bld-toast-undo" onClick={restore}>
        <Trans>Undo</Trans>
      </button>
    </div>
  );
}

/** Ctrl/Cmd+Z undoes the last builder edit; with Shift (or Ctrl+Y) redoes it. */
export function useUndoShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key !== 'z' && key !== 'y') return;
      e.preventDefault();
      const s = useBuilderStore.getState();
      if (key === 'y' || e.shiftKey) s.redo();
      else s.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
