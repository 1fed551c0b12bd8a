/**
 * The builder's list view: one compact row per part (cabinet, part, opening
 * width and height, Next to wall, Split door, finished size), for long jobs
 * where the cards run to many screens. The same fields, tape keypad, checks
 * and undo as the cards: each row edits the same draft through the same
 * store actions, and a cabinet's check lines follow its rows.
 */
import { memo } from 'react';
import { create } from 'zustand';
import type { CabinetRow } from '../../domain/cabinetData';
import { itemKey, partsOf, type PartName } from '../../domain/cabinetTypes';
import { itemSize, type SizeContext } from '../../domain/itemSize';
import { useBuilderStore } from './builderStore';
import { cabinetElementId } from './CabinetCard';
import { measureInputId } from './CabinetDrawing';
import { useCabinetNotes } from './cabinetNotes';
import { MeasurementField } from './MeasurementField';
import { FinishedSize, sizeProblem, useUnsavedFields } from './PartRow';

/** How the builder shows the cabinets on this device. */
export type BuilderView = 'cards' | 'list';

/** localStorage key of the view chosen on this device. */
export const BUILDER_VIEW_KEY = 'refacing:builderView';

function readView(): BuilderView {
  try {
    return localStorage.getItem(BUILDER_VIEW_KEY) === 'list' ? 'list' : 'cards';
  } catch {
    return 'cards';
  }
}

/** The chosen view, remembered per device (a phone may prefer cards, the tablet the list). */
export const useBuilderView = create<{ view: BuilderView; setView: (v: BuilderView) => void }>(
  (set) => ({
    view: typeof localStorage === 'undefined' ? 'cards' : readView(),
    setView: (view) => {
      try {
        localStorage.setItem(BUILDER_VIEW_KEY, view);
      } catch {
        // No storage: the choice lasts for this visit.
      }
      set({ view });
    },
  }),
);

/** Cards / List switch (two toggle buttons). */
export function ViewSwitch() {
  const view = useBuilderView((s) => s.view);
  const setView = useBuilderView((s) => s.setView);
  return (
    <div className="bld-view-switch" role="group" aria-label="Show cabinets as">
      <button
        type="button"
        className="btn btn-sm"
        aria-pressed={view === 'cards'}
        onClick={() => setView('cards')}
      >
        Cards
      </button>
      <button
        type="button"
        className="btn btn-sm"
        aria-pressed={view === 'list'}
        onClick={() => setView('list')}
      >
        List
      </button>
    </div>
  );
}

/** The measured opening's two fields, in column order. */
const OPENING_FIELDS = [
  { key: 'width', label: 'Width', kind: 'openingWidth' },
  { key: 'height', label: 'Height', kind: 'openingHeight' },
] as const;

/** The part's two checkboxes, in column order. */
const PART_CHECKS = [
  { key: 'nextToWall', label: 'Next to wall' },
  { key: 'splitDoor', label: 'Split door' },
] as const;

const PartListRow = memo(function PartListRow({
  itemKeyValue,
  part,
  partNumber,
  cabinetCell,
  label,
  ctx,
  rowId,
}: {
  itemKeyValue: string;
  part: PartName;
  partNumber: number;
  /** "3 · Base 2/1" on the cabinet's first row, "" on the others. */
  cabinetCell: string;
  label: string;
  ctx: SizeContext;
  /** Set on a cabinet's first row: the navigator and Add Cabinet scroll to it. */
  rowId: string | null;
}) {
  const item = useBuilderStore((s) => s.data?.itemState[itemKeyValue]);
  const setItem = useBuilderStore((s) => s.setItem);
  const size = itemSize(ctx, part, item);
  const problem = sizeProblem(size, useUnsavedFields(itemKeyValue));
  return (
    <tr
      className={rowId !== null ? 'bld-list-first' : undefined}
      id={rowId !== null ? cabinetElementId(rowId) : undefined}
    >
      <th scope="row" className="bld-list-cab">
        {cabinetCell}
      </th>
      <td className="bld-list-part">
        {part} {partNumber}
      </td>
      {OPENING_FIELDS.map(({ key, label: fieldLabel, kind }) => (
        <td key={key}>
          <MeasurementField
            id={measureInputId(itemKeyValue, key)}
            context={label}
            label={fieldLabel}
            kind={kind}
            group="opening"
            compact
            value={item?.[key] ?? ''}
            draftField={`${itemKeyValue}:${key}`}
            onCommit={(value) => setItem(itemKeyValue, { [key]: value })}
          />
        </td>
      ))}
      {PART_CHECKS.map(({ key, label: checkLabel }) => (
        <td key={key} className="bld-list-check">
          <label className="check">
            <input
              type="checkbox"
              checked={item?.[key] ?? false}
              onChange={(e) => setItem(itemKeyValue, { [key]: e.target.checked })}
            />
            <span className="visually-hidden">
              {label} {checkLabel}
            </span>
          </label>
        </td>
      ))}
      <td className="bld-list-size">
        <FinishedSize label={label} size={size} problem={problem} />
      </td>
    </tr>
  );
});

const CabinetRows = memo(function CabinetRows({
  row,
  number,
  ctx,
}: {
  row: CabinetRow;
  number: number;
  ctx: SizeContext;
}) {
  const notes = useCabinetNotes((s) => s.byRow.get(row.id) ?? '');
  const parts = partsOf(row.type);
  const title = `Cabinet ${number}`;
  if (!parts)
    return (
      <tr className="bld-list-first" id={cabinetElementId(row.id)}>
        <th scope="row" className="bld-list-cab">
          {number} · {row.type || 'no type'}
        </th>
        <td colSpan={6} className="bld-note-error">
          Unknown cabinet type: left out of the order. Switch to Cards to remove it.
        </td>
      </tr>
    );
  return (
    <>
      {parts.map((part, index) => (
        <PartListRow
          key={index}
          itemKeyValue={itemKey(row.id, index)}
          part={part}
          partNumber={index + 1}
          cabinetCell={index === 0 ? `${number} · ${row.type}` : ''}
          label={`${title} ${part} ${index + 1}`}
          ctx={ctx}
          rowId={index === 0 ? row.id : null}
        />
      ))}
      {notes ? (
        <tr className="bld-list-notes">
          <td colSpan={7}>
            <ul aria-label={`${title} checks`}>
              {notes.split('\n').map((line) => (
                <li
                  key={line}
                  className={line.startsWith('✗') ? 'bld-note-error' : 'bld-note-warn'}
                >
                  {title}: {line}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ) : null}
    </>
  );
});

/** Every part of the job as one compact table (the list view). */
export function PartList({ rows, ctx }: { rows: readonly CabinetRow[]; ctx: SizeContext }) {
  return (
    <div className="card bld-list-wrap">
      <table className="bld-list">
        <caption className="visually-hidden">Parts of every cabinet</caption>
        <thead>
          <tr>
            <th scope="col">Cabinet</th>
            <th scope="col">Part</th>
            <th scope="col">Width</th>
            <th scope="col">Height</th>
            <th scope="col">Next to wall</th>
            <th scope="col">Split</th>
            <th scope="col">Finished size</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <CabinetRows key={row.id} row={row} number={i + 1} ctx={ctx} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
