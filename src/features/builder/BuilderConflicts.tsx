/**
 * "Changed on another device to …" in the builder: a field the contractor
 * changed here while another device changed it too keeps this draft's value
 * until they choose (builderStore `conflicts`, `resolveConflict`). A part's
 * conflicts show under that part (`PartConflicts`); the job's other fields,
 * the cabinet list and parts of cabinets no longer in this draft show above
 * the cabinets (`BuilderConflicts`).
 */
import { memo } from 'react';
import { t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { i18n } from '../../i18n/i18n';
import { domainText } from '../../i18n/domainTexts';
import { ChangedElsewhere } from '../../ui/ChangedElsewhere';
import { valueAt, type MergeConflict } from '../../data';
import { cabinetIdOfItem, isCabinetConflict } from '../../data/cabinetMerge';
import { STILE_RAIL_LABELS, type CabinetRow, type StileRailKey } from '../../domain/cabinetData';
import { partsOf } from '../../domain/cabinetTypes';
import {
  CABINET_FORM_LABELS,
  CABINET_ITEM_LABELS,
  describeCabinetDataValue,
} from '../../ui/describePath';
import { selectCabinetRows, useBuilderStore } from './builderStore';

function label(
  labels: Readonly<Record<string, MessageDescriptor>>,
  key: string,
): string | undefined {
  const m = labels[key];
  return m ? i18n._(m) : undefined;
}

/**
 * A stored value in the builder's words (describeCabinetDataValue, the one
 * describer the sync log uses too): sizes as fractions, a cabinet's order key
 * as its place ("Cabinet 2 of 5"); a whole cabinet of a removal conflict says
 * it is kept with its sizes.
 */
function inWords(path: readonly string[], value: unknown, rows: readonly CabinetRow[]): string {
  if (path[0] === 'cabinets' && path.length === 2 && value && typeof value === 'object') {
    const type = (value as { type?: unknown }).type;
    const name = typeof type === 'string' && type ? type : t`Cabinet`;
    return t`${name} (kept, with its sizes)`;
  }
  // A blank size reads as nothing here (the sync log says "(empty)").
  if (typeof value === 'string' && value.trim() === '') return '';
  return describeCabinetDataValue(path, value, rows);
}

/** "Cabinet 3 Door 1 Width", "Side Reveal", "Cabinet list". */
export function conflictLabel(path: readonly string[], cabinetRows: readonly CabinetRow[]): string {
  const [section, key, field, deeper] = path;
  if (section === 'form') return label(CABINET_FORM_LABELS, key ?? '') ?? key ?? t`Cabinet Details`;
  if (section === 'stileRail') {
    const name = STILE_RAIL_LABELS[key as StileRailKey];
    return key ? (name ? domainText(name) : key) : t`Stile & Rail`;
  }
  if (section === 'cabinets' && key) {
    const position = cabinetRows.findIndex((r) => r.id === key) + 1;
    const where = position > 0 ? t`Cabinet ${position}` : t`A removed cabinet`;
    return field === 'order' ? t`${where} position` : where;
  }
  if (section === 'cabinets' || section === 'cabinetRows') return t`Cabinet list`;
  if (section === 'notes') return t`Notes`;
  if (section === 'showNotes') return t`Show notes`;
  if (section === 'itemState' && key) {
    const rowId = cabinetIdOfItem(key);
    const index = key.slice(rowId.length + 1);
    const rows = cabinetRows;
    const position = rows.findIndex((r) => r.id === rowId);
    const part = position >= 0 ? partsOf(rows[position]!.type)?.[Number(index)] : undefined;
    const cabinet = position >= 0 ? position + 1 : rowId;
    const words = [
      t`Cabinet ${cabinet}`,
      `${part ? domainText(part) : t`Part`} ${Number(index) + 1}`,
    ];
    if (field) words.push(label(CABINET_ITEM_LABELS, field) ?? field);
    if (field === 'stileRailOverride' && deeper) {
      const name = STILE_RAIL_LABELS[deeper as StileRailKey];
      words.push(name ? domainText(name) : deeper);
    }
    return words.join(' ');
  }
  return t`Cabinets`;
}

/** One notice; reads only its own value and the cabinet list, so typing elsewhere does not re-render it. */
function Notice({ conflict, showLabel }: { conflict: MergeConflict; showLabel: boolean }) {
  const resolve = useBuilderStore((s) => s.resolveConflict);
  // A cabinet conflict reads the cabinet's entry (the same object until it changes): its type says it is kept.
  const mine = useBuilderStore((s) => (s.data ? valueAt(s.data, conflict.path) : conflict.mine));
  const cabinetRows = useBuilderStore(selectCabinetRows);
  const words = (value: unknown) => inWords(conflict.path, value, cabinetRows ?? []);
  return (
    <ChangedElsewhere
      label={conflictLabel(conflict.path, cabinetRows ?? [])}
      theirs={words(conflict.theirs)}
      mine={words(mine)}
      onKeepMine={() => resolve(conflict.path, 'mine')}
      onTakeTheirs={() => resolve(conflict.path, 'theirs')}
      showLabel={showLabel}
    />
  );
}

/** The conflicts of one part, under its fields. */
export const PartConflicts = memo(function PartConflicts({ itemKey }: { itemKey: string }) {
  const conflicts = useBuilderStore((s) => s.conflicts);
  const mine = conflicts.filter((c) => c.path[0] === 'itemState' && c.path[1] === itemKey);
  if (mine.length === 0) return null;
  return (
    <div className="bld-conflicts">
      {mine.map((c) => (
        <Notice key={c.path.join('.')} conflict={c} showLabel />
      ))}
    </div>
  );
});

/** The job's conflicts that belong to no part shown in the draft, above the cabinets. */
export function BuilderConflicts() {
  const conflicts = useBuilderStore((s) => s.conflicts);
  const rows = useBuilderStore(selectCabinetRows);
  // A part is shown while its cabinet is in the draft (PartRow renders its notice).
  const shownRows = new Set((rows ?? []).map((r) => r.id));
  const { t } = useLingui();
  const rest = conflicts.filter(
    (c) =>
      isCabinetConflict(c) ||
      !(c.path[0] === 'itemState' && shownRows.has(cabinetIdOfItem(String(c.path[1])))),
  );
  if (rest.length === 0) return null;
  return (
    <section className="card section-card bld-conflicts" aria-label={t`Changed on another device`}>
      {rest.map((c) => (
        <Notice key={c.path.join('.')} conflict={c} showLabel />
      ))}
    </section>
  );
}
