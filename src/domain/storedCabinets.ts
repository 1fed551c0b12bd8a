/**
 * Reading the cabinets of stored builder data without the builder's schema
 * (no zod, no order keys), for the first screen's cabinet summary and as the
 * one reader of the older `cabinetRows` array shape.
 *
 * Shapes: `cabinets: { [id]: { type, order } }` (since the map, see
 * cabinetRows.ts) and the older `cabinetRows: [{ id: number, type }]`.
 */

/** A usable cabinet id: 1–64 letters, digits or '-' (no '_', which separates `rowId_index`). */
const CABINET_ID = /^[A-Za-z0-9-]{1,64}$/;

/** True for text usable as a cabinet id. */
export function isCabinetId(id: string): boolean {
  return CABINET_ID.test(id);
}

/** True for a JSON object (not an array, not null). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A stored type: text as is, a finite number as its digits, anything else "". */
export function storedType(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** An id of the older list shape: a whole number ≥ 0 (or its digits as text) in the safe range; else `undefined`. */
function legacyId(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/**
 * The older `cabinetRows` array in stored order, ids as digit text. Entries
 * that are not objects are dropped; an id that is missing, unusable or taken
 * by an earlier row gets the next free number after the largest kept one
 * (the rule of the builds that wrote this shape, so item keys still match).
 * Anything but an array reads as no rows.
 */
export function legacyCabinetRows(raw: unknown): { id: string; type: string }[] {
  if (!Array.isArray(raw)) return [];
  const rows: { id: number; type: string }[] = [];
  const seen = new Set<number>();
  const renumber: { id: number; type: string }[] = [];
  let max = -1;
  for (const r of raw as unknown[]) {
    if (!isPlainObject(r)) continue;
    const row = { id: -1, type: storedType(r.type) };
    const id = legacyId(r.id);
    if (id !== undefined && !seen.has(id)) {
      seen.add(id);
      row.id = id;
      if (id > max) max = id;
    } else renumber.push(row);
    rows.push(row);
  }
  for (const row of renumber) row.id = ++max;
  return rows.map((r) => ({ id: String(r.id), type: r.type }));
}

/**
 * The ids and types of the cabinets in stored builder data (either shape,
 * both folded together), in no particular order. Never throws.
 */
export function storedCabinetTypes(cabinetData: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (!isPlainObject(cabinetData)) return out;
  const map = cabinetData.cabinets;
  if (isPlainObject(map))
    for (const id of Object.keys(map)) {
      const v = map[id];
      if (isPlainObject(v) && isCabinetId(id)) out.set(id, storedType(v.type));
    }
  for (const r of legacyCabinetRows(cabinetData.cabinetRows))
    if (!out.has(r.id)) out.set(r.id, r.type);
  return out;
}
