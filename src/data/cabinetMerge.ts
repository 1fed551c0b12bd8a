/**
 * The three-way merge of the builder's cabinet data (base, mine, theirs):
 * `threeWayMerge` path by path, plus one rule for whole cabinets, so that a
 * cabinet removed on one side while the other side changed it is one choice
 * the user sees ("Cabinet 4 · Removed on another device · Keep mine / Take
 * theirs") and never a part left without its cabinet or a silent loss.
 *
 * Cabinets are a map (`cabinets[id] = { type, order }`, cabinetRows.ts) and
 * their parts are `itemState[`${id}_${index}`]`, so most of the row merge is
 * the path-level merge itself: cabinets added on both sides are two keys
 * (both kept), edits of different cabinets are different paths, two moves of
 * one cabinet are one path (`order`: a conflict, mine kept until chosen).
 *
 * A removed cabinet: a removal deletes the map entry and every part of it.
 * When one side removed cabinet `id` and the other changed it (its entry or
 * any of its parts, or left a part of it behind where it was removed, which
 * is how an edit that reached the server after the removal looks), the
 * conflict is reported once, at path `['cabinets', id]`, with whole-cabinet
 * values (`CabinetValue`: type, order and parts; `undefined` = removed), and
 * the merged draft keeps mine's side of it whole.
 */
import { sameJson } from './detailsPatch';
import { threeWayMerge, type MergeConflict, type MergeResult } from './threeWayMerge';
import { pairTypedSizes, TYPED_FIELDS } from '../domain/typedSizes';

const TYPED_NAMES = new Set<string>(Object.values(TYPED_FIELDS));

/**
 * A measurement's typed form travels with its number: a merged part whose number came from one
 * side takes that side's typed form (`pairTypedSizes`), and the typed form is never a conflict of
 * its own (the number's conflict decides both; two forms of one number are the same size).
 */
function withTypedSizes(result: MergeResult, mine: unknown, theirs: unknown): MergeResult {
  return {
    merged: pairTypedSizes(result.merged, [mine, theirs]),
    conflicts: result.conflicts.filter(
      (c) => !(c.path[0] === 'itemState' && c.path.length === 3 && TYPED_NAMES.has(c.path[2]!)),
    ),
  };
}

/** A whole cabinet as a conflict carries it: its entry and its parts by item key. */
export interface CabinetValue {
  type: string;
  order: string;
  items: Record<string, unknown>;
}

interface CabinetDoc {
  cabinets?: Record<string, { type: string; order: string }>;
  itemState?: Record<string, unknown>;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function docOf(v: unknown): CabinetDoc {
  return isPlainObject(v) ? v : {};
}

/** The cabinet id of an item key `${id}_${index}` (text before the last '_'). */
export function cabinetIdOfItem(key: string): string {
  const at = key.lastIndexOf('_');
  return at < 0 ? key : key.slice(0, at);
}

/** Item keys of each cabinet id in a document (one pass over `itemState`). */
function itemsByCabinet(doc: CabinetDoc): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const key of Object.keys(doc.itemState ?? {})) {
    const id = cabinetIdOfItem(key);
    const list = out.get(id);
    if (list) list.push(key);
    else out.set(id, [key]);
  }
  return out;
}

/** Cabinet `id` of `doc` as a whole value; `undefined` when its entry is gone. */
export function cabinetValue(doc: unknown, id: string): CabinetValue | undefined {
  const d = docOf(doc);
  const entry = d.cabinets?.[id];
  if (!entry) return undefined;
  const items: Record<string, unknown> = {};
  const prefix = `${id}_`;
  for (const key of Object.keys(d.itemState ?? {}))
    if (key.startsWith(prefix) && cabinetIdOfItem(key) === id) items[key] = d.itemState?.[key];
  return { type: entry.type, order: entry.order, items };
}

/** True when cabinet `id` differs between two documents (entry or any part). */
function cabinetChanged(
  a: CabinetDoc,
  b: CabinetDoc,
  id: string,
  aItems: Map<string, string[]>,
  bItems: Map<string, string[]>,
): boolean {
  if (!sameJson(a.cabinets?.[id], b.cabinets?.[id])) return true;
  const keys = new Set([...(aItems.get(id) ?? []), ...(bItems.get(id) ?? [])]);
  for (const key of keys) if (!sameJson(a.itemState?.[key], b.itemState?.[key])) return true;
  return false;
}

/**
 * `doc` with cabinet `id` set to `value` (its entry and exactly its parts),
 * or removed with every part when `value` is `undefined`. A copy; `doc` is
 * not changed.
 */
export function withCabinet(
  doc: unknown,
  id: string,
  value: CabinetValue | undefined,
): Record<string, unknown> {
  const d = docOf(doc) as Record<string, unknown> & CabinetDoc;
  const cabinets = { ...(d.cabinets ?? {}) };
  const itemState = { ...(d.itemState ?? {}) };
  delete cabinets[id];
  for (const key of Object.keys(itemState)) if (cabinetIdOfItem(key) === id) delete itemState[key];
  if (value) {
    cabinets[id] = { type: value.type, order: value.order };
    Object.assign(itemState, value.items);
  }
  return { ...d, cabinets, itemState };
}

/**
 * Mine's side of a clashing cabinet as the draft keeps it: mine's cabinet,
 * with what `theirs` left of each part where the cabinet was removed (an
 * edit another device made after the removal) merged in field by field
 * against the part in `base`. A field only that edit changed takes its value
 * (a device that never touched it does not write its stale copy over it); a
 * field both mine and that edit changed to different values keeps mine's and
 * is a conflict of its own at `['itemState', key, ...field]`, so the other
 * device's value is shown to the user, never dropped.
 */
function keptSide(
  id: string,
  mineValue: CabinetValue | undefined,
  b: CabinetDoc,
  t: CabinetDoc,
  theirsKeys: readonly string[],
): { value: CabinetValue | undefined; conflicts: MergeConflict[] } {
  if (!mineValue || t.cabinets?.[id] || theirsKeys.length === 0)
    return { value: mineValue, conflicts: [] };
  const items = { ...mineValue.items };
  const conflicts: MergeConflict[] = [];
  for (const key of theirsKeys) {
    const left = t.itemState?.[key];
    const part = items[key];
    if (!isPlainObject(left)) continue;
    if (part !== undefined && !isPlainObject(part)) continue;
    const basePart = b.itemState?.[key];
    const before = isPlainObject(basePart) ? basePart : {};
    // The edit after the removal wrote its fields over nothing: the rest of that part is the base's.
    const theirsPart = { ...before, ...left };
    const merged = threeWayMerge(before, part ?? before, theirsPart);
    items[key] = merged.merged;
    for (const c of merged.conflicts) conflicts.push({ ...c, path: ['itemState', key, ...c.path] });
  }
  return { value: { ...mineValue, items }, conflicts };
}

/** True for a conflict about a whole cabinet (path `['cabinets', id]`, whole-cabinet values). */
export function isCabinetConflict(c: Pick<MergeConflict, 'path'>): boolean {
  return c.path.length === 2 && c.path[0] === 'cabinets';
}

/**
 * Merges the builder's draft (`mine`) with the row as it is now (`theirs`)
 * from the state both started from (`base`); documents are cabinet data
 * (`cabinets` map, `itemState`). Pure; never mutates its arguments.
 *
 * Everything `threeWayMerge` guarantees, and for every cabinet in `base`
 * that one side removed while the other changed it (or `theirs` holds a part
 * of it without its entry): one conflict at `['cabinets', id]` instead of the
 * conflicts of its paths, `mine` and `theirs` as `CabinetValue | undefined`,
 * and `merged` holding mine's side of the cabinet whole; where `theirs` holds
 * a part of such a cabinet (edited after the removal) and mine changed the
 * same field to another value, one more conflict at that field
 * (`['itemState', key, field]`, plain values). Commutative in the
 * merged document up to that choice, and idempotent: merging the result
 * again with the same `theirs` changes nothing (property tests in
 * cabinetMerge.test.ts). A part's typed measurement ("15 5/8") stays with
 * its number: it comes from the side the number came from and is never a
 * conflict of its own.
 */
export function mergeCabinetData(base: unknown, mine: unknown, theirs: unknown): MergeResult {
  return withTypedSizes(mergeCabinets(base, mine, theirs), mine, theirs);
}

function mergeCabinets(base: unknown, mine: unknown, theirs: unknown): MergeResult {
  const result = threeWayMerge(base, mine, theirs);
  const b = docOf(base);
  const m = docOf(mine);
  const t = docOf(theirs);
  const baseCabinets = b.cabinets ?? {};
  const bItems = itemsByCabinet(b);
  const mItems = itemsByCabinet(m);
  const tItems = itemsByCabinet(t);
  const clashes: string[] = [];
  for (const id of Object.keys(baseCabinets)) {
    const mineHas = !!m.cabinets?.[id];
    const theirsHas = !!t.cabinets?.[id];
    if (mineHas === theirsHas) continue;
    if (mineHas) {
      // Theirs removed it: a clash when mine changed it, or theirs kept a part of it (an edit after the removal).
      if (cabinetChanged(b, m, id, bItems, mItems) || (tItems.get(id)?.length ?? 0) > 0)
        clashes.push(id);
    } else if (cabinetChanged(b, t, id, bItems, tItems)) clashes.push(id);
  }
  if (clashes.length === 0) return result;
  const ids = new Set(clashes);
  let merged: Record<string, unknown> = result.merged;
  const conflicts: MergeConflict[] = result.conflicts.filter((c) => {
    const [section, key] = c.path;
    if (section === 'cabinets' && key !== undefined) return !ids.has(key);
    if (section === 'itemState' && key !== undefined) return !ids.has(cabinetIdOfItem(key));
    return true;
  });
  for (const id of clashes) {
    const kept = keptSide(id, cabinetValue(mine, id), b, t, tItems.get(id) ?? []);
    const mineValue = kept.value;
    merged = withCabinet(merged, id, mineValue);
    conflicts.push(...kept.conflicts);
    conflicts.push({
      path: ['cabinets', id],
      base: cabinetValue(base, id),
      mine: mineValue,
      theirs: cabinetValue(theirs, id),
    });
  }
  return { merged, conflicts };
}
