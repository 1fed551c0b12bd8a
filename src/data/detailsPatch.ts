/**
 * JSON-path patches of `details` (sync-protocol.md, details_patch): diffing an
 * old and a new details object into changed leaf paths (arrays are whole
 * values), applying patches, and coalescing two patch lists into one (later
 * wins; a parent path replaces its children).
 */
import type { DetailsPatchEntry } from './types';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Equal JSON values: objects by content (key order and undefined keys ignored), arrays item by item. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ak.length === bk.length && ak.every((k) => sameJson(ao[k], bo[k]));
}

/** Structured clone for plain JSON values. */
export function cloneJson<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/**
 * Changed leaf paths from `before` to `after` (both plain objects). Objects are
 * walked; arrays, scalars and type changes are whole values; a key that is gone
 * (or undefined) becomes `{ path, remove: true }`.
 */
export function diffDetails(
  before: unknown,
  after: unknown,
  prefix: string[] = [],
): DetailsPatchEntry[] {
  const a = isPlainObject(before) ? before : {};
  const b = isPlainObject(after) ? after : {};
  const out: DetailsPatchEntry[] = [];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const path = [...prefix, k];
    const av = a[k];
    const bv = b[k];
    if (bv === undefined) {
      if (av !== undefined) out.push({ path, remove: true });
    } else if (av === undefined) {
      out.push({ path, value: cloneJson(bv) });
    } else if (isPlainObject(av) && isPlainObject(bv)) {
      out.push(...diffDetails(av, bv, path));
    } else if (!sameJson(av, bv)) {
      out.push({ path, value: cloneJson(bv) });
    }
  }
  return out;
}

/** Applies patches in order to a copy of `details`; missing parents are created as objects. */
export function applyDetailsPatch(
  details: unknown,
  patch: readonly DetailsPatchEntry[],
): Record<string, unknown> {
  const root: Record<string, unknown> = isPlainObject(details) ? cloneJson(details) : {};
  for (const entry of patch) {
    if (entry.path.length === 0) continue;
    let node: Record<string, unknown> = root;
    const parents = entry.path.slice(0, -1);
    const last = entry.path[entry.path.length - 1] as string;
    let missing = false;
    for (const key of parents) {
      const next = node[key];
      if (!isPlainObject(next)) {
        if (entry.remove) {
          missing = true;
          break;
        }
        node[key] = {};
      }
      node = node[key] as Record<string, unknown>;
    }
    if (missing) continue;
    if (entry.remove) delete node[last];
    else node[last] = cloneJson(entry.value);
  }
  return root;
}

/** True when `prefix` is `path` or one of its parents. */
export function isPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((k, i) => path[i] === k);
}

/**
 * Coalesces `later` into `earlier`: a later path drops every earlier entry at
 * that path or below it (parent replaces children, later wins); a later path
 * below an earlier set-value parent is folded into that parent's value.
 */
export function mergeDetailsPatches(
  earlier: readonly DetailsPatchEntry[],
  later: readonly DetailsPatchEntry[],
): DetailsPatchEntry[] {
  let out: DetailsPatchEntry[] = earlier.map((e) => ({ ...e, path: [...e.path] }));
  for (const entry of later) {
    out = out.filter((e) => !isPrefix(entry.path, e.path));
    const parentIndex = out.findIndex(
      (e) => e.path.length < entry.path.length && isPrefix(e.path, entry.path),
    );
    const parent = parentIndex >= 0 ? out[parentIndex] : undefined;
    if (parent && !parent.remove && isPlainObject(parent.value)) {
      const rel = entry.path.slice(parent.path.length);
      const value = applyDetailsPatch(parent.value, [
        entry.remove ? { path: rel, remove: true } : { path: rel, value: entry.value },
      ]);
      out[parentIndex] = { path: parent.path, value };
    } else if (parent) {
      // Parent was removed or is not an object: the later child makes it an object again.
      const rel = entry.path.slice(parent.path.length);
      const value = entry.remove ? {} : applyDetailsPatch({}, [{ path: rel, value: entry.value }]);
      out[parentIndex] = { path: parent.path, value };
    } else {
      out.push(
        entry.remove
          ? { path: [...entry.path], remove: true }
          : { path: [...entry.path], value: cloneJson(entry.value) },
      );
    }
  }
  return out;
}
