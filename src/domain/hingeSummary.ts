/**
 * Framed cabinet hinges (spec §9): 2 hinges per hinged leaf (Door, V-base door,
 * Pantry Top Dr, and by decision Pantry Bott Dr; a split item is two leaves),
 * size 0.5" next to a wall, else the overlay size, grouped by size.
 */
import { PART_INFO, type PartName } from './cabinetTypes';
import { inches, roundHalfUp, type Inches } from './inches';

/** Spec §9: hinges per hinged leaf. */
export const HINGES_PER_LEAF = 2;
/** Spec §9: hinge size next to a wall, inches. */
export const WALL_HINGE_SIZE_IN = inches(0.5);

/** Hinge size for a leaf, inches: 0.5 next to a wall, else the overlay size. */
export function hingeSize(nextToWall: boolean, overlayIn: number): Inches {
  return nextToWall ? WALL_HINGE_SIZE_IN : inches(overlayIn);
}

export interface HingeLeafSource {
  part: PartName;
  nextToWall: boolean;
  /** Leaves of this item: 2 when split, else 1. */
  quantity: number;
}

export interface HingeLine {
  /** Hinge (overlay) size, inches. */
  size: Inches;
  quantity: number;
}

/**
 * Groups the hinges of the given leaves by size, smallest size first. Parts
 * that are not hinged (drawer fronts) are skipped. Sizes are grouped at 3
 * decimals so float noise never splits a group.
 */
export function hingeSummary(items: Iterable<HingeLeafSource>, overlayIn: number): HingeLine[] {
  const bySize = new Map<number, number>();
  for (const item of items) {
    if (!PART_INFO[item.part].hinged) continue;
    const size = roundHalfUp(hingeSize(item.nextToWall, overlayIn), 3);
    bySize.set(size, (bySize.get(size) ?? 0) + HINGES_PER_LEAF * item.quantity);
  }
  return [...bySize.entries()].sort((a, b) => a[0] - b[0]).map(([size, quantity]) => ({ size: inches(size), quantity }));
}
