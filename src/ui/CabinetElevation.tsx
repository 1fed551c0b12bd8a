/**
 * A scale front elevation of one cabinet (SVG, inches as user units): the
 * face frame with its stiles, rails, mid stiles and mid rails; every door and
 * drawer front laid out as the type lays them out, at its finished size and
 * labelled with it in fractions; a split door as two leaves; the hinge side
 * of every hinged leaf; the next-to-wall side hatched and marked "WALL";
 * unmeasured parts dashed. Pure (everything from props): the builder draws it
 * live beside the inputs, the order page prints it.
 */
import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { domainText } from '../i18n/domainTexts';
import type { ItemState } from '../domain/cabinetData';
import { layoutFrame } from '../domain/cabinetLayout';
import { PART_INFO, partsOf } from '../domain/cabinetTypes';
import { formatFraction } from '../domain/fractions';
import { itemSize, type SizeContext } from '../domain/itemSize';
import { parseMeasurement } from '../domain/measurementInput';
import './cabinetElevation.css';

/** The gap drawn between the two leaves of a split door, inches (drawing only). */
const LEAF_GAP = 0.125;
/** Room left and right of the frame for the wall mark, inches. */
const SIDE_ROOM = 3;

interface ElevationProps {
  type: string;
  rowId: string;
  /** The cabinet's items in part order (`undefined` for a part never touched). */
  items: readonly (ItemState | undefined)[];
  ctx: SizeContext;
  /** "Cabinet 3": names the drawing. */
  title: string;
  /** Largest drawn size, CSS pixels. */
  maxWidth: number;
  maxHeight: number;
  /** Called with a part index when a part is tapped (the builder focuses its width). */
  onPart?: (index: number) => void;
}

const frac = (n: number) => formatFraction(n).replace(/"$/, '');

/** The SVG elevation of one cabinet (pure: everything from props). */
export const CabinetElevation = memo(function CabinetElevation({
  type,
  rowId,
  items,
  ctx,
  title,
  maxWidth,
  maxHeight,
  onPart,
}: ElevationProps) {
  // The context's language: the order's document may be printed in another than the app's.
  const { t, i18n } = useLingui();
  const parts = partsOf(type);
  if (!parts) return null;
  const frame = items[0]?.stileRailOverride ?? ctx.stileRail;
  const openings = parts.map((_, i) => {
    const w = parseMeasurement(items[i]?.width ?? '', 'openingWidth');
    const h = parseMeasurement(items[i]?.height ?? '', 'openingHeight');
    return { w: w.ok ? w.value : null, h: h.ok ? h.value : null };
  });
  const layout = layoutFrame(type, openings, frame);
  if (!layout) return null;
  const vbW = layout.width + 2 * SIDE_ROOM;
  const vbH = layout.height + 2;
  const scale = Math.min(maxWidth / vbW, maxHeight / vbH);
  const px = (n: number) => n / scale;
  const strokeW = px(1.25);

  const pieces = layout.openings.map((o) => {
    const part = parts[o.index] ?? 'Door';
    const item = items[o.index];
    const size = itemSize(ctx, part, item);
    const hinged = PART_INFO[part].hinged;
    const nextToWall = item?.nextToWall ?? false;
    const wallSide: 'left' | 'right' = o.atRight && !o.atLeft ? 'right' : 'left';
    const partName = `${domainText(part, i18n)} ${o.index + 1}`;
    const activate = onPart ? () => onPart(o.index) : undefined;
    const common = {
      role: onPart ? 'button' : undefined,
      tabIndex: onPart ? -1 : undefined,
      onClick: activate,
      className: onPart ? 'cd-part cd-tappable' : 'cd-part',
    };
    if (!size.ok) {
      const fs = Math.min(px(11), o.w / 5, o.h / 2.2);
      return (
        <g
          key={o.index}
          {...common}
          aria-label={
            onPart ? t`${partName}: not measured, edit width` : t`${partName}: not measured`
          }
          data-state="unmeasured"
        >
          <rect
            x={o.x}
            y={o.y}
            width={o.w}
            height={o.h}
            className="cd-unmeasured"
            strokeWidth={strokeW}
            strokeDasharray={`${px(5)} ${px(4)}`}
          />
          <text
            x={o.x + o.w / 2}
            y={o.y + o.h / 2}
            fontSize={fs}
            className="cd-label cd-label-missing"
            textAnchor="middle"
            dominantBaseline="middle"
          >
            {partName} ?
          </text>
        </g>
      );
    }
    const leaves = size.quantity;
    const leafW = size.finishedWidthIn;
    const leafH = size.finishedHeightIn;
    // The leaves' gap is drawn at least 3 px wide so a split reads as two doors at any scale.
    const gap = Math.max(LEAF_GAP, px(3));
    const span = leaves === 2 ? 2 * leafW + gap : leafW;
    // Full overlay next to a wall: the wall side keeps a 1/2" overlay (product rules "Constants and formulas"), the rest overlays the far side.
    let left = o.x + o.w / 2 - span / 2;
    if (nextToWall && leaves === 1 && ctx.overlayMode === 'fol')
      left = wallSide === 'left' ? o.x - 0.5 : o.x + o.w + 0.5 - span;
    const top = o.y + o.h / 2 - leafH / 2;
    const fs = Math.min(px(11), leafW / 5.6, leafH / 2.6);
    const rects = Array.from({ length: leaves }, (_, k) => {
      const x = left + k * (leafW + gap);
      // Hinges: a pair on its outer edges; a single door on the wall side when next to a wall, else the left (decision).
      const hingeSide: 'left' | 'right' =
        leaves === 2 ? (k === 0 ? 'left' : 'right') : nextToWall ? wallSide : 'left';
      const hx = hingeSide === 'left' ? x + px(2) : x + leafW - px(2) - px(4);
      const hingeLen = Math.min(3, leafH / 4);
      return (
        <g key={k}>
          <rect
            x={x}
            y={top}
            width={leafW}
            height={leafH}
            className={PART_INFO[part].kind === 'door' ? 'cd-door' : 'cd-front'}
            strokeWidth={strokeW}
          />
          {hinged ? (
            <>
              <rect
                x={hx}
                y={top + Math.min(3, leafH / 6)}
                width={px(4)}
                height={hingeLen}
                className="cd-hinge"
              />
              <rect
                x={hx}
                y={top + leafH - Math.min(3, leafH / 6) - hingeLen}
                width={px(4)}
                height={hingeLen}
                className="cd-hinge"
              />
            </>
          ) : null}
          <text
            x={x + leafW / 2}
            y={top + leafH / 2}
            fontSize={fs}
            className="cd-label"
            textAnchor="middle"
          >
            <tspan x={x + leafW / 2} dy={-fs * 0.15}>
              {frac(leafW)}
            </tspan>
            <tspan x={x + leafW / 2} dy={fs * 1.15}>
              × {frac(leafH)}
            </tspan>
          </text>
        </g>
      );
    });
    return (
      <g
        key={o.index}
        {...common}
        aria-label={`${partName}: ${formatFraction(leafW)} × ${formatFraction(leafH)}${leaves === 2 ? t`, split, 2 leaves` : ''}${onPart ? t`, edit width` : ''}`}
        data-state="sized"
      >
        {rects}
      </g>
    );
  });

  const walls = new Set<'left' | 'right'>();
  for (const o of layout.openings)
    if (items[o.index]?.nextToWall) walls.add(o.atRight && !o.atLeft ? 'right' : 'left');
  const wallMarks = [...walls].map((side) => {
    const x = side === 'left' ? -SIDE_ROOM + 0.4 : layout.width + 0.6;
    const w = SIDE_ROOM - 1;
    return (
      <g
        key={side}
        className="cd-wall"
        aria-label={side === 'left' ? t`Next to wall on the left` : t`Next to wall on the right`}
        role="img"
      >
        <rect
          x={x}
          y={0}
          width={w}
          height={layout.height}
          fill={`url(#cd-hatch-${rowId})`}
          className="cd-wall-band"
        />
        <text
          x={x + w / 2}
          y={layout.height / 2}
          fontSize={Math.min(px(10), w * 0.8)}
          className="cd-wall-text"
          textAnchor="middle"
          transform={`rotate(-90 ${x + w / 2} ${layout.height / 2})`}
        >
          {t({ message: 'WALL', comment: 'the mark on the wall side of a cabinet drawing' })}
        </text>
      </g>
    );
  });

  return (
    <svg
      className="cd-svg"
      role="group"
      aria-label={t`${title} drawing: ${type}`}
      viewBox={`${-SIDE_ROOM} -1 ${vbW} ${vbH}`}
      width={Math.round(vbW * scale)}
      height={Math.round(vbH * scale)}
    >
      <defs>
        <pattern
          id={`cd-hatch-${rowId}`}
          width={1}
          height={1}
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <line x1={0} y1={0} x2={0} y2={1} className="cd-hatch-line" strokeWidth={0.35} />
        </pattern>
      </defs>
      <rect
        x={0}
        y={0}
        width={layout.width}
        height={layout.height}
        className="cd-frame"
        strokeWidth={strokeW}
      />
      {layout.openings.map((o) => (
        <rect
          key={o.index}
          x={o.x}
          y={o.y}
          width={o.w}
          height={o.h}
          className={o.assumed ? 'cd-opening cd-opening-assumed' : 'cd-opening'}
        />
      ))}
      {wallMarks}
      {pieces}
    </svg>
  );
});
