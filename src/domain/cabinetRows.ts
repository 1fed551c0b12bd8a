/**
 * The job's cabinets as stored, `cabinetData.cabinets`: a map from a cabinet's
 * id to its type and its order key, so that the path-level merge of the sync
 * protocol merges cabinet lists (two devices adding cabinets keep both; two
 * moves of one cabinet are one path, last write wins on every replica).
 *
 * - Identity: a cabinet id is text minted once on one device (a random uuid),
 *   so no two devices ever mint the same one. Ids of jobs saved before the map
 *   are the old whole-number ids as digit text ("13"), so every `itemState`
 *   key `rowId_index` stays as it was.
 * - Order: `order` is a fractional-indexing key (base-62 text; `fractional-indexing`
 *   on npm, the scheme Figma, Linear and Replicache use). Rows sort by `order`,
 *   then by id, both compared by UTF-16 code units, so two cabinets added at
 *   once after the same last cabinet (equal keys) come out in the same order
 *   everywhere.
 * - The number a person reads ("Cabinet 13") is the 1-based position in that
 *   order, never the id.
 *
 * Older documents held `cabinetRows: [{ id: number, type }]` (array order is
 * the cabinet order); `upgradeCabinetRows` turns one into the map. The server
 * applies the same rule (supabase/migrations/20261127100000_cabinet_map.sql).
 */
import { generateKeyBetween } from 'fractional-indexing';
import {
  foldOrderKey,
  indexOrderKey,
  isCabinetId,
  isPlainObject,
  legacyCabinetRows,
  storedType,
} from './storedCabinets';

export { isCabinetId } from './storedCabinets';

/** One stored cabinet: its type name (unknown types are kept) and its order key. */
export interface CabinetEntry {
  type: string;
  /** fractional-indexing key; rows sort by it, then by id. */
  order: string;
}

/** `cabinetData.cabinets`: cabinet id → entry. */
export type CabinetMap = Record<string, CabinetEntry>;

/** A cabinet in list order, as every reader uses it: `id` keys its parts in `itemState` (`${id}_${index}`). */
export interface CabinetRow {
  id: string;
  type: string;
  order: string;
}

/** True for a key `fractional-indexing` accepts as a neighbour. */
export function isOrderKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 256) return false;
  try {
    generateKeyBetween(key, null);
    return true;
  } catch {
    return false;
  }
}

/** List order: by order key, then by id (code-unit comparison, the same in SQL with `collate "C"`). */
export function compareCabinets(a: CabinetRow, b: CabinetRow): number {
  if (a.order !== b.order) return a.order < b.order ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

const orderedCache = new WeakMap<CabinetMap, readonly CabinetRow[]>();

/**
 * The cabinets in list order. Memoized on the map object: the builder keeps
 * the same map while only measurements change, so a keystroke costs a lookup,
 * and a change of the map sorts once.
 */
export function orderedCabinets(cabinets: CabinetMap): readonly CabinetRow[] {
  const hit = orderedCache.get(cabinets);
  if (hit) return hit;
  const rows: CabinetRow[] = [];
  for (const id of Object.keys(cabinets)) {
    const entry = cabinets[id];
    if (entry) rows.push({ id, type: entry.type, order: entry.order });
  }
  rows.sort(compareCabinets);
  orderedCache.set(cabinets, rows);
  return rows;
}

/**
 * The order key for a cabinet placed between `before` and `after` (either
 * `null` for an end). Equal or crossed neighbours (two devices gave the same
 * key) fall back to a key just after `before`, which with the id tie-break
 * still sorts between the two rows' peers.
 */
export function orderKeyBetween(before: string | null, after: string | null): string {
  const a = before !== null && isOrderKey(before) ? before : null;
  const b = after !== null && isOrderKey(after) ? after : null;
  if (a !== null && b !== null && a >= b) return generateKeyBetween(a, null);
  return generateKeyBetween(a, b);
}

/** The order key for a cabinet added at the end of `rows` (list order). */
export function orderKeyAtEnd(rows: readonly CabinetRow[]): string {
  return orderKeyBetween(rows[rows.length - 1]?.order ?? null, null);
}

/**
 * The order key that puts a cabinet at `position` (0-based) of `rows` once
 * it is taken out of them (`rows` without the cabinet moved, list order).
 */
export function orderKeyAt(rows: readonly CabinetRow[], position: number): string {
  const p = Math.max(0, Math.min(position, rows.length));
  return orderKeyBetween(rows[p - 1]?.order ?? null, rows[p]?.order ?? null);
}

/**
 * Order keys of an upgraded list of `n` cabinets: "a0", "a1" … "az", "b00" …,
 * as `generateNKeysBetween(null, null, n)` gives them and the server's
 * `private.cabinet_order_key(i)` does, so a device and the server upgrade the
 * same document to the same map.
 */
export function upgradeOrderKeys(n: number): string[] {
  return Array.from({ length: n }, (_, i) => indexOrderKey(i));
}

/**
 * Keys for `n` cabinets appended after `last` when an older build's list is
 * folded into a map (see `foldOrderKey`); with no `last`, the upgrade's keys.
 */
export function foldOrderKeys(last: string | null, n: number): string[] {
  return Array.from({ length: n }, (_, i) => foldOrderKey(last, i));
}

/**
 * The cabinet map from what was stored: `cabinets` (the map) and/or
 * `cabinetRows` (the older array). Map entries keep a usable id (see
 * `isCabinetId`); a type that is not text reads as its digits or "". An entry
 * without a usable order key goes after the others (by id). Rows of the
 * array whose id (as digit text) the map lacks are added after the map's
 * last cabinet in array order (`foldOrderKeys`); with no map, the array is
 * the whole list, keyed "a0", "a1", … (`upgradeOrderKeys`). The server folds
 * an incoming array by the same rule. Never throws.
 */
export function readCabinets(rawMap: unknown, rawRows: unknown): CabinetMap {
  const out: CabinetMap = {};
  let last: string | null = null;
  const unordered: string[] = [];
  if (isPlainObject(rawMap)) {
    for (const id of Object.keys(rawMap)) {
      const v = rawMap[id];
      if (!isPlainObject(v) || !isCabinetId(id)) continue;
      const order = v.order;
      if (isOrderKey(order)) {
        out[id] = { type: storedType(v.type), order };
        if (last === null || order > last) last = order;
      } else {
        out[id] = { type: storedType(v.type), order: '' };
        unordered.push(id);
      }
    }
  }
  if (unordered.length > 0) {
    unordered.sort();
    const keys = foldOrderKeys(last, unordered.length);
    unordered.forEach((id, i) => {
      (out[id] as CabinetEntry).order = keys[i] as string;
    });
    last = keys[keys.length - 1] ?? last;
  }
  if (Array.isArray(rawRows) && rawRows.length > 0) {
    const added = legacyCabinetRows(rawRows).filter((r) => !(r.id in out));
    const keys = foldOrderKeys(last, added.length);
    added.forEach((r, i) => {
      out[r.id] = { type: r.type, order: keys[i] as string };
    });
  }
  return out;
}
