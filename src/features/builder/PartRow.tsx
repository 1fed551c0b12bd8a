import { memo, useId } from 'react';
import { STILE_RAIL_KEYS, STILE_RAIL_LABELS } from '../../domain/cabinetData';
import type { PartName } from '../../domain/cabinetTypes';
import { formatDecimal, formatFraction, NO_SIZE } from '../../domain/fractions';
import { ITEM_SIZE_ERROR_TEXT, itemSize, type SizeContext } from '../../domain/itemSize';
import { useBuilderStore } from './builderStore';
import { measureInputId } from './CabinetDrawing';
import { draftFor, draftKeyOf, useFieldDrafts } from './fieldDrafts';
import { MeasurementField } from './MeasurementField';
import { PartConflicts } from './BuilderConflicts';

interface Props {
  itemKeyValue: string;
  part: PartName;
  /** "Cabinet 3 Door 1": prefixes every label for screen readers and tests. */
  label: string;
  /** 1-based number of this part among the cabinet's parts. */
  partNumber: number;
  ctx: SizeContext;
}

function Size({ label, value }: { label: string; value: number | null }) {
  return (
    <div className="bld-size">
      <span className="bld-size-label">{label}</span>
      <span className="bld-frac">{value === null ? NO_SIZE : formatFraction(value)}</span>
      <span className="bld-dec">{value === null ? '' : formatDecimal(value)}</span>
    </div>
  );
}

/**
 * Which of a part's opening fields hold text that is not saved (kept on this
 * device): the finished size names them instead of computing from the last
 * saved size.
 */
export function useUnsavedFields(itemKeyValue: string): { width: boolean; height: boolean } {
  const projectId = useBuilderStore((s) => s.projectId) ?? '';
  const width = useBuilderStore((s) => s.data?.itemState[itemKeyValue]?.width ?? '');
  const height = useBuilderStore((s) => s.data?.itemState[itemKeyValue]?.height ?? '');
  const w = useFieldDrafts(
    (s) => draftFor(s.drafts, draftKeyOf(projectId, `${itemKeyValue}:width`), width) !== null,
  );
  const h = useFieldDrafts(
    (s) => draftFor(s.drafts, draftKeyOf(projectId, `${itemKeyValue}:height`), height) !== null,
  );
  return { width: w, height: h };
}

/** What the finished-size cell says instead of a size: the field to fix, or why it cannot be sized. */
export function sizeProblem(
  size: ReturnType<typeof itemSize>,
  unsaved: { width: boolean; height: boolean },
): string | null {
  if (unsaved.width && unsaved.height) return 'Fix the width and height (not saved)';
  if (unsaved.width) return 'Fix the width (not saved)';
  if (unsaved.height) return 'Fix the height (not saved)';
  return size.ok ? null : ITEM_SIZE_ERROR_TEXT[size.error];
}

/** The finished size of one part, as the card and the list show it. */
export function FinishedSize({
  label,
  size,
  problem,
}: {
  label: string;
  size: ReturnType<typeof itemSize>;
  problem: string | null;
}) {
  const ok = size.ok && problem === null;
  return (
    <div
      className="bld-finished"
      aria-live="polite"
      aria-label={`${label} finished size`}
      role="group"
    >
      <Size label="W" value={ok && size.ok ? size.finishedWidthIn : null} />
      <span className="bld-times" aria-hidden="true">
        ×
      </span>
      <Size label="H" value={ok && size.ok ? size.finishedHeightIn : null} />
      {ok && size.ok && size.quantity === 2 ? <span className="bld-qty">× 2 leaves</span> : null}
      {problem ? <span className="bld-size-error">{problem}</span> : null}
    </div>
  );
}

/**
 * One part of a cabinet: width and height of the opening (tape-measure
 * entry, stored as digits and a decimal point), Next to wall, Split door, the per-item stile/rail
 * override, and the finished size live beside the inputs ("—" when it cannot
 * be computed). Subscribes to its own item only, so a keystroke re-renders
 * one part.
 */
export const PartRow = memo(function PartRow({
  itemKeyValue,
  part,
  label,
  partNumber,
  ctx,
}: Props) {
  const item = useBuilderStore((s) => s.data?.itemState[itemKeyValue]);
  const setItem = useBuilderStore((s) => s.setItem);
  const setOverride = useBuilderStore((s) => s.setItemOverride);
  const setOverrideEnabled = useBuilderStore((s) => s.setOverrideEnabled);
  const id = useId();
  const size = itemSize(ctx, part, item);
  const problem = sizeProblem(size, useUnsavedFields(itemKeyValue));
  const overrideOn = item?.stileRailOverride !== undefined;

  return (
    <fieldset className="bld-part">
      <legend>
        {part} {partNumber}
      </legend>
      <div className="bld-part-grid">
        <MeasurementField
          id={measureInputId(itemKeyValue, 'width')}
          context={label}
          label="Width"
          kind="openingWidth"
          group="opening"
          value={item?.width ?? ''}
          draftField={`${itemKeyValue}:width`}
          onCommit={(width) => setItem(itemKeyValue, { width })}
        />
        <MeasurementField
          id={measureInputId(itemKeyValue, 'height')}
          context={label}
          label="Height"
          kind="openingHeight"
          group="opening"
          value={item?.height ?? ''}
          draftField={`${itemKeyValue}:height`}
          onCommit={(height) => setItem(itemKeyValue, { height })}
        />
        <FinishedSize label={label} size={size} problem={problem} />
      </div>
      <div className="bld-checks">
        <label className="check">
          <input
            type="checkbox"
            checked={item?.nextToWall ?? false}
            onChange={(e) => setItem(itemKeyValue, { nextToWall: e.target.checked })}
          />
          <span className="visually-hidden">{label} </span>Next to wall
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={item?.splitDoor ?? false}
            onChange={(e) => setItem(itemKeyValue, { splitDoor: e.target.checked })}
          />
          <span className="visually-hidden">{label} </span>Split door
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={overrideOn}
            onChange={(e) => setOverrideEnabled(itemKeyValue, e.target.checked)}
          />
          <span className="visually-hidden">{label} </span>Custom stile &amp; rail
        </label>
      </div>
      {overrideOn && item?.stileRailOverride ? (
        <div className="bld-override">
          {STILE_RAIL_KEYS.map((key) => (
            <MeasurementField
              key={key}
              context={label}
              label={STILE_RAIL_LABELS[key]}
              kind="frame"
              group={`override-${id}`}
              draftField={`${itemKeyValue}:override:${key}`}
              value={String(item.stileRailOverride?.[key] ?? 0)}
              onCommit={(v) => setOverride(itemKeyValue, key, Number(v))}
            />
          ))}
        </div>
      ) : null}
      <PartConflicts itemKey={itemKeyValue} />
    </fieldset>
  );
});
