/**
 * Framed cabinet hinges (product rules "Constants and formulas"): hinges per hinged leaf (Door, V-base door,
 * Pantry Top Dr, and by decision Pantry Bott Dr; a split item is two leaves),
 * size 0.5" next to a wall, else the overlay size, grouped by size.
 *
 * How many hinges a leaf gets is the job's hinge rule: the spec's 2 per door
 * (the default), or by door height following the hinge makers' guidance
 * (2 up to 40", 3 up to 60", 4 up to 80", 5 above), thresholds editable per job.
 */
import { PART_INFO, type PartName } from './cabinetTypes';
import { inches, roundHalfUp, type Inches } from './inches';

/** Product rules "Constants and formulas": hinges per hinged leaf (the default rule). */
export const HINGES_PER_LEAF = 2;
/** Product rules "Constants and formulas": hinge size next to a wall, inches. */
export const WALL_HINGE_SIZE_IN = inches(0.5);

/**
 * Finished door heights, inches, up to which a leaf gets 2, 3 and 4 hinges;
 * above the last one it gets 5. Hinge makers' guidance for framed cabinets.
 */
export const DEFAULT_HINGE_HEIGHT_LIMITS: readonly [number, number, number] = [40, 60, 80];

/**
 * The job's hinge count rule, stored with the builder data as
 * `cabinetData.hingeRule`. Absent means `perDoor` (product rules "Constants and formulas").
 * `upTo`: finished heights in inches, strictly ascending, for 2, 3 and 4 hinges.
 */
export type HingeRule =
  { mode: 'perDoor' } | { mode: 'byHeight'; upTo: readonly [number, number, number] };

export const PER_DOOR_RULE: HingeRule = { mode: 'perDoor' };

/** Why a set of height limits cannot be used, in the contractor's words; null when fine. */
export function hingeLimitsError(upTo: readonly number[]): string | null {
  if (upTo.length !== 3 || upTo.some((n) => !Number.isFinite(n) || n <= 0))
    return 'Enter three door heights in inches, each above 0.';
  if (!(upTo[0]! < upTo[1]! && upTo[1]! < upTo[2]!))
    return 'Each height must be larger than the one before.';
  if (upTo[2]! > 240) return 'Door heights above 240" are not cabinet doors.';
  return null;
}

/**
 * Reads a stored hinge rule. Returns `undefined` when none is stored or it is
 * not a known mode (then the spec's 2 per door applies); a by-height rule with
 * unusable limits falls back to the default limits. Never throws.
 */
export function normalizeHingeRule(raw: unknown): HingeRule | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (r.mode === 'perDoor') return { mode: 'perDoor' };
  if (r.mode !== 'byHeight') return undefined;
  const upTo = Array.isArray(r.upTo)
    ? r.upTo.map((v: unknown) => (typeof v === 'string' ? Number(v) : v))
    : [];
  const ok = upTo.every((v) => typeof v === 'number') && hingeLimitsError(upTo) === null;
  return {
    mode: 'byHeight',
    upTo: ok ? (upTo as unknown as [number, number, number]) : DEFAULT_HINGE_HEIGHT_LIMITS,
  };
}

/**
 * Hinges on one leaf of the given finished height (inches) under a rule:
 * `perDoor` → 2; `byHeight` → 2 up to `upTo[0]`, 3 up to `upTo[1]`, 4 up to
 * `upTo[2]`, 5 above ("up to" includes the limit). A missing height counts 2.
 */
export function hingesPerLeaf(
  rule: HingeRule | undefined,
  finishedHeightIn: number | undefined,
): number {
  if (
    !rule ||
    rule.mode === 'perDoor' ||
    finishedHeightIn === undefined ||
    !Number.isFinite(finishedHeightIn)
  )
    return HINGES_PER_LEAF;
  const h = roundHalfUp(finishedHeightIn, 3);
  const [a, b, c] = rule.upTo;
  if (h <= a) return 2;
  if (h <= b) return 3;
  if (h <= c) return 4;
  return 5;
}

/** Hinge size for a leaf, inches: 0.5 next to a wall, else the overlay size. */
export function hingeSize(nextToWall: boolean, overlayIn: number): Inches {
  return nextToWall ? WALL_HINGE_SIZE_IN : inches(overlayIn);
}

export interface HingeLeafSource {
  part: PartName;
  nextToWall: boolean;
  /** Leaves of this item: 2 when split, else 1. */
  quantity: number;
  /** Finished height of the leaf, inches (used by the by-height rule). */
  height?: number;
}

export interface HingeLine {
  /** Hinge (overlay) size, inches. */
  size: Inches;
  quantity: number;
}

/**
 * Groups the hinges of the given leaves by size, smallest size first. Parts
 * that are not hinged (drawer fronts) are skipped. Sizes are grouped at 3
 * decimals so float noise never splits a group. `rule` absent → 2 per leaf.
 */
export function hingeSummary(
  items: Iterable<HingeLeafSource>,
  overlayIn: number,
  rule?: HingeRule,
): HingeLine[] {
  const bySize = new Map<number, number>();
  for (const item of items) {
    if (!PART_INFO[item.part].hinged) continue;
    const size = roundHalfUp(hingeSize(item.nextToWall, overlayIn), 3);
    bySize.set(size, (bySize.get(size) ?? 0) + hingesPerLeaf(rule, item.height) * item.quantity);
  }
  return [...bySize.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([size, quantity]) => ({ size: inches(size), quantity }));
}
