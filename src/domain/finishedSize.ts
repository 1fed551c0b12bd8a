/**
 * Finished door and drawer-front sizes from measured face-frame openings
 * (product rules "Constants and formulas" "Finished width" and "Finished height"). Every length is inches.
 */
import type { OverlayMode, StileRail } from './cabinetData';
import { PART_INFO, type PartName } from './cabinetTypes';
import { inches, type Inches } from './inches';

/** Product rules "Constants and formulas": the gap taken off each leaf of a split door. */
export const SPLIT_GAP_IN = 0.0625;
/** Product rules "Constants and formulas": the extra reduction of a split, next-to-wall full-overlay leaf. */
export const SPLIT_WALL_REDUCTION_IN = 1.25;

export interface WidthInput {
  overlayMode: OverlayMode;
  /** Overlay size in inches (0.5 for sol). */
  overlayIn: number;
  /** Measured opening width, inches. */
  openingWidthIn: number;
  nextToWall: boolean;
  splitDoor: boolean;
}

/**
 * Finished width of one leaf, inches (product rules "Constants and formulas"):
 * - sol: width + 1; split (width + 1)/2 − 0.0625 (next to wall changes nothing).
 * - fol: 2·overlay + width, minus (overlay − 0.5) next to wall; split
 *   (2·overlay + width)/2 − 0.0625; split and next to wall
 *   (2·overlay + width)/2 − 0.0625 − 1.25.
 * No rounding. Garbage in (NaN) gives NaN out; `itemSize` guards that.
 */
export function finishedWidth(input: WidthInput): Inches {
  const { overlayMode, overlayIn, openingWidthIn, nextToWall, splitDoor } = input;
  if (overlayMode === 'sol') {
    return inches(splitDoor ? (openingWidthIn + 1) / 2 - SPLIT_GAP_IN : openingWidthIn + 1);
  }
  const full = 2 * overlayIn + openingWidthIn;
  if (splitDoor) {
    return inches(full / 2 - SPLIT_GAP_IN - (nextToWall ? SPLIT_WALL_REDUCTION_IN : 0));
  }
  return inches(nextToWall ? full - (overlayIn - 0.5) : full);
}

export interface HeightInput {
  part: PartName;
  /** Measured opening height, inches. */
  openingHeightIn: number;
  /** The item's stile/rail override when present, else the job's. */
  stileRail: Pick<StileRail, 'topRail' | 'botRail' | 'midRail1'>;
  /** Vertical reveal in effect, inches. */
  verticalRevealIn: number;
}

/**
 * Finished height, inches (product rules "Constants and formulas"):
 * - base door, base front, door, front: botRail − vReveal + (midRail1/2 − vReveal/2) + height;
 * - V-base door, and Pantry Bott Dr (decision): botRail − 0.25 + (midRail1/2 − 0.125) + height;
 * - V-base front and Pantry Top Dr: topRail − 0.25 + (midRail1/2 − 0.125) + height.
 * No rounding.
 */
export function finishedHeight(input: HeightInput): Inches {
  const { part, openingHeightIn, stileRail, verticalRevealIn: vr } = input;
  switch (PART_INFO[part].heightFormula) {
    case 'standard':
      return inches(stileRail.botRail - vr + (stileRail.midRail1 / 2 - vr / 2) + openingHeightIn);
    case 'bottomFixed':
      return inches(stileRail.botRail - 0.25 + (stileRail.midRail1 / 2 - 0.125) + openingHeightIn);
    case 'topFixed':
      return inches(stileRail.topRail - 0.25 + (stileRail.midRail1 / 2 - 0.125) + openingHeightIn);
  }
}
