/**
 * A measured opening keeps the text its user typed ("15 5/8", "14,5") next to the number it
 * stands for: `width` holds the stored decimal ("15.625", product rules "Input checks"), and
 * `widthTyped` the typed form when it differs from it. Every view shows the typed form (the
 * decimal follows in smaller type), the finished sizes are computed from the number only, and a
 * typed form that does not read as the stored number is never shown (it is dropped on reading,
 * see `cabinetData.ts`), so the two can never tell different sizes.
 */
import { parseMeasurement } from './measurementInput';

/** The measured fields of a part and the field that keeps each one's typed form. */
export const TYPED_FIELDS = { width: 'widthTyped', height: 'heightTyped' } as const;

export type MeasuredField = keyof typeof TYPED_FIELDS;

/**
 * The form of `typed` that is kept: trimmed, runs of spaces as one ("15  5/8 " → "15 5/8").
 * `undefined` when it is the stored decimal itself or not a size at all (nothing to keep).
 */
export function typedFormOf(typed: string, stored: string): string | undefined {
  const text = typed.trim().replace(/\s+/g, ' ');
  if (text === '' || text === stored) return undefined;
  return typedAgrees(text, stored) ? text : undefined;
}

/** True when `typed` reads as exactly the stored decimal `stored` (digits and a decimal point). */
export function typedAgrees(typed: unknown, stored: unknown): boolean {
  if (typeof typed !== 'string' || typeof stored !== 'string' || stored.trim() === '') return false;
  // 'frame' accepts every size the fields store, 0 included; the bound checks are the field's.
  const p = parseMeasurement(typed, 'frame');
  return p.ok && p.value === Number(stored);
}

/** What a view shows for a part's measured field: the typed form when it agrees, else the stored decimal. */
export function shownMeasurement(
  item: Partial<Record<MeasuredField | (typeof TYPED_FIELDS)[MeasuredField], string>> | undefined,
  field: MeasuredField,
): string {
  const stored = item?.[field] ?? '';
  const typed = item?.[TYPED_FIELDS[field]];
  return typed !== undefined && typedAgrees(typed, stored) ? typed : stored;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Keeps every part's typed forms with their numbers after a merge of cabinet data (`doc`, with
 * `itemState`): where a part's typed form does not read as its merged number (the number came
 * from one device, the text from another), the typed form is taken from the first of `sources`
 * whose same part has that number with an agreeing text, else removed. Returns a copy when
 * anything changed, else `doc` itself. Pure.
 */
export function pairTypedSizes<T>(doc: T, sources: readonly unknown[]): T {
  if (!isPlainObject(doc) || !isPlainObject(doc.itemState)) return doc;
  let items: Record<string, unknown> | null = null;
  for (const [key, part] of Object.entries(doc.itemState)) {
    if (!isPlainObject(part)) continue;
    let next: Record<string, unknown> | null = null;
    for (const [field, typedField] of Object.entries(TYPED_FIELDS)) {
      const typed = part[typedField];
      if (typed === undefined || typedAgrees(typed, part[field])) continue;
      let found: unknown = undefined;
      for (const source of sources) {
        const other =
          isPlainObject(source) && isPlainObject(source.itemState)
            ? source.itemState[key]
            : undefined;
        if (
          isPlainObject(other) &&
          other[field] === part[field] &&
          typedAgrees(other[typedField], part[field])
        ) {
          found = other[typedField];
          break;
        }
      }
      next ??= { ...part };
      if (found === undefined) delete next[typedField];
      else next[typedField] = found;
    }
    if (next) {
      items ??= { ...doc.itemState };
      items[key] = next;
    }
  }
  return items ? { ...doc, itemState: items } : doc;
}
