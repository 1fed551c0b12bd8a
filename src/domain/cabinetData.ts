/**
 * The builder's saved state, `project.details.cabinetData` (spec §3):
 * `form`, `stileRail`, `cabinetRows`, `itemState`, `notes`, `showNotes`, and
 * `normalizeCabinetData`, which turns whatever was stored (numbers or numeric
 * strings, missing fields, older shapes) into that state without throwing.
 */
import type { CabinetTypeName } from './cabinetTypes';
import { parseInches } from './fractions';
import { normalizeHingeRule, type HingeRule } from './hingeSummary';
import { roundHalfUp } from './inches';

/** Spec §3: overlay mode — sol (standard overlay) or fol (full overlay). */
export type OverlayMode = 'sol' | 'fol';

/** Spec §3 "CabinetData form". Lengths are inches. */
export interface CabinetForm {
  nrs: string;
  door: string;
  drawerFront: string;
  color: string;
  overlaySelect: OverlayMode;
  /** Full-overlay standard option, inches: 1.5, 1.625 or 1.75 (spec §9). */
  stdOption: number;
  /** Overlay size in inches, derived (spec §4): sol 0.5, fol stdOption − sideReveal to 3 places. */
  olSize: number;
  /** Inches, 0 to 0.5 in 1/16 steps. */
  sideReveal: number;
  /** Inches, 0 to 0.5 in 1/16 steps; follows sideReveal unless vertRevealOverride. */
  verticalReveal: number;
  vertRevealOverride: boolean;
}

/** Spec §3 "stileRail": the eight face-frame dimensions, inches. */
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

/** Spec §3 "Cabinet row": id (incrementing) and type. Unknown types are kept (and flagged where used). */
export interface CabinetRow {
  id: number;
  type: CabinetTypeName | (string & {});
}

/**
 * Spec §3 "Item state", keyed `rowId_index`. Width and height are the measured
 * face-frame opening as the form holds it (text, inches); `type` is the part
 * name as stored (the math uses the cabinet type's table, not this field).
 */
export interface ItemState {
  width: string;
  height: string;
  nextToWall: boolean;
  splitDoor: boolean;
  type: string;
  stileRailOverride?: StileRail;
}

export interface CabinetData {
  form: CabinetForm;
  stileRail: StileRail;
  cabinetRows: CabinetRow[];
  itemState: Record<string, ItemState>;
  notes: string;
  showNotes: boolean;
  /** The job's hinge count rule; absent means the spec's 2 per door. */
  hingeRule?: HingeRule;
}

/** Spec §9: full-overlay standard option default. */
export const DEFAULT_STD_OPTION = 1.5;
/** Spec §5: loaded stile and rail values fall back to 1.5 … */
export const FALLBACK_STILE_RAIL = 1.5;
/** … and the mid stile to 3. */
export const FALLBACK_MID_STILE = 3;

/** Spec §9: default stile and rail widths equal the standard option, mid stile twice it. */
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
      overlaySelect: 'sol',
      stdOption: DEFAULT_STD_OPTION,
      olSize: 0.5,
      sideReveal: 0,
      verticalReveal: 0,
      vertRevealOverride: false,
    },
    stileRail: stileRailFor(DEFAULT_STD_OPTION),
    cabinetRows: [],
    itemState: {},
    notes: '',
    showNotes: false,
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

function bool(v: unknown): boolean {
  return v === true || v === 'true' || v === 1 || v === '1' || v === 'on';
}

function num(v: unknown, fallback: number): number {
  const n = parseInches(v);
  return n === null ? fallback : n;
}

/** Normalizes one stile/rail set; each missing or invalid value falls back to `fallback[key]`. */
function normalizeStileRail(raw: unknown, fallback: StileRail): StileRail {
  const r = isRecord(raw) ? raw : {};
  const out = { ...fallback };
  for (const key of STILE_RAIL_KEYS) out[key] = num(r[key], fallback[key]);
  return out;
}

/** Spec §5 fallback set: 1.5 everywhere, mid stile 3. */
export const FALLBACK_STILE_RAIL_SET: Readonly<StileRail> = {
  ...stileRailFor(FALLBACK_STILE_RAIL),
  midStile: FALLBACK_MID_STILE,
};

/**
 * Derived overlay size (spec §4): sol fixes 0.5; fol is stdOption − sideReveal,
 * rounded half up to 3 decimals. Inches.
 */
export function overlayFor(mode: OverlayMode, stdOption: number, sideReveal: number): number {
  return mode === 'sol' ? 0.5 : roundHalfUp(stdOption - sideReveal, 3);
}

/**
 * Turns stored or imported builder state into a `CabinetData`. Accepts numbers
 * or numeric strings (and tape-measure strings like "1 1/2") for every length;
 * missing stile/rail values fall back to 1.5, mid stile 3 (spec §5); a missing
 * std option to 1.5; reveals must be 0…0.5 else 0; the overlay size is derived
 * again from mode, option and side reveal (spec §4); the vertical reveal equals
 * the side reveal unless overridden; a stored hinge rule is kept (see
 * `normalizeHingeRule`). Cabinet rows keep unknown types (callers
 * flag them with `isCabinetType`); rows without a usable id get the next free
 * one. Item width/height are kept as text ("" when missing). Never throws.
 */
export function normalizeCabinetData(raw: unknown): CabinetData {
  const base = emptyCabinetData();
  const r = isRecord(raw) ? raw : {};
  const f = isRecord(r.form) ? r.form : {};

  const overlaySelect: OverlayMode = typeof f.overlaySelect === 'string' && f.overlaySelect.trim().toLowerCase() === 'fol' ? 'fol' : 'sol';
  // A stored option label ('STD 1 5/8"') is read as its value.
  const stdOptionText = typeof f.stdOption === 'string' ? f.stdOption.replace(/^\s*STD\s+/i, '') : f.stdOption;
  const stdOptionRaw = num(stdOptionText, DEFAULT_STD_OPTION);
  const stdOption = stdOptionRaw > 0 ? stdOptionRaw : DEFAULT_STD_OPTION;
  const reveal = (v: unknown): number => {
    const n = num(v, 0);
    return n >= 0 && n <= 0.5 ? n : 0;
  };
  const sideReveal = reveal(f.sideReveal);
  const vertRevealOverride = bool(f.vertRevealOverride);
  const verticalReveal = vertRevealOverride ? reveal(f.verticalReveal) : sideReveal;
  const form: CabinetForm = {
    nrs: text(f.nrs),
    door: text(f.door),
    drawerFront: text(f.drawerFront),
    color: text(f.color),
    overlaySelect,
    stdOption,
    olSize: overlayFor(overlaySelect, stdOption, sideReveal),
    sideReveal,
    verticalReveal,
    vertRevealOverride,
  };

  const stileRail = normalizeStileRail(r.stileRail, FALLBACK_STILE_RAIL_SET);

  const cabinetRows: CabinetRow[] = [];
  const seen = new Set<number>();
  const rawRows = Array.isArray(r.cabinetRows) ? r.cabinetRows : [];
  const pending: { index: number; type: string }[] = [];
  for (const row of rawRows) {
    if (!isRecord(row)) continue;
    const type = text(row.type);
    const id = typeof row.id === 'number' ? row.id : typeof row.id === 'string' && /^\d+$/.test(row.id.trim()) ? Number(row.id) : NaN;
    if (Number.isSafeInteger(id) && id >= 0 && !seen.has(id)) {
      seen.add(id);
      cabinetRows.push({ id, type });
    } else {
      pending.push({ index: cabinetRows.length, type });
      cabinetRows.push({ id: -1, type });
    }
  }
  let next = nextRowId(cabinetRows);
  for (const p of pending) {
    const row = cabinetRows[p.index];
    if (row) row.id = next++;
  }

  const itemState: Record<string, ItemState> = {};
  if (isRecord(r.itemState)) {
    for (const [key, value] of Object.entries(r.itemState)) {
      if (!isRecord(value)) continue;
      const item: ItemState = {
        width: text(value.width).trim(),
        height: text(value.height).trim(),
        nextToWall: bool(value.nextToWall),
        splitDoor: bool(value.splitDoor),
        type: text(value.type),
      };
      if (isRecord(value.stileRailOverride)) {
        item.stileRailOverride = normalizeStileRail(value.stileRailOverride, stileRail);
      }
      itemState[key] = item;
    }
  }

  const out: CabinetData = {
    form,
    stileRail,
    cabinetRows,
    itemState,
    notes: text(r.notes),
    showNotes: r.showNotes === undefined ? base.showNotes : bool(r.showNotes),
  };
  // Only a job that chose a rule carries one, so older jobs keep their exact shape.
  const hingeRule = normalizeHingeRule(r.hingeRule);
  if (hingeRule) out.hingeRule = hingeRule;
  return out;
}

/** The id for the next added cabinet: one more than the largest id (0 when none). */
export function nextRowId(rows: readonly CabinetRow[]): number {
  let max = -1;
  for (const row of rows) if (row.id > max) max = row.id;
  return max + 1;
}
