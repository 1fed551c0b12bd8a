/**
 * The one reader of a measurement as a contractor types it off the tape
 * measure, for every measurement field of the builder (opening width and
 * height, the job's stiles and rails, a cabinet's stile/rail override).
 *
 * Accepted (inches): decimals ("14.375", ".5", "14,5"), whole + fraction
 * ("14 3/8", "14-3/8", `14 3/8"`, "14 3/8 in"), a fraction alone ("3/8").
 * The value is stored as digits and a decimal point (product rules "Input checks" "width and height
 * accept only digits and a decimal point"): "14 3/8" is stored as "14.375".
 * Nothing is ever guessed: text that is not one of these shapes is an error
 * and the caller keeps the text on screen with the message.
 */

/** Spec-free bound, decided with the trade: no cabinet opening or frame part is over 10 feet. */
export const MAX_MEASUREMENT_IN = 120;
/** An opening wider than this is almost always a typo (or two cabinets); warn, do not refuse. */
export const WIDE_OPENING_WARN_IN = 60;

/**
 * The message for anything that is not a size (negative, letters, "1/0", "14 3/", "14 9/8").
 * Every message says "Not saved": the field keeps its last good size until the text is one.
 */
export const MEASUREMENT_FORMAT_ERROR = 'Not saved: enter a size like 14 3/8';
/** The message for an opening of 0 (a frame part may be 0): an opening always has a size. */
export const MEASUREMENT_ZERO_ERROR =
  'Not saved: an opening cannot be 0; enter its size, like 14 3/8';
/** The message for a size above `MAX_MEASUREMENT_IN`. */
export const MEASUREMENT_TOO_BIG_ERROR = `Not saved: enter a size of ${MAX_MEASUREMENT_IN}" or less`;
/** The warning for an opening wider than `WIDE_OPENING_WARN_IN`. */
export const WIDE_OPENING_WARNING = `Over ${WIDE_OPENING_WARN_IN}" wide: check the measurement`;

/** Which field is read: an opening width gets the wide-opening warning; frame parts may be 0 (product rules "Input checks": minimum 0). */
export type MeasurementKind = 'openingWidth' | 'openingHeight' | 'frame';

export type ParsedMeasurement =
  | {
      ok: true;
      /** Inches, exact as typed (a fraction's decimal to 5 places). */
      value: number;
      /** What is stored: digits and a decimal point, e.g. "14.375" (product rules "Input checks"). */
      stored: string;
      /** Set when the size is accepted but implausible (shown on the field, the part stays on the order). */
      warning?: string;
    }
  | {
      ok: false;
      /** True for empty input: "not measured yet", not an error on the field. */
      empty: boolean;
      /** The message shown on the field (empty string when `empty`). */
      error: string;
    };

/** Up to 5 decimals, no trailing zeros: every tape fraction down to 1/32 is exact. */
function decimalText(n: number): string {
  return String(Number(n.toFixed(5)));
}

const DECIMAL = /^(\d+(?:[.,]\d*)?|[.,]\d+)$/;
const FRACTION = /^(?:(\d+)(?:\s+|\s*-\s*))?(\d+)\/(\d+)$/;

/**
 * Parses one measurement. Empty (or only spaces) → `{ ok: false, empty: true }`.
 * Negative, unparseable, a zero denominator,
 * a fraction of 1 or more after a whole number ("14 9/8") → the
 * `MEASUREMENT_FORMAT_ERROR`; zero (unless `kind` is 'frame') → `MEASUREMENT_ZERO_ERROR`; above 120" → `MEASUREMENT_TOO_BIG_ERROR`; an
 * opening width above 60" is accepted with `WIDE_OPENING_WARNING`. Never throws.
 */
export function parseMeasurement(
  typed: string,
  kind: MeasurementKind = 'openingWidth',
): ParsedMeasurement {
  const text = typed
    .trim()
    .replace(/\s*(?:"|''|”|″|in\.?|inch(?:es)?)$/i, '')
    .trim();
  if (text === '') return { ok: false, empty: true, error: '' };
  const bad = { ok: false, empty: false, error: MEASUREMENT_FORMAT_ERROR } as const;
  let value: number;
  if (DECIMAL.test(text)) {
    value = Number(text.replace(',', '.'));
  } else {
    const m = FRACTION.exec(text);
    if (!m) return bad;
    const num = Number(m[2]);
    const den = Number(m[3]);
    if (den === 0) return bad;
    if (m[1] !== undefined && num >= den) return bad;
    value = (m[1] !== undefined ? Number(m[1]) : 0) + num / den;
  }
  if (!Number.isFinite(value) || value < 0) return bad;
  if (value === 0 && kind !== 'frame')
    return { ok: false, empty: false, error: MEASUREMENT_ZERO_ERROR };
  if (value > MAX_MEASUREMENT_IN)
    return { ok: false, empty: false, error: MEASUREMENT_TOO_BIG_ERROR };
  const stored = decimalText(value);
  const warning =
    kind === 'openingWidth' && value > WIDE_OPENING_WARN_IN ? WIDE_OPENING_WARNING : undefined;
  return warning
    ? { ok: true, value: Number(stored), stored, warning }
    : { ok: true, value: Number(stored), stored };
}
