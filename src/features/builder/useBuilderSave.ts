/**
 * Persists the builder draft through the local data layer
 * (`projectsRepo.update(id, { details: { cabinetData } }, { base })`, which
 * writes the row and its outbox entry, so saving works offline). Only what
 * the user changed since the draft's base (the row as the draft last took it
 * in) is sent, so a field another device changed is never sent back. Drives
 * the product rules "States and changes" save states and the silent autosave.
 */
import { useCallback, useEffect, useRef } from 'react';
import { projectsRepo } from '../../data';
import { draftSave, useBuilderStore } from './builderStore';
import { tooLongJobTexts } from './jobTexts';

/** Product rules "States and changes"/"Constants and formulas": changes autosave silently 1.5 s after the last change. */
export const AUTOSAVE_DELAY_MS = 1500;
/** Product rules "States and changes"/"Constants and formulas": "saved" is shown for 2 s. */
export const SAVED_SHOWN_MS = 2000;
/** Product rules "States and changes"/"Constants and formulas": "error" ("✗ Save failed") is shown for 3 s. */
export const ERROR_SHOWN_MS = 3000;

/**
 * Returns `save()` for the Save button (shows saving → saved 2 s, or error 3 s)
 * and runs the autosave: 1.5 s after the last change it saves without showing
 * saving/saved; a failed autosave still shows "✗ Save failed". Pending
 * changes are flushed when the page is left or hidden.
 */
export function useBuilderSave(): { save: () => Promise<void> } {
  const bannerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const run = useCallback(async (silent: boolean) => {
    const state = useBuilderStore.getState();
    const args = draftSave(state);
    if (!args) return;
    // A text past its limit is refused on its field; the draft waits (never cut, never sent).
    if (tooLongJobTexts(state.data).length) {
      if (!silent) state.setSaveState('idle');
      return;
    }
    const { projectId } = args;
    const { revision } = state;
    clearTimeout(bannerTimer.current);
    if (!silent) state.setSaveState('saving');
    try {
      const result = await projectsRepo.update(projectId, args.changes, args.options);
      if (!result.ok) throw new Error(result.code);
      const now = useBuilderStore.getState();
      if (now.projectId !== projectId) return;
      const savedRevision = Math.max(now.savedRevision, revision);
      if (silent) {
        now.setSaveState(now.saveState === 'error' ? 'idle' : now.saveState, savedRevision);
      } else {
        now.setSaveState('saved', savedRevision);
        bannerTimer.current = setTimeout(
          () => useBuilderStore.getState().setSaveState('idle'),
          SAVED_SHOWN_MS,
        );
      }
    } catch {
      useBuilderStore.getState().setSaveState('error');
      bannerTimer.current = setTimeout(
        () => useBuilderStore.getState().setSaveState('idle'),
        ERROR_SHOWN_MS,
      );
    }
  }, []);

  const revision = useBuilderStore((s) => s.revision);
  useEffect(() => {
    if (revision === 0) return undefined;
    const timer = setTimeout(() => {
      const s = useBuilderStore.getState();
      if (s.revision > s.savedRevision) void run(true);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [revision, run]);

  useEffect(() => {
    const flush = () => {
      const s = useBuilderStore.getState();
      if (s.revision > s.savedRevision) void run(true);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
      clearTimeout(bannerTimer.current);
    };
  }, [run]);

  return { save: useCallback(() => run(false), [run]) };
}
