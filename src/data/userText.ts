/**
 * The data layer's one text rule for every write (src/domain/userText.ts):
 * every repository passes what a person wrote through `storableChanges`
 * before the row and its op are stored on the device, and `enqueueOp`
 * passes every op of every table through `storableOp` as the last net, so
 * nothing the server would refuse for its text (a NUL, a lone surrogate, a
 * length past the field's limit) is ever queued.
 */
import {
  storableValue,
  textLength,
  TEXT_LIMITS,
  tooLongFields,
  type TextField,
  type TooLong,
} from '../domain/userText';
import type { DetailsPatchEntry } from './types';

/**
 * Thrown when a write holds a text past its field's limit. The forms refuse
 * such a value on the field before saving (`textFieldError`), so this only
 * fires for a caller that skipped that check: nothing of the write is
 * stored (the Dexie transaction rolls back) and nothing is cut.
 */
export class TextTooLongError extends Error {
  constructor(readonly fields: TooLong[]) {
    super(
      `text too long: ${fields.map((f) => `${f.field} (${f.length} > ${f.limit})`).join(', ')}`,
    );
    this.name = 'TextTooLongError';
  }
}

/**
 * `changes` (column → value, `details` whole or partial) with every string
 * made storable (NUL and lone surrogates → U+FFFD, at any depth). Throws
 * `TextTooLongError` when a limited field of `table` is past its limit.
 */
export function storableChanges<T extends Record<string, unknown>>(table: string, changes: T): T {
  const safe = storableValue(changes);
  const long = tooLongFields(table, safe);
  if (long.length) throw new TextTooLongError(long);
  return safe;
}

/** The limits inside a project's details, as paths under `details`. */
const DETAILS_LIMITS: { path: string[]; field: TextField; limit: number }[] = Object.entries(
  TEXT_LIMITS,
)
  .filter(([field]) => field.startsWith('projects.details.'))
  .map(([field, limit]) => ({
    path: field.slice('projects.details.'.length).split('.'),
    field: field as TextField,
    limit,
  }));

/**
 * A projects op's details patch with every string made storable; throws
 * `TextTooLongError` when an entry sets a limited text (or a parent holding
 * one) past its limit.
 */
export function storablePatch(patch: DetailsPatchEntry[]): DetailsPatchEntry[] {
  const safe = storableValue(patch);
  const long: TooLong[] = [];
  for (const entry of safe) {
    if (entry.remove) continue;
    for (const { path, field, limit } of DETAILS_LIMITS) {
      if (entry.path.length > path.length) continue;
      if (!entry.path.every((key, i) => path[i] === key)) continue;
      let v: unknown = entry.value;
      for (const key of path.slice(entry.path.length))
        v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
      if (typeof v === 'string' && v.length > limit && textLength(v) > limit)
        long.push({ field, limit, length: textLength(v) });
    }
  }
  if (long.length) throw new TextTooLongError(long);
  return safe;
}

/** An op's changes and details patch made storable (see `storableChanges`, `storablePatch`). */
export function storableOp<
  T extends {
    table: string;
    changes: Record<string, unknown>;
    details_patch?: DetailsPatchEntry[];
  },
>(op: T): T {
  const changes = storableChanges(op.table, op.changes);
  const patch = op.details_patch ? storablePatch(op.details_patch) : undefined;
  if (changes === op.changes && patch === op.details_patch) return op;
  return { ...op, changes, ...(patch ? { details_patch: patch } : {}) };
}
