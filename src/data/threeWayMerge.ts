/**
 * Three-way merge of an editor's draft (base, mine, theirs): what every
 * editor (builder, project form, profile, price list) uses so that it sends
 * only what its user changed and takes in what another device changed while
 * it was open.
 *
 * - `base`: the state the editor started from (loaded, last merged or last
 *   saved).
 * - `mine`: the editor's draft.
 * - `theirs`: the row as it is now in the local database (pulled from the
 *   server, so it may hold another device's edits).
 *
 * Documents are plain JSON objects. Paths are walked through objects; arrays,
 * scalars and type changes are whole values, exactly as in `details_patch`
 * (detailsPatch.ts), so a path here is a path the sync protocol can send.
 */
import { applyDetailsPatch, diffDetails, isPrefix, sameJson } from './detailsPatch';
import type { DetailsPatchEntry } from './types';

/** A path both sides changed to different values since `base`. */
export interface MergeConflict {
  /** Object keys from the document's root, e.g. `['cabinetData','itemState','6_0','width']`. */
  path: string[];
  /** The value at `path` in `base` (`undefined` when absent). */
  base: unknown;
  /** The editor's value at `path` (`undefined` when the user removed it). */
  mine: unknown;
  /** The other device's value at `path` (`undefined` when it removed it). */
  theirs: unknown;
}

/** The outcome of `threeWayMerge`. */
export interface MergeResult {
  /**
   * `theirs` with every edit of `mine` applied: a path only theirs changed has
   * theirs' value, a path only mine changed has mine's, and a conflicting path
   * keeps mine's value (the user typed it; the conflict lets them take theirs).
   */
  merged: Record<string, unknown>;
  /** Paths changed on both sides to different values, shortest path first, none nested in another. */
  conflicts: MergeConflict[];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The value at `path` in a JSON document; `undefined` when a key on the way is missing or not an object. */
export function valueAt(doc: unknown, path: readonly string[]): unknown {
  let node: unknown = doc;
  for (const key of path) {
    if (!isPlainObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** A patch entry that sets `path` to `value`, or removes it when `value` is `undefined`. */
function entryFor(path: readonly string[], value: unknown): DetailsPatchEntry {
  return value === undefined ? { path: [...path], remove: true } : { path: [...path], value };
}

/**
 * The edits a user made: the leaf paths where `draft` differs from `base`
 * (the state the editor started from), as `details_patch` entries. Sending
 * these, never a diff against the current row, is what keeps another
 * device's change from being sent back as an edit.
 */
export function editsSince(base: unknown, draft: unknown): DetailsPatchEntry[] {
  return diffDetails(base, draft);
}

/**
 * Merges the editor's draft with the row as it is now. Pure; never mutates
 * its arguments. Invariants (checked by property tests):
 * - a path that only `theirs` changed has theirs' value in `merged`
 *   (another device's edit is never reverted);
 * - a path that only `mine` changed has mine's value (the user's edit is
 *   never dropped);
 * - a path both changed to the same value is no conflict;
 * - a path both changed to different values is a conflict and keeps mine's
 *   value in `merged`.
 * Non-object inputs count as `{}`.
 */
export function threeWayMerge(base: unknown, mine: unknown, theirs: unknown): MergeResult {
  const mineEdits = diffDetails(base, mine);
  const theirEdits = diffDetails(base, theirs);
  const clashes: string[][] = [];
  const kept: DetailsPatchEntry[] = [];
  for (const edit of mineEdits) {
    let clash: string[] | null = null;
    for (const other of theirEdits) {
      const shorter = other.path.length <= edit.path.length ? other.path : edit.path;
      if (!isPrefix(shorter, other.path) || !isPrefix(shorter, edit.path)) continue;
      if (sameJson(valueAt(mine, shorter), valueAt(theirs, shorter))) continue;
      if (!clash || shorter.length < clash.length) clash = shorter;
    }
    if (clash) clashes.push(clash);
    else kept.push(edit);
  }
  // One conflict per path, and none inside another (the outer one carries the whole value).
  const paths: string[][] = [];
  for (const p of clashes.sort((a, b) => a.length - b.length))
    if (!paths.some((q) => isPrefix(q, p))) paths.push(p);
  const conflicts: MergeConflict[] = paths.map((path) => ({
    path: [...path],
    base: valueAt(base, path),
    mine: valueAt(mine, path),
    theirs: valueAt(theirs, path),
  }));
  const merged = applyDetailsPatch(theirs, [
    ...kept,
    ...conflicts.map((c) => entryFor(c.path, c.mine)),
  ]);
  return { merged, conflicts };
}

/**
 * `doc` with `path` set to `value` (removed when `undefined`); a copy. For
 * "Take theirs" on a conflict and for setting one field of a draft.
 */
export function withValueAt(
  doc: unknown,
  path: readonly string[],
  value: unknown,
): Record<string, unknown> {
  return applyDetailsPatch(doc, [entryFor(path, value)]);
}
