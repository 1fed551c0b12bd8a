/**
 * Checks before ordering: what a door maker would call back about. Red errors
 * keep a part off the order (missing or invalid measurement, a finished size
 * of zero or less, an unknown cabinet type); yellow warnings are orderable
 * but worth a second look, each with the one-line reason a door maker gives.
 * Pure: the builder's navigator, the order page and the CSV all read it.
 * Lengths are inches.
 */
import { orderedCabinets } from './cabinetRows';
import type { CabinetData, CabinetRow } from './cabinetData';
import { doorPairsOf } from './cabinetLayout';
import { PART_INFO, itemKey, partsOf, type PartName } from './cabinetTypes';
import { formatFraction } from './fractions';
import { roundHalfUp } from './inches';
import { itemSize, sizeContext, type ItemSize, type SizeContext } from './itemSize';
import {
  MAX_MEASUREMENT_IN,
  MEASUREMENT_FORMAT_ERROR,
  parseMeasurement,
  type MeasurementKind,
} from './measurementInput';
import { effectiveVerticalReveal } from './overlay';

/** A single (not split) door wider than this sags and swings into the room: suggest a pair. */
export const WIDE_DOOR_IN = 24;
/** A door taller than this needs more than the two hinges the hinge count assumes. */
export const TALL_DOOR_IN = 60;
/** A drawer front lower than this is too short for most five-piece fronts. */
export const LOW_DRAWER_FRONT_IN = 4;
/** A reveal at or above this leaves the doors barely covering the frame. */
export const WIDE_REVEAL_IN = 0.5;

export type CheckLevel = 'error' | 'warning';

export type CheckCode =
  | 'missing-measurement'
  | 'invalid-measurement'
  | 'invalid-size'
  | 'unknown-cabinet-type'
  | 'wide-opening'
  | 'wide-door'
  | 'tall-door'
  | 'low-drawer-front'
  | 'pair-differs'
  | 'wide-reveal'
  | 'missing-style';

/** What a part's check says, as data, for the screens to word in the language shown (`message` is the English). */
export type PartCheckWords =
  | { id: 'not-measured'; field: 'width' | 'height' }
  | { id: 'not-a-size' | 'over-max'; field: 'width' | 'height'; typed: string }
  | { id: 'wide-opening' | 'wide-door' | 'tall-door' | 'low-drawer-front'; size: string }
  | { id: 'invalid-size' };

/** What a check says, as data (see `PartCheckWords`); sizes are tape-measure text (`26 1/2"`). */
export type CheckWords =
  | { id: 'missing-style'; field: 'door style' | 'drawer-front style' | 'color' }
  | { id: 'wide-reveal'; reveal: 'side reveal' | 'vertical reveal'; size: string }
  | { id: 'unknown-type'; cabinet: number; type: string }
  | { id: 'part'; cabinet: number; part: PartName; index: number; says: PartCheckWords }
  | {
      id: 'pair-differs';
      cabinet: number;
      part: PartName;
      a: number;
      b: number;
      sizeA: string;
      sizeB: string;
    };

export interface OrderCheck {
  level: CheckLevel;
  code: CheckCode;
  /** The cabinet row's id, or null for a check on the whole job (the reveal). */
  rowId: string | null;
  /** 1-based cabinet number as the builder shows it, or null for the job. */
  cabinetNumber: number | null;
  /** 0-based part index within the cabinet type, when the check is about one part. */
  index?: number;
  part?: PartName;
  /** One line, with where: `Cabinet 3 Door 1: door 26 1/2" wide — …`. */
  message: string;
  /** The same as data, for a screen in another language. */
  words: CheckWords;
}

/** State of one cabinet in the navigator. */
export type CabinetCheckState = 'complete' | 'missing' | 'error' | 'warning';

export interface CabinetChecks {
  state: CabinetCheckState;
  errors: number;
  warnings: number;
}

export interface JobChecks {
  /** Every check, job-wide ones first, then by cabinet and part. */
  checks: OrderCheck[];
  errors: number;
  warnings: number;
  /** Per cabinet row id. */
  byCabinet: Map<string, CabinetChecks>;
}

function measurementCheck(
  raw: string | undefined,
  kind: MeasurementKind,
  what: 'width' | 'height',
): { code: CheckCode; level: CheckLevel; text: string; says: PartCheckWords } | null {
  const textValue = (raw ?? '').trim();
  const parsed = parseMeasurement(textValue, kind);
  // A stored 0 has always meant "not measured" (the builder's stored format).
  if (parsed.ok ? false : parsed.empty || Number(textValue) === 0) {
    return {
      code: 'missing-measurement',
      level: 'error',
      text: `${what} not measured`,
      says: { id: 'not-measured', field: what },
    };
  }
  if (!parsed.ok) {
    const notSize = parsed.error === MEASUREMENT_FORMAT_ERROR;
    const why = notSize ? 'is not a size' : `is over ${MAX_MEASUREMENT_IN}"`;
    return {
      code: 'invalid-measurement',
      level: 'error',
      text: `${what} “${textValue}” ${why}`,
      says: { id: notSize ? 'not-a-size' : 'over-max', field: what, typed: textValue },
    };
  }
  if (parsed.warning)
    return {
      code: 'wide-opening',
      level: 'warning',
      text: `opening ${formatFraction(parsed.value)} wide — over 60", check the measurement`,
      says: { id: 'wide-opening', size: formatFraction(parsed.value) },
    };
  return null;
}

/**
 * The order's own checks (red): an empty door style (when the order has
 * doors), drawer-front style (when it has drawer fronts) or color, because a
 * door maker cannot make a piece without them. Only the order page lists
 * these; the builder's navigator counts the measurements.
 */
export function checkOrderDetails(
  form: CabinetData['form'],
  has: { doors: boolean; drawerFronts: boolean },
): OrderCheck[] {
  const missing: ('door style' | 'drawer-front style' | 'color')[] = [];
  if (has.doors && !form.door.trim()) missing.push('door style');
  if (has.drawerFronts && !form.drawerFront.trim()) missing.push('drawer-front style');
  if ((has.doors || has.drawerFronts) && !form.color.trim()) missing.push('color');
  return missing.map((what) => ({
    level: 'error',
    code: 'missing-style',
    rowId: null,
    cabinetNumber: null,
    message: `Job: ${what} not entered — a door maker cannot make the pieces without it; enter it under Cabinet Details`,
    words: { id: 'missing-style', field: what },
  }));
}

/** The job-wide checks: a side or vertical reveal of 1/2" or more. */
export function checkJobSettings(form: CabinetData['form']): OrderCheck[] {
  const checks: OrderCheck[] = [];
  const reveals: ['side reveal' | 'vertical reveal', number][] = [
    ['side reveal', form.sideReveal],
    ['vertical reveal', effectiveVerticalReveal(form)],
  ];
  for (const [name, value] of reveals) {
    if (value >= WIDE_REVEAL_IN) {
      checks.push({
        level: 'warning',
        code: 'wide-reveal',
        rowId: null,
        cabinetNumber: null,
        message: `Job: ${name} ${formatFraction(value)} — at 1/2" or more the doors barely cover the face frame; check the reveal`,
        words: { id: 'wide-reveal', reveal: name, size: formatFraction(value) },
      });
    }
  }
  return checks;
}

/** The checks of one cabinet (see `checkOrder`) and its navigator state. `number` is its 1-based position. */
export function checkCabinet(
  ctx: SizeContext,
  row: CabinetRow,
  number: number,
  itemState: CabinetData['itemState'],
): { checks: OrderCheck[]; summary: CabinetChecks } {
  const title = `Cabinet ${number}`;
  const mine: OrderCheck[] = [];
  let missing = false;
  const parts = partsOf(row.type);
  if (!parts) {
    mine.push({
      level: 'error',
      code: 'unknown-cabinet-type',
      rowId: row.id,
      cabinetNumber: number,
      message: `${title}: unknown cabinet type “${row.type || 'no type'}” — not on the order`,
      words: { id: 'unknown-type', cabinet: number, type: row.type },
    });
  } else {
    const sizes: ItemSize[] = [];
    parts.forEach((part, index) => {
      const item = itemState[itemKey(row.id, index)];
      const where = `${title} ${part} ${index + 1}`;
      const add = (level: CheckLevel, code: CheckCode, text: string, says: PartCheckWords) =>
        mine.push({
          level,
          code,
          rowId: row.id,
          cabinetNumber: number,
          index,
          part,
          message: `${where}: ${text}`,
          words: { id: 'part', cabinet: number, part, index, says },
        });
      const w = measurementCheck(item?.width, 'openingWidth', 'width');
      const h = measurementCheck(item?.height, 'openingHeight', 'height');
      for (const c of [w, h]) {
        if (!c) continue;
        if (c.code === 'missing-measurement') missing = true;
        add(c.level, c.code, c.text, c.says);
      }
      const size = itemSize(ctx, part, item);
      sizes[index] = size;
      if (w?.level === 'error' || h?.level === 'error') return;
      if (!size.ok) {
        add('error', 'invalid-size', 'finished size would be zero or negative — not on the order', {
          id: 'invalid-size',
        });
        return;
      }
      const kind = PART_INFO[part].kind;
      if (kind === 'door' && !(item?.splitDoor ?? false) && size.finishedWidthIn > WIDE_DOOR_IN) {
        add(
          'warning',
          'wide-door',
          `door ${formatFraction(size.finishedWidthIn)} wide — a single door over 24" sags and swings far into the room; consider a split pair`,
          { id: 'wide-door', size: formatFraction(size.finishedWidthIn) },
        );
      }
      if (kind === 'door' && size.finishedHeightIn > TALL_DOOR_IN) {
        add(
          'warning',
          'tall-door',
          `door ${formatFraction(size.finishedHeightIn)} tall — over 60" needs 3 or more hinges per leaf (the hinge count has 2)`,
          { id: 'tall-door', size: formatFraction(size.finishedHeightIn) },
        );
      }
      if (kind === 'drawerFront' && size.finishedHeightIn < LOW_DRAWER_FRONT_IN) {
        add(
          'warning',
          'low-drawer-front',
          `drawer front ${formatFraction(size.finishedHeightIn)} high — under 4" is too short for most five-piece fronts; expect a slab`,
          { id: 'low-drawer-front', size: formatFraction(size.finishedHeightIn) },
        );
      }
    });
    for (const [a, b] of doorPairsOf(row.type)) {
      const sa = sizes[a];
      const sb = sizes[b];
      if (!sa?.ok || !sb?.ok) continue;
      const ia = itemState[itemKey(row.id, a)];
      const ib = itemState[itemKey(row.id, b)];
      // A split door is already two matching leaves; it is not one leaf of the pair.
      if ((ia?.splitDoor ?? false) || (ib?.splitDoor ?? false)) continue;
      const compareWidth = (ia?.nextToWall ?? false) === (ib?.nextToWall ?? false);
      const sixteenths = (n: number) => Math.round(roundHalfUp(n * 16, 0));
      const widthDiffers =
        compareWidth && sixteenths(sa.finishedWidthIn) !== sixteenths(sb.finishedWidthIn);
      const heightDiffers = sixteenths(sa.finishedHeightIn) !== sixteenths(sb.finishedHeightIn);
      if (widthDiffers || heightDiffers) {
        mine.push({
          level: 'warning',
          code: 'pair-differs',
          rowId: row.id,
          cabinetNumber: number,
          index: b,
          part: parts[b],
          message: `${title} ${parts[a]} ${a + 1} and ${b + 1}: the pair differs (${formatFraction(sa.finishedWidthIn)} × ${formatFraction(sa.finishedHeightIn)} vs ${formatFraction(sb.finishedWidthIn)} × ${formatFraction(sb.finishedHeightIn)}) — a pair should match; re-measure both openings`,
          words: {
            id: 'pair-differs',
            cabinet: number,
            part: parts[a]!,
            a: a + 1,
            b: b + 1,
            sizeA: `${formatFraction(sa.finishedWidthIn)} × ${formatFraction(sa.finishedHeightIn)}`,
            sizeB: `${formatFraction(sb.finishedWidthIn)} × ${formatFraction(sb.finishedHeightIn)}`,
          },
        });
      }
    }
  }
  const errors = mine.filter((c) => c.level === 'error').length;
  const warnings = mine.length - errors;
  const onlyMissing =
    errors > 0 && mine.every((c) => c.level !== 'error' || c.code === 'missing-measurement');
  return {
    checks: mine,
    summary: {
      state:
        errors > 0
          ? onlyMissing && missing
            ? 'missing'
            : 'error'
          : warnings > 0
            ? 'warning'
            : 'complete',
      errors,
      warnings,
    },
  };
}

/** Puts job-wide and per-cabinet checks together (job-wide first, then in cabinet order). */
export function combineChecks(
  jobWide: OrderCheck[],
  cabinets: { rowId: string; checks: OrderCheck[]; summary: CabinetChecks }[],
): JobChecks {
  const checks = [...jobWide];
  const byCabinet = new Map<string, CabinetChecks>();
  for (const c of cabinets) {
    checks.push(...c.checks);
    byCabinet.set(c.rowId, c.summary);
  }
  const errors = checks.filter((c) => c.level === 'error').length;
  return { checks, errors, warnings: checks.length - errors, byCabinet };
}

/**
 * Runs every check on a job. Errors: a width or height not measured (empty
 * or 0), not a size, or over 120"; a finished size ≤ 0; an unknown cabinet
 * type. Warnings: an opening over 60" wide; a single door wider than 24"; a
 * door taller than 60"; a drawer front under 4" high; the two doors of a
 * pair (neither split) that differ at 1/16" (width is not compared when only
 * one is next to a wall, where the formula narrows it on purpose); a side or
 * vertical reveal of 1/2" or more. Never throws.
 */
export function checkOrder(data: CabinetData): JobChecks {
  const ctx = sizeContext(data);
  return combineChecks(
    checkJobSettings(data.form),
    orderedCabinets(data.cabinets).map((row, i) => ({
      rowId: row.id,
      ...checkCabinet(ctx, row, i + 1, data.itemState),
    })),
  );
}
