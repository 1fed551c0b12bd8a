import { memo, useId } from 'react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { domainText } from '../../i18n/domainTexts';
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
  if (unsaved.width && unsaved.height) return t`Fix the width and height (not saved)`;
  if (unsaved.width) return t`Fix the width (not saved)`;
  if (unsaved.height) return t`Fix the height (not saved)`;
  return size.ok ? null : domainText(ITEM_SIZE_ERROR_TEXT[size.error]);
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
  const { t } = useLingui();
  return (
    <div
      className="bld-finished"
      aria-live="polite"
      aria-label={t`${label} finished size`}
      role="group"
    >
      <Size
        label={t({ message: 'W', comment: 'width, one letter' })}
        value={ok && size.ok ? size.finishedWidthIn : null}
      />
      <span className="bld-times" aria-hidden="true">
        ×
      </span>
      <Size
        label={t({ message: 'H', comment: 'height, one letter' })}
        value={ok && size.ok ? size.finishedHeightIn : null}
      />
      {ok && size.ok && size.quantity === 2 ? (
        <span className="bld-qty">
          <Trans>× 2 leaves</Trans>
        </span>
      ) : null}
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
  const { t } = useLingui();
  const partName = domainText(part);

  return (
    <fieldset className="bld-part">
      <legend>
        {partName} {partNumber}
      </legend>
      <div className="bld-part-grid">
        <MeasurementField
          id={measureInputId(itemKeyValue, 'width')}
          context={label}
          label={t`Width`}
          kind="openingWidth"
          group="opening"
          value={item?.width ?? ''}
          typed={item?.widthTyped}
          draftField={`${itemKeyValue}:width`}
          onCommit={(width, widthTyped) => setItem(itemKeyValue, { width, widthTyped })}
        />
        <MeasurementField
          id={measureInputId(itemKeyValue, 'height')}
          context={label}
          label={t`Height`}
          kind="openingHeight"
          group="opening"
          value={item?.height ?? ''}
          typed={item?.heightTyped}
          draftField={`${itemKeyValue}:height`}
          onCommit={(height, heightTyped) => setItem(itemKeyValue, { height, heightTyped })}
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
          <span className="visually-hidden">{label} </span>
          <Trans>Next to wall</Trans>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={item?.splitDoor ?? false}
            onChange={(e) => setItem(itemKeyValue, { splitDoor: e.target.checked })}
          />
          <span className="visually-hidden">{label} </span>
          <Trans>Split door</Trans>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={overrideOn}
            onChange={(e) => setOverrideEnabled(itemKeyValue, e.target.checked)}
          />
          <span className="visually-hidden">{label} </span>
          <Trans>Custom stile &amp; rail</Trans>
        </label>
      </div>
      {overrideOn && item?.stileRailOverride ? (
        <div className="bld-override">
          {STILE_RAIL_KEYS.map((key) => (
            <MeasurementField
              key={key}
              context={label}
              label={domainText(STILE_RAIL_LABELS[key])}
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
