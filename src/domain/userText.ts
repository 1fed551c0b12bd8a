/**
 * The one rule for text a person writes (a typed or pasted name, a PO
 * number, a note, a message): what the device stores and the server
 * accepts. Pure: the data layer applies it on every write
 * (src/data/userText.ts) and the forms read the limits to refuse a value that
 * is too long on the field itself.
 *
 * - A NUL character (U+0000, which PostgreSQL text and jsonb cannot hold and
 *   which a paste can carry) becomes U+FFFD, so the text is kept and shows
 *   where something unreadable was, instead of being refused by the server.
 * - A lone UTF-16 surrogate (half of an emoji cut by a paste or a truncation;
 *   not a character, and refused by PostgreSQL's JSON) becomes U+FFFD too,
 *   as `String.prototype.toWellFormed` does. A valid pair is kept.
 * - A length past the field's limit (in characters, as PostgreSQL's
 *   `length()` counts them: code points) is refused, never cut.
 *
 * The limits are one table, `TEXT_LIMITS`, which the server's
 * `private.text_limits()` repeats field by field (migration
 * 20261127110000_text_limits.sql); a test reads both and fails when they
 * differ (tests/integration/schema/textLimits.test.ts).
 */

/** The replacement character a NUL or a lone surrogate becomes (Unicode's own choice for "unreadable"). */
export const REPLACEMENT_CHAR = '\uFFFD';

/** Anything the rule changes: NUL or any surrogate half (pairs are checked one by one). */
// eslint-disable-next-line no-control-regex -- NUL is the very character this rule exists for.
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

/**
 * `text` as it may be stored: NUL and lone surrogates become U+FFFD; every
 * other character, surrogate pairs (emoji) included, is kept. Returns the
 * same string when there is nothing to change.
 */
export function storableText(text: string): string {
  if (!SUSPECT.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) out += REPLACEMENT_CHAR;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text.slice(i, i + 2);
        i++;
      } else out += REPLACEMENT_CHAR;
    } else if (c >= 0xdc00 && c <= 0xdfff) out += REPLACEMENT_CHAR;
    else out += text.charAt(i);
  }
  return out;
}

/**
 * `value` with `storableText` applied to every string in it, object keys
 * included (a details key is text too), at any depth. Values with nothing to
 * change come back as the same object (no copy), so a large document costs
 * one walk.
 */
export function storableValue<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      const next = storableValue(item);
      if (next !== item) (copy ??= value.slice())[i] = next;
    });
    return (copy ?? value) as T;
  }
  if (value !== null && typeof value === 'object') {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const safeKey = storableText(key);
      const next = storableValue(item);
      if (safeKey !== key || next !== item) {
        copy ??= { ...(value as Record<string, unknown>) };
        if (safeKey !== key) delete copy[key];
        copy[safeKey] = next;
      }
    }
    return (copy ?? value) as T;
  }
  return value;
}

/** A text's length as PostgreSQL's `length()` counts it: characters (code points), an emoji is 1. */
export function textLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * The longest text each field takes, in characters, keyed `table.column` or
 * `projects.details.<path>` for a text inside a project's details. Product
 * rules are silent on most lengths; these are ours (docs/decisions.md): room
 * for any real value with a wide margin, small enough that one pasted page of
 * text is refused on the field instead of sent. Messages, reviews and quote
 * notes, a quote's decline reason and signer's name keep the limits the
 * server already had.
 */
export const TEXT_LIMITS = {
  'projects.name': 200,
  'projects.details.description': 4000,
  'projects.details.projectType': 60,
  'projects.details.email': 320,
  'projects.details.phone': 40,
  'projects.details.address': 500,
  'projects.details.budget': 100,
  'projects.details.customBudget': 100,
  'projects.details.cabinetData.form.nrs': 200,
  'projects.details.cabinetData.form.door': 200,
  'projects.details.cabinetData.form.drawerFront': 200,
  'projects.details.cabinetData.form.color': 200,
  'projects.details.cabinetData.form.finish': 200,
  'projects.details.cabinetData.form.poNumber': 60,
  'projects.details.cabinetData.notes': 4000,
  'profiles.email': 320,
  'profiles.first_name': 100,
  'profiles.last_name': 100,
  'profiles.phone': 40,
  'profiles.address': 500,
  'profiles.locale': 35,
  'project_files.file_name': 255,
  'quotes.notes': 2000,
  'quotes.decline_reason': 500,
  'quotes.signer_name': 200,
  'messages.body': 4000,
  'reviews.body': 2000,
  'reviews.reply': 2000,
  'visits.message': 2000,
} as const satisfies Record<string, number>;

/** A field the text rule limits: `table.column` or `projects.details.<path>`. */
export type TextField = keyof typeof TEXT_LIMITS;

/** The field's limit in characters, or undefined for a field with none. */
export function textLimit(field: string): number | undefined {
  return (TEXT_LIMITS as Record<string, number>)[field];
}

/** One field past its limit: which, its limit and the length it had (characters). */
export interface TooLong {
  field: TextField;
  limit: number;
  length: number;
}

/** The value at a dotted path inside an object (undefined where a step is missing). */
function at(value: unknown, path: readonly string[]): unknown {
  let v = value;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/**
 * Every limited field of `table` that `values` (column → value; for projects
 * `details` as a whole or partial object) holds past its limit. `[]` when
 * all fit. Only strings are measured; other values are other rules' business.
 */
export function tooLongFields(table: string, values: Record<string, unknown>): TooLong[] {
  const out: TooLong[] = [];
  const prefix = `${table}.`;
  for (const [field, limit] of Object.entries(TEXT_LIMITS)) {
    if (!field.startsWith(prefix)) continue;
    const value = at(values, field.slice(prefix.length).split('.'));
    if (typeof value !== 'string' || value.length <= limit) continue;
    const length = textLength(value);
    if (length > limit) out.push({ field: field as TextField, limit, length });
  }
  return out;
}

/** "Keep this under 61 characters (it has 50,000)": the field's message, in the user's words. */
export function tooLongText(limit: number, length?: number): string {
  const n = limit.toLocaleString('en-US');
  return length === undefined
    ? `Keep this to ${n} characters`
    : `Keep this to ${n} characters (it has ${length.toLocaleString('en-US')})`;
}

/**
 * The limit and length a `tooLongText` message carries, or null when `text` is not one: the
 * inverse of `tooLongText`, kept beside it so the screens can word it in the language shown
 * (src/i18n/domainTexts.ts) while the domain stays free of Lingui.
 */
export function readTooLongText(text: string): { limit: number; length?: number } | null {
  const found = /^Keep this to ([\d,]+) characters(?: \(it has ([\d,]+)\))?$/.exec(text);
  if (!found) return null;
  const limit = Number(found[1]!.replace(/,/g, ''));
  const length = found[2] === undefined ? undefined : Number(found[2].replace(/,/g, ''));
  return length === undefined ? { limit } : { limit, length };
}

/**
 * The message for a form field holding `value`, or undefined when it fits:
 * the form shows it on the field and does not save.
 */
export function textFieldError(
  field: TextField,
  value: string | null | undefined,
): string | undefined {
  if (typeof value !== 'string') return undefined;
  const limit = TEXT_LIMITS[field];
  if (value.length <= limit) return undefined;
  const length = textLength(value);
  return length > limit ? tooLongText(limit, length) : undefined;
}
