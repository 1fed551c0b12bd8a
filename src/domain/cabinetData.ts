/**
 * The builder's saved state, `project.details.cabinetData` (product rules "Records and their fields"):
 * `form`, `stileRail`, `cabinets` (the map of cabinetRows.ts), `itemState`,
 * `notes`, `showNotes`, and `normalizeCabinetData`, which turns whatever was
 * stored (numbers or numeric strings, missing fields, older shapes such as
 * the `cabinetRows` array) into that state without throwing.
 */
import { z } from 'zod';
import { readCabinets, type CabinetMap } from './cabinetRows';
import { parseInches } from './fractions';
import { normalizeHingeRule, type HingeRule } from './hingeSummary';
import { roundHalfUp } from './inches';
import { typedAgrees } from './typedSizes';

/** Product rules "Records and their fields": overlay mode — sol (standard overlay) or fol (full overlay). */
export type OverlayMode = 'sol' | 'fol';

/** Product rules "Records and their fields" "CabinetData form". Lengths are inches. */
export interface CabinetForm {
  nrs: string;
  door: string;
  drawerFront: string;
  color: string;
  /** The finish the door maker applies (e.g. "Satin lacquer"); "" when not given. */
  finish: string;
  /** The contractor's purchase-order number for this job's order; "" when none. */
  poNumber: string;
  overlaySelect: OverlayMode;
  /** Full-overlay standard option, inches: 1.5, 1.625 or 1.75 (product rules "Constants and formulas"). */
  stdOption: number;
  /** Overlay size in inches, derived (product rules "States and changes"): sol 0.5, fol stdOption − sideReveal to 3 places. */
  olSize: number;
  /** Inches, 0 to 0.5 in 1/16 steps. */
  sideReveal: number;
  /** Inches, 0 to 0.5 in 1/16 steps; follows sideReveal unless vertRevealOverride. */
  verticalReveal: number;
  vertRevealOverride: boolean;
}

/** Product rules "Records and their fields" "stileRail": the eight face-frame dimensions, inches. */
export interface StileRail {
  leftStile: number;
  rightStile: number;
  midStile: number;
  topRail: number;
  botRail: number;
  midRail1: number;
  midRail2: number;
  midRail3: number;
}

export type StileRailKey = keyof StileRail;

/** The eight keys in form order (labels in `STILE_RAIL_LABELS`). */
export const STILE_RAIL_KEYS: readonly StileRailKey[] = [
  'leftStile',
  'rightStile',
  'midStile',
  'topRail',
  'botRail',
  'midRail1',
  'midRail2',
  'midRail3',
];

export const STILE_RAIL_LABELS: Readonly<Record<StileRailKey, string>> = {
  leftStile: 'Left Stile',
  rightStile: 'Right Stile',
  midStile: 'Mid Stile',
  topRail: 'Top Rail',
  botRail: 'Bottom Rail',
  midRail1: 'Mid Rail 1',
  midRail2: 'Mid Rail 2',
  midRail3: 'Mid Rail 3',
};

export type { CabinetEntry, CabinetMap, CabinetRow } from './cabinetRows';
export { readCabinets } from './cabinetRows';

/**
 * Product rules "Records and their fields" "Item state", keyed `rowId_index`. Width and height are the measured
 * face-frame opening as the form holds it (text, inches); `type` is the part
 * name as stored (the math uses the cabinet type's table, not this field).
 */
export interface ItemState {
  width: string;
  height: string;
  /** `width` as its user typed it ("15 5/8", "14,5") when that differs from the stored decimal (typedSizes.ts). */
  widthTyped?: string;
  /** `height` as typed, like `widthTyped`. */
  heightTyped?: string;
  nextToWall: boolean;
  splitDoor: boolean;
  type: string;
  stileRailOverride?: StileRail;
}

export interface CabinetData {
  form: CabinetForm;
  stileRail: StileRail;
  /** Cabinet id → type and order key (cabinetRows.ts); read in list order with `orderedCabinets`. */
  cabinets: CabinetMap;
  itemState: Record<string, ItemState>;
  notes: string;
  showNotes: boolean;
  /** The job's hinge count rule; absent means the spec's 2 per door. */
  hingeRule?: HingeRule;
}

/** Product rules "Constants and formulas": full-overlay standard option default. */
export const DEFAULT_STD_OPTION = 1.5;
/** Product rules "Input checks": loaded stile and rail values fall back to 1.5 … */
export const FALLBACK_STILE_RAIL = 1.5;
/** … and the mid stile to 3. */
export const FALLBACK_MID_STILE = 3;

/** Product rules "Constants and formulas": default stile and rail widths equal the standard option, mid stile twice it. */
export function stileRailFor(stdOption: number): StileRail {
  return {
    leftStile: stdOption,
    rightStile: stdOption,
    midStile: stdOption * 2,
    topRail: stdOption,
    botRail: stdOption,
    midRail1: stdOption,
    midRail2: stdOption,
    midRail3: stdOption,
  };
}

/** A new, empty builder state (decision: standard overlay, reveals 0, std option 1.5). */
export function emptyCabinetData(): CabinetData {
  return {
    form: {
      nrs: '',
      door: '',
      drawerFront: '',
      color: '',
      finish: '',
      poNumber: '',
      overlaySelect: 'sol',
      stdOption: DEFAULT_STD_OPTION,
      olSize: 0.5,
      sideReveal: 0,
      verticalReveal: 0,
      vertRevealOverride: false,
    },
    stileRail: stileRailFor(DEFAULT_STD_OPTION),
    cabinets: {},
    itemState: {},
    notes: '',
    showNotes: false,
  };
}

/** Product rules "Input checks" fallback set: 1.5 everywhere, mid stile 3. */
export const FALLBACK_STILE_RAIL_SET: Readonly<StileRail> = {
  ...stileRailFor(FALLBACK_STILE_RAIL),
  midStile: FALLBACK_MID_STILE,
};

/**
 * The schemas below are the whole clean-up of stored builder data. Every
 * field has its own fallback (`.catch`), so one unreadable value never costs
 * the values next to it; nothing they output is NaN or infinite. Each one
 * tries the shape the builder itself stores first (a failed zod branch costs
 * far more than a passed one), so opening a large job stays fast.
 */

/** Any JSON object as a plain record; anything else (array, null, text…) reads as `{}`, so its fields take their fallbacks. */
const objectOrEmpty = z.record(z.string(), z.unknown()).catch(() => ({}));

/** Text as a form stores it: a string as is, a finite number as its digits, anything else (or nothing) "". */
const storedText = z
  .union([z.string(), z.number().finite().transform(String)])
  .default('')
  .catch('');

/** A tick box as forms and older data stored it: true, 'true', 1, '1' or 'on' is ticked; anything else (or nothing) is not. */
const storedFlag = z
  .union([
    z.boolean(),
    z.enum(['true', '1', 'on']).transform(() => true),
    z.literal(1).transform(() => true),
  ])
  .default(false)
  .catch(false);

/** A length in inches: a number, or decimal or tape-measure text (see `parseInches`); ≥ 0 and finite, else the parse fails. */
const storedInches = z.union([
  z.number().finite().nonnegative(),
  z.string().transform(parseInches).pipe(z.number()),
]);

/** A reveal, inches: 0 to 1/2 inclusive; anything else 0. */
const storedReveal = storedInches.pipe(z.number().max(0.5)).default(0).catch(0);

/** The standard option, inches, above 0; a stored option label ('STD 1 5/8"') is read as its value; else the 1.5 default. */
const storedStdOption = z
  .union([z.number(), z.string().transform((v) => v.replace(/^\s*STD\s+/i, ''))])
  .pipe(storedInches.pipe(z.number().positive()))
  .default(DEFAULT_STD_OPTION)
  .catch(DEFAULT_STD_OPTION);

/** "fol" in any case and with spaces is full overlay; anything else (or nothing) standard overlay. */
const storedOverlayMode = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(['sol', 'fol']))
  .default('sol')
  .catch('sol');

const formSchema = objectOrEmpty
  .pipe(
    z.object({
      nrs: storedText,
      door: storedText,
      drawerFront: storedText,
      color: storedText,
      finish: storedText,
      poNumber: storedText,
      overlaySelect: storedOverlayMode,
      stdOption: storedStdOption,
      sideReveal: storedReveal,
      verticalReveal: storedReveal,
      vertRevealOverride: storedFlag,
    }),
  )
  .transform((f): CabinetForm => ({
    nrs: f.nrs,
    door: f.door,
    drawerFront: f.drawerFront,
    color: f.color,
    finish: f.finish,
    poNumber: f.poNumber,
    overlaySelect: f.overlaySelect,
    stdOption: f.stdOption,
    // Derived, never read from storage (product rules "States and changes").
    olSize: overlayFor(f.overlaySelect, f.stdOption, f.sideReveal),
    sideReveal: f.sideReveal,
    verticalReveal: f.vertRevealOverride ? f.verticalReveal : f.sideReveal,
    vertRevealOverride: f.vertRevealOverride,
  }));

/** A stile or rail width, inches, or `undefined` where missing or unreadable (filled in from a fallback set). */
const maybeInches = storedInches.optional().catch(undefined);
/** A stile/rail set as stored: each value inches or `undefined` (see `fillStileRail`). */
const partialStileRailSchema = objectOrEmpty.pipe(
  z.object({
    leftStile: maybeInches,
    rightStile: maybeInches,
    midStile: maybeInches,
    topRail: maybeInches,
    botRail: maybeInches,
    midRail1: maybeInches,
    midRail2: maybeInches,
    midRail3: maybeInches,
  } satisfies Record<StileRailKey, typeof maybeInches>),
);

/** A stile/rail set with each missing or unreadable value taken from `fallback`. */
function fillStileRail(
  partial: Partial<Record<StileRailKey, number | undefined>>,
  fallback: StileRail,
): StileRail {
  const out = { ...fallback };
  for (const key of STILE_RAIL_KEYS) out[key] = partial[key] ?? fallback[key];
  return out;
}

function trim(v: string): string {
  return v.trim();
}

/** One stored item; `null` for an entry that is not an object (dropped). Its override is filled from the job's set later. */
const itemSchema = z
  .object({
    width: storedText.transform(trim),
    height: storedText.transform(trim),
    widthTyped: z.string().optional().catch(undefined),
    heightTyped: z.string().optional().catch(undefined),
    nextToWall: storedFlag,
    splitDoor: storedFlag,
    type: storedText,
    // Only an object is an override; anything else means none.
    stileRailOverride: z
      .record(z.string(), z.unknown())
      .pipe(partialStileRailSchema)
      .optional()
      .catch(undefined),
  })
  .nullable()
  .catch(null);

/**
 * The builder's stored state, `project.details.cabinetData`, as zod reads it:
 * `cabinetDataSchema.parse(raw)` never fails and returns a `CabinetData`.
 * See `normalizeCabinetData` for every fallback.
 */
export const cabinetDataSchema = objectOrEmpty
  .pipe(
    z.object({
      form: formSchema,
      stileRail: partialStileRailSchema,
      cabinets: z.unknown(),
      cabinetRows: z.unknown(),
      itemState: z.record(z.string(), itemSchema).catch(() => ({})),
      notes: storedText,
      showNotes: storedFlag,
      hingeRule: z.unknown(),
    }),
  )
  .transform((r): CabinetData => {
    const stileRail = fillStileRail(r.stileRail, FALLBACK_STILE_RAIL_SET);
    const itemState: Record<string, ItemState> = {};
    for (const [key, value] of Object.entries(r.itemState)) {
      if (!value) continue;
      const item: ItemState = {
        width: value.width,
        height: value.height,
        nextToWall: value.nextToWall,
        splitDoor: value.splitDoor,
        type: value.type,
      };
      // A typed form is kept only while it reads as its number: the two never tell different sizes.
      if (value.widthTyped !== undefined && typedAgrees(value.widthTyped, value.width))
        item.widthTyped = value.widthTyped;
      if (value.heightTyped !== undefined && typedAgrees(value.heightTyped, value.height))
        item.heightTyped = value.heightTyped;
      // A partial override means "this cabinet differs in these values": the rest are the job's.
      if (value.stileRailOverride)
        item.stileRailOverride = fillStileRail(value.stileRailOverride, stileRail);
      itemState[key] = item;
    }
    const out: CabinetData = {
      form: r.form,
      stileRail,
      cabinets: readCabinets(r.cabinets, r.cabinetRows),
      itemState,
      notes: r.notes,
      showNotes: r.showNotes,
    };
    // Only a job that chose a rule carries one, so older jobs keep their exact shape.
    const hingeRule = normalizeHingeRule(r.hingeRule);
    if (hingeRule) out.hingeRule = hingeRule;
    return out;
  });

/**
 * Derived overlay size (product rules "States and changes"): sol fixes 0.5; fol is stdOption − sideReveal,
 * rounded half up to 3 decimals. Inches.
 */
export function overlayFor(mode: OverlayMode, stdOption: number, sideReveal: number): number {
  return mode === 'sol' ? 0.5 : roundHalfUp(stdOption - sideReveal, 3);
}

/**
 * Turns stored or imported builder state (`project.details.cabinetData`, the
 * CLI's input) into a `CabinetData`, through `cabinetDataSchema`. Input: any
 * value. Each field falls back on its own, so one bad value never loses the
 * good ones around it:
 * - lengths (inches) are numbers, numeric strings or tape-measure strings
 *   ("1 1/2"); a negative, NaN, infinite or unreadable one takes its fallback;
 * - stile/rail values fall back to 1.5, mid stile 3 (product rules "Input checks"); the std option
 *   to 1.5 (and must be above 0); reveals must be 0…0.5 else 0;
 * - the overlay size is derived again from mode, option and side reveal
 *   (product rules "States and changes"); the vertical reveal equals the side reveal unless overridden;
 * - text fields take strings, and finite numbers as their digits, else "";
 *   flags are true only for true, 'true', 1, '1' or 'on';
 * - cabinets are the `cabinets` map (see `readCabinets`; unknown types are
 *   kept, callers flag them with `isCabinetType`); an older `cabinetRows`
 *   array is upgraded into it (ids as digit text, array order as order
 *   keys), so every `rowId_index` item key stays valid;
 * - item width/height are kept as trimmed text ("" when missing), each with
 *   its typed form only while that reads as the same number; items that
 *   are not objects are dropped; a partial stile/rail override is completed
 *   from the job's values;
 * - a stored hinge rule is kept (see `normalizeHingeRule`);
 * - fields the builder does not know are left out.
 * Never throws; never returns NaN or an infinite number.
 */
export function normalizeCabinetData(raw: unknown): CabinetData {
  return cabinetDataSchema.parse(raw);
}
