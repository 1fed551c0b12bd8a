/**
 * One part's finished size from its item state, guarded so that a wrong
 * number never reaches a door order: bad input never yields NaN, Infinity or a negative size; it yields an error
 * value instead, and the part is shown as "—" and left out of the order.
 */
import type { CabinetData, ItemState, OverlayMode, StileRail } from './cabinetData';
import { PART_INFO, type PartName } from './cabinetTypes';
import { finishedHeight, finishedWidth } from './finishedSize';
import { parseInches } from './fractions';
import type { Inches } from './inches';
import { effectiveVerticalReveal, overlaySize } from './overlay';

/** The job-wide values every part's size depends on. */
export interface SizeContext {
  overlayMode: OverlayMode;
  overlayIn: Inches;
  verticalRevealIn: Inches;
  stileRail: StileRail;
}

/** Builds the size context of a job (overlay and vertical reveal derived per product rules "States and changes"). */
export function sizeContext(data: Pick<CabinetData, 'form' | 'stileRail'>): SizeContext {
  return {
    overlayMode: data.form.overlaySelect,
    overlayIn: overlaySize(data.form),
    verticalRevealIn: effectiveVerticalReveal(data.form),
    stileRail: data.stileRail,
  };
}

export type ItemSizeError =
  /** Width empty or 0 (not measured yet). */
  | 'missing-width'
  /** Width is not a number. */
  | 'invalid-width'
  | 'missing-height'
  | 'invalid-height'
  /** The formula gave zero, a negative or a non-finite size (e.g. tiny opening with a large reveal). */
  | 'invalid-size';

export type ItemSize =
  | {
      ok: true;
      finishedWidthIn: Inches;
      finishedHeightIn: Inches;
      /** 2 for a split item (two leaves of this width), else 1. */
      quantity: 1 | 2;
    }
  | { ok: false; error: ItemSizeError };

function measure(
  raw: string | undefined,
  missing: ItemSizeError,
  invalid: ItemSizeError,
): number | ItemSizeError {
  const textValue = (raw ?? '').trim();
  if (textValue === '') return missing;
  const n = parseInches(textValue);
  if (n === null) return invalid;
  if (n === 0) return missing;
  return n;
}

/**
 * Finished size of one part (product rules "Constants and formulas") from its item state (`undefined` when the
 * item was never touched). Uses the item's stileRailOverride when present.
 * Errors are values: see `ItemSizeError`.
 */
export function itemSize(ctx: SizeContext, part: PartName, item: ItemState | undefined): ItemSize {
  const openingWidthIn = measure(item?.width, 'missing-width', 'invalid-width');
  if (typeof openingWidthIn === 'string') return { ok: false, error: openingWidthIn };
  const openingHeightIn = measure(item?.height, 'missing-height', 'invalid-height');
  if (typeof openingHeightIn === 'string') return { ok: false, error: openingHeightIn };
  const nextToWall = item?.nextToWall ?? false;
  const splitDoor = item?.splitDoor ?? false;
  const finishedWidthIn = finishedWidth({
    overlayMode: ctx.overlayMode,
    overlayIn: ctx.overlayIn,
    openingWidthIn,
    nextToWall,
    splitDoor,
  });
  const finishedHeightIn = finishedHeight({
    part,
    openingHeightIn,
    stileRail: item?.stileRailOverride ?? ctx.stileRail,
    verticalRevealIn: ctx.verticalRevealIn,
  });
  if (
    !Number.isFinite(finishedWidthIn) ||
    !Number.isFinite(finishedHeightIn) ||
    finishedWidthIn <= 0 ||
    finishedHeightIn <= 0
  ) {
    return { ok: false, error: 'invalid-size' };
  }
  return { ok: true, finishedWidthIn, finishedHeightIn, quantity: splitDoor ? 2 : 1 };
}

/** Short user-facing text for an item error (not in the spec; see docs/decisions.md). */
export const ITEM_SIZE_ERROR_TEXT: Readonly<Record<ItemSizeError, string>> = {
  'missing-width': 'width not entered',
  'invalid-width': 'width is not a number',
  'missing-height': 'height not entered',
  'invalid-height': 'height is not a number',
  'invalid-size': 'finished size would be zero or negative',
};

/** True for parts that get hinges (product rules "Constants and formulas" plus the Pantry Bott Dr decision). */
export function isHinged(part: PartName): boolean {
  return PART_INFO[part].hinged;
}
