/**
 * Tape-measure display of finished sizes: the nearest 1/16", reduced
 * (`15 7/16"`, `15 1/2"`, `15"`), and the decimal to 3 places (`15.438`).
 * An order sheet must make it impossible to misread a size, so the
 * only denominators ever printed are 2, 4, 8 and 16, and the decimal always
 * has exactly 3 places.
 */
import { roundHalfUp } from './inches';

/** What is shown for a part whose size cannot be computed. */
export const NO_SIZE = '—';

export interface Sixteenths {
  whole: number;
  /** Reduced numerator, 0 when the size is a whole inch. */
  numerator: number;
  /** 1 (whole inch), 2, 4, 8 or 16. */
  denominator: number;
}

/**
 * Splits a non-negative length in inches into whole inches and a reduced
 * fraction at the nearest 1/16". Ties (exact 1/32 steps) round up
 * (docs/decisions.md). Returns `null` for negative or non-finite input.
 */
export function toSixteenths(valueIn: number): Sixteenths | null {
  if (!Number.isFinite(valueIn) || valueIn < 0) return null;
  const total = Math.round(roundHalfUp(valueIn * 16, 0));
  const whole = Math.floor(total / 16);
  let numerator = total % 16;
  let denominator = 16;
  if (numerator === 0) return { whole, numerator: 0, denominator: 1 };
  while (numerator % 2 === 0) {
    numerator /= 2;
    denominator /= 2;
  }
  return { whole, numerator, denominator };
}

/**
 * Formats a length as a tape measure reads it: `15 7/16"`, `7/16"`, `15"`.
 * Invalid (negative, NaN, infinite, null) → "—".
 */
export function formatFraction(valueIn: number | null | undefined): string {
  if (valueIn === null || valueIn === undefined) return NO_SIZE;
  const s = toSixteenths(valueIn);
  if (!s) return NO_SIZE;
  if (s.numerator === 0) return `${s.whole}"`;
  if (s.whole === 0) return `${s.numerator}/${s.denominator}"`;
  return `${s.whole} ${s.numerator}/${s.denominator}"`;
}

/**
 * A finished size as a tape measure reads it, width × height in inches:
 * `13 7/8" × 24 1/16"`. Every view that shows a size pair uses this, so an
 * inch mark is written once (formatFraction carries it; never add another).
 */
export function formatSize(
  widthIn: number | null | undefined,
  heightIn: number | null | undefined,
): string {
  return `${formatFraction(widthIn)} × ${formatFraction(heightIn)}`;
}

/** Formats a length as a decimal with exactly 3 places, half up: `15.438`. Invalid → "—". */
export function formatDecimal(valueIn: number | null | undefined): string {
  if (valueIn === null || valueIn === undefined || !Number.isFinite(valueIn) || valueIn < 0)
    return NO_SIZE;
  return roundHalfUp(valueIn, 3).toFixed(3);
}

/**
 * A length as the exports carry it: the decimal to 4 places, half up, with
 * at least 3 (`8.3125`, `15.500`, `17.3758`), so every 1/16" is exact and
 * a computed size is within 0.00005". Invalid → "—".
 */
export function formatExactDecimal(valueIn: number | null | undefined): string {
  if (valueIn === null || valueIn === undefined || !Number.isFinite(valueIn) || valueIn < 0)
    return NO_SIZE;
  const text = roundHalfUp(valueIn, 4).toFixed(4);
  return text.endsWith('0') ? text.slice(0, -1) : text;
}

/**
 * Parses a length typed or stored by a form: a number, a decimal string
 * (`"15.5"`, `".5"`, `"15."`), or a tape-measure string (`"15 1/2"`, `"7/16"`,
 * an optional trailing `"`). Returns `null` for empty, non-numeric, negative or
 * non-finite input. Never throws.
 */
export function parseInches(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? raw : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim().replace(/"$/, '').trim();
  if (text === '') return null;
  // A run of hundreds of digits reads as Infinity, and such a fraction as NaN: neither is a length.
  const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);
  if (/^(\d+\.?\d*|\.\d+)$/.test(text)) return finite(Number(text));
  const m = /^(?:(\d+)\s+)?(\d+)\/(\d+)$/.exec(text);
  if (m) {
    const whole = m[1] ? Number(m[1]) : 0;
    const den = Number(m[3]);
    if (den === 0) return null;
    return finite(whole + Number(m[2]) / den);
  }
  return null;
}
