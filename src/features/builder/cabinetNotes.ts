/** The per-cabinet check lines the action bar publishes and each cabinet card shows. */
import { create } from 'zustand';
import type { JobChecks } from '../../domain/orderChecks';
import { checkText } from '../../i18n/checkTexts';

/**
 * Each cabinet's checks worth reading at the cabinet (everything but "not
 * measured", which the empty fields already say), one line per check with
 * its level, joined by newlines: a string, so a card re-renders only when
 * its own checks change.
 */
export const useCabinetNotes = create<{ byRow: ReadonlyMap<string, string> }>(() => ({
  byRow: new Map(),
}));

/** Publishes the lines of `checks` for the cards (called by the action bar after each recompute). */
export function publishNotes(checks: JobChecks): void {
  const byRow = new Map<string, string[]>();
  for (const c of checks.checks) {
    if (c.rowId === null || c.code === 'missing-measurement') continue;
    const list = byRow.get(c.rowId) ?? [];
    list.push(`${c.level === 'error' ? '✗' : '⚠'} ${checkText(c.words, undefined, false)}`);
    byRow.set(c.rowId, list);
  }
  useCabinetNotes.setState({ byRow: new Map([...byRow].map(([k, v]) => [k, v.join('\n')])) });
}
