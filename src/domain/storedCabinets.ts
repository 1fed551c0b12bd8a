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
  const n =
    typeof v === 'number'
      ? v
      : typeof v === 'string' && /^\d+$/.test(v.trim())
        ? Number(v.trim())
        : NaN;
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

/** Base-62 digits of fractional-indexing keys, in their sort order. */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The order key of the cabinet at 0-based `index` of an upgraded list:
 * "a0" … "az", "b00" … "bzz", "c000" …, exactly what fractional-indexing's
 * `generateNKeysBetween(null, null, n)` gives (each key is the integer after
 * the one before) and what the server's `private.cabinet_order_key` gives.
 * Inches nowhere; `index` must be a whole number below 62 + 62² + 62³ + 62⁴.
 */
export function indexOrderKey(index: number): string {
  let rest = index;
  for (let width = 1, head = 0; width <= 4; width++, head++) {
    const count = DIGITS.length ** width;
    if (rest < count) {
      let digits = '';
      for (let i = 0; i < width; i++) {
        digits = (DIGITS[rest % DIGITS.length] as string) + digits;
        rest = Math.floor(rest / DIGITS.length);
      }
      return String.fromCharCode(97 + head) + digits;
    }
    rest -= count;
  }
  throw new RangeError(`no upgrade order key for cabinet ${index}`);
}

/**
 * The order key of the `index`-th (0-based) cabinet appended after `last`
 * when an older build's list is folded into a map: `last` + the upgrade key
 * of `index` + "V" ("a3" → "a3a0V", "a3a1V", …): after `last` and before
 * any key above it, increasing with `index`, never ending in "0" (so a
 * valid fractional-indexing key), and short. With no `last` (an empty map)
 * it is the upgrade key itself. The server's fold uses the same rule.
 */
export function foldOrderKey(last: string | null, index: number): string {
  return last === null ? indexOrderKey(index) : `${last}${indexOrderKey(index)}V`;
}

/**
 * Stored builder data with an older `cabinetRows` array moved into the
 * `cabinets` map (ids as digit text, array order as order keys, rows the
 * map already holds left as they are, others after its last key, see
 * `foldOrderKey`), every other field as it was. Returns `cabinetData` itself
 * when it holds no array. For the device's stored rows (Dexie upgrade) and
 * the same rule as `readCabinets` and the server's fold.
 */
export function upgradeStoredCabinetData<T>(cabinetData: T): T {
  if (!isPlainObject(cabinetData) || !('cabinetRows' in cabinetData)) return cabinetData;
  const { cabinetRows, ...rest } = cabinetData;
  const map: Record<string, unknown> = isPlainObject(rest.cabinets) ? { ...rest.cabinets } : {};
  let last: string | null = null;
  for (const v of Object.values(map))
    if (isPlainObject(v) && typeof v.order === 'string' && (last === null || v.order > last))
      last = v.order;
  const added = legacyCabinetRows(cabinetRows).filter((r) => !(r.id in map));
  added.forEach((r, i) => {
    map[r.id] = { type: r.type, order: foldOrderKey(last, i) };
  });
  return { ...rest, cabinets: map } as T;
}
