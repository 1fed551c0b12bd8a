/**
 * The builder's list view: one compact row per part (cabinet, part, opening
 * width and height, Next to wall, Split door, finished size), for long jobs
 * where the cards run to many screens. The same fields, tape keypad, checks
 * and undo as the cards: each row edits the same draft through the same
 * store actions, and a cabinet's check lines follow its rows.
 */
import { TYPED_FIELDS } from '../../domain/typedSizes';
import { memo } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { domainText } from '../../i18n/domainTexts';
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
  const { t } = useLingui();
  return (
    <div className="bld-view-switch" role="group" aria-label={t`Show cabinets as`}>
      <button
        type="button"
        className="btn btn-sm"
        aria-pressed={view === 'cards'}
        onClick={() => setView('cards')}
      >
        <Trans>Cards</Trans>
      </button>
      <button
        type="button"
        className="btn btn-sm"
        aria-pressed={view === 'list'}
        onClick={() => setView('list')}
      >
        <Trans>List</Trans>
      </button>
    </div>
  );
}

/** The measured opening's two fields, in column order. */
const OPENING_FIELDS = [
  { key: 'width', label: msg`Width`, kind: 'openingWidth' },
  { key: 'height', label: msg`Height`, kind: 'openingHeight' },
] as const;

/** The part's two checkboxes, in column order. */
const PART_CHECKS = [
  { key: 'nextToWall', label: msg`Next to wall` },
  { key: 'splitDoor', label: msg`Split door` },
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
  const { i18n } = useLingui();
  return (
    <tr
      className={rowId !== null ? 'bld-list-first' : undefined}
      id={rowId !== null ? cabinetElementId(rowId) : undefined}
    >
      <th scope="row" className="bld-list-cab">
        {cabinetCell}
      </th>
      <td className="bld-list-part">
        {domainText(part)} {partNumber}
      </td>
      {OPENING_FIELDS.map(({ key, label: fieldLabel, kind }) => (
        <td key={key}>
          <MeasurementField
            id={measureInputId(itemKeyValue, key)}
            context={label}
            label={i18n._(fieldLabel)}
            kind={kind}
            group="opening"
            compact
            value={item?.[key] ?? ''}
            typed={item?.[TYPED_FIELDS[key]]}
            draftField={`${itemKeyValue}:${key}`}
            onCommit={(value, typed) =>
              setItem(itemKeyValue, { [key]: value, [TYPED_FIELDS[key]]: typed })
            }
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
              {label} {i18n._(checkLabel)}
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
  const { t } = useLingui();
  const title = t`Cabinet ${number}`;
  const typeName = row.type || t`no type`;
  if (!parts)
    return (
      <tr className="bld-list-first" id={cabinetElementId(row.id)}>
        <th scope="row" className="bld-list-cab">
          {number} · {typeName}
        </th>
        <td colSpan={6} className="bld-note-error">
          <Trans>Unknown cabinet type: left out of the order. Switch to Cards to remove it.</Trans>
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
          label={`${title} ${domainText(part)} ${index + 1}`}
          ctx={ctx}
          rowId={index === 0 ? row.id : null}
        />
      ))}
      {notes ? (
        <tr className="bld-list-notes">
          <td colSpan={7}>
            <ul aria-label={t`${title} checks`}>
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
        <caption className="visually-hidden">
          <Trans>Parts of every cabinet</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Cabinet</Trans>
            </th>
            <th scope="col">
              <Trans>Part</Trans>
            </th>
            <th scope="col">
              <Trans>Width</Trans>
            </th>
            <th scope="col">
              <Trans>Height</Trans>
            </th>
            <th scope="col">
              <Trans>Next to wall</Trans>
            </th>
            <th scope="col">
              <Trans>Split</Trans>
            </th>
            <th scope="col">
              <Trans>Finished size</Trans>
            </th>
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
