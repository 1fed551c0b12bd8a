/**
 * A quote's money: line amounts, subtotal, tax and total in integer cents,
 * and the quote lines built from a door order and a price list.
 *
 * Rounding rule (the database applies the same one when it stores a quote,
 * so the printed figures and the signed ones are the same numbers):
 * - a line's amount is quantity × (billable square feet per piece, or 1) ×
 *   unit price in cents, computed exactly and rounded ONCE to a whole cent,
 *   half away from zero;
 * - the subtotal is the exact sum of the rounded line amounts (so the printed
 *   lines always add up);
 * - the tax is subtotal × tax rate ÷ 100, computed exactly and rounded once to
 *   a whole cent, half away from zero;
 * - total = subtotal + tax.
 * Quantities have at most 3 decimals, billable areas 4, prices are whole
 * cents and the tax rate a percentage with at most 3 decimals, so every
 * product is an exact decimal: it is computed with BigInt, never in floating
 * point, and no figure is rounded twice.
 */
import type { DoorOrder } from './doorOrder';
import { formatFraction, formatSize } from './fractions';
import type { PriceList } from './pricing';

/** What a quote line is for. */
export type QuoteLineKind =
  'door' | 'drawerFront' | 'hinge' | 'finish' | 'labor' | 'removal' | 'delivery' | 'other';

export const QUOTE_LINE_KINDS: readonly QuoteLineKind[] = [
  'door',
  'drawerFront',
  'hinge',
  'finish',
  'labor',
  'removal',
  'delivery',
  'other',
];

/**
 * One line of a quote, exactly as stored in `quotes.lines` (the server checks
 * the same rules and covers these keys with the quote's hash).
 */
export interface QuoteLine {
  kind: QuoteLineKind;
  /** What the homeowner reads, at most 500 characters. */
  description: string;
  /** Pieces, hours or units: more than 0, at most 10,000, at most 3 decimals. */
  quantity: number;
  /** Price of one unit in whole cents (of one square foot when `sqft` is given), 0 to 10,000,000. */
  unit_cents: number;
  /** Billable square feet of one piece (a door or drawer front priced by area), at most 4 decimals. */
  sqft?: number;
  /** Finished width of one piece, inches (shown only). */
  width?: number;
  /** Finished height of one piece, inches (shown only). */
  height?: number;
  /** A hinge line's overlay, inches (more than 0, at most 4): the hinge size the door order counted. */
  overlay?: number;
}

/** The kinds counted in whole pieces: a door, a drawer front, a hinge. */
export const COUNTED_KINDS: readonly QuoteLineKind[] = ['door', 'drawerFront', 'hinge'];

/** The limits of a quote, the same as the database's. */
export const QUOTE_LIMITS = {
  lines: 500,
  descriptionChars: 500,
  maxQuantity: 10_000,
  quantityDecimals: 3,
  maxUnitCents: 10_000_000,
  maxSqft: 100,
  sqftDecimals: 4,
  maxLineCents: 1_000_000_000,
  maxTaxRate: 100,
  taxRateDecimals: 3,
} as const;

export interface QuoteTotals {
  /** Each line's amount in cents, in line order. */
  lineCents: number[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * True when `value` is finite and is the number nearest a decimal of at most
 * `places` decimals, i.e. it is sent as such in JSON (0.1 + 0.2 is not: it
 * is sent as 0.30000000000000004, which the database refuses).
 */
function hasDecimals(value: number, places: number): boolean {
  return (
    Number.isFinite(value) && Math.abs(value) < 1e15 && Number(value.toFixed(places)) === value
  );
}

/**
 * The problem with one line in the user's words (the database's texts), or
 * null when it is valid. `n` is the 1-based line number used in the text.
 */
export function quoteLineError(line: QuoteLine, n: number): string | null {
  const checked = checkLine(line, n);
  return typeof checked === 'string' ? checked : null;
}

/** The line's problem in the user's words, or its amount in cents when it is valid. */
function checkLine(line: QuoteLine, n: number): string | bigint {
  const L = QUOTE_LIMITS;
  if (!QUOTE_LINE_KINDS.includes(line.kind)) return `Line ${n}: unknown kind`;
  if (typeof line.description !== 'string') return `Line ${n}: enter a description`;
  if (line.description.length > L.descriptionChars)
    return `Line ${n}: keep the description to 500 characters`;
  if (
    typeof line.quantity !== 'number' ||
    !(line.quantity > 0 && line.quantity <= L.maxQuantity) ||
    !hasDecimals(line.quantity, L.quantityDecimals)
  )
    return `Line ${n}: the quantity must be more than 0 and at most 10,000 (3 decimals)`;
  if (COUNTED_KINDS.includes(line.kind) && !Number.isInteger(line.quantity))
    return `Line ${n}: count whole pieces`;
  if (
    typeof line.unit_cents !== 'number' ||
    !Number.isInteger(line.unit_cents) ||
    line.unit_cents < 0 ||
    line.unit_cents > L.maxUnitCents
  )
    return `Line ${n}: the price must be whole cents from 0 to 10,000,000`;
  if (line.sqft !== undefined && line.kind !== 'door' && line.kind !== 'drawerFront')
    return `Line ${n}: only a door or drawer-front line is priced by area`;
  if (
    line.sqft !== undefined &&
    (typeof line.sqft !== 'number' ||
      !(line.sqft > 0 && line.sqft <= L.maxSqft) ||
      !hasDecimals(line.sqft, L.sqftDecimals))
  )
    return `Line ${n}: the area must be more than 0 and at most 100 square feet (4 decimals)`;
  for (const size of [line.width, line.height]) {
    if (size !== undefined && !(typeof size === 'number' && size >= 0 && size <= 1000))
      return `Line ${n}: the size must be inches from 0 to 1,000`;
  }
  if (
    line.overlay !== undefined &&
    (line.kind !== 'hinge' ||
      typeof line.overlay !== 'number' ||
      !(line.overlay > 0 && line.overlay <= 4))
  )
    return `Line ${n}: an overlay belongs on a hinge line, more than 0 and at most 4 inches`;
  const cents = exactLineCents(line);
  if (cents > BigInt(L.maxLineCents)) return `Line ${n}: the amount is over $10,000,000`;
  return cents;
}

/** Every problem of a quote's lines and tax rate, in the user's words; [] when it can be saved. */
export function quoteErrors(lines: readonly QuoteLine[], taxRatePercent: number): string[] {
  const errors: string[] = [];
  if (lines.length > QUOTE_LIMITS.lines) errors.push('A quote has at most 500 lines');
  if (
    !(taxRatePercent >= 0 && taxRatePercent <= QUOTE_LIMITS.maxTaxRate) ||
    !hasDecimals(taxRatePercent, QUOTE_LIMITS.taxRateDecimals)
  )
    errors.push('The tax rate must be from 0 to 100 %');
  lines.slice(0, QUOTE_LIMITS.lines).forEach((line, i) => {
    const e = quoteLineError(line, i + 1);
    if (e) errors.push(e);
  });
  return errors;
}

/** `n / d` rounded half away from zero (d > 0). */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/**
 * quantity × (sqft or 1) × unit_cents, rounded once to a cent (no
 * validation). In plain integers while the product is exact in a double
 * (below 2^53, the usual case), else in BigInt: the same result either way.
 */
function exactLineCents(line: QuoteLine): bigint {
  const q = Math.round(line.quantity * 1000);
  const s = line.sqft === undefined ? 10_000 : Math.round(line.sqft * 10_000);
  const n = q * s * line.unit_cents;
  if (Number.isSafeInteger(n) && n >= 0) {
    const r = n % 10_000_000;
    return BigInt((n - r) / 10_000_000 + (r * 2 >= 10_000_000 ? 1 : 0));
  }
  return divRound(BigInt(q) * BigInt(s) * BigInt(line.unit_cents), 10n ** 7n);
}

/**
 * Computes a quote's figures in integer cents with the rounding rule of this
 * module's header. `taxRatePercent` is a percentage, e.g. 8.25.
 * Throws a RangeError with the user's words (the first of
 * {@link quoteErrors}) when a line or the tax rate breaks the rules, so a
 * negative, NaN or unbounded figure never comes out.
 */
export function quoteTotals(lines: readonly QuoteLine[], taxRatePercent: number): QuoteTotals {
  const taxOrCount = quoteErrors([], taxRatePercent);
  if (lines.length > QUOTE_LIMITS.lines) throw new RangeError('A quote has at most 500 lines');
  if (taxOrCount.length > 0) throw new RangeError(taxOrCount[0]);
  const cents = lines.map((line, i) => {
    const checked = checkLine(line, i + 1);
    if (typeof checked === 'string') throw new RangeError(checked);
    return checked;
  });
  const subtotal = cents.reduce((a, b) => a + b, 0n);
  const rate = BigInt(Math.round(taxRatePercent * 1000));
  const tax = divRound(subtotal * rate, 100_000n);
  return {
    lineCents: cents.map(Number),
    subtotalCents: Number(subtotal),
    taxCents: Number(tax),
    totalCents: Number(subtotal + tax),
  };
}

/** `value` rounded half up to `places` decimals (non-negative values). */
function roundTo(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.floor(value * factor + 0.5 + 1e-9 * Math.max(1, value * factor)) / factor;
}

/** Dollars from a price list as whole cents (a price list may hold fractions of a cent). */
function toCents(dollars: number): number {
  return Math.round(roundTo(dollars, 4) * 100);
}

/**
 * The descriptions of the lines a quote's door order writes, in one language: the quote is the
 * homeowner's document, so they are written in her language when the line is made (the app's
 * Lingui catalogs give them, src/i18n/quoteLineWords.ts); what is stored, signed
 * and printed is that text. Sizes come in already written ("14 1/2\" × 30\"", "1/2\"").
 */
export interface QuoteLineWords {
  /** A door of `size`; `style` the door style and color ("Shaker, White"), '' when none. */
  door(size: string, style: string): string;
  /** A drawer front of `size`; `style` as for a door. */
  drawerFront(size: string, style: string): string;
  /** Hinges for an `overlay` ("1/2\""), their boring included. */
  hinge(overlay: string): string;
  /** The finish per square foot; `finish` its name, '' when none. */
  finish(finish: string): string;
  laborPerDoor(): string;
  laborPerDrawerFront(): string;
  removal(): string;
  delivery(): string;
}

/** The lines' English words (the source catalog's), for code with no Lingui instance at hand. */
export const ENGLISH_LINE_WORDS: QuoteLineWords = {
  door: (size, style) => (style === '' ? `Door ${size}` : `Door ${size}, ${style}`),
  drawerFront: (size, style) =>
    style === '' ? `Drawer front ${size}` : `Drawer front ${size}, ${style}`,
  hinge: (overlay) => `Hinge for ${overlay} overlay, with boring`,
  finish: (finish) =>
    finish === ''
      ? 'Finish, per sq ft of doors and drawer fronts'
      : `Finish: ${finish}, per sq ft of doors and drawer fronts`,
  laborPerDoor: () => 'Labor, per door',
  laborPerDrawerFront: () => 'Labor, per drawer front',
  removal: () => 'Remove and haul away the old doors and drawer fronts',
  delivery: () => 'Delivery',
};

/**
 * The quote lines of a door order priced from the contractor's price list:
 * one line per door size and per drawer-front size (quantity = pieces,
 * priced by area: each piece's finished width × height in square feet, but
 * never less than the list's minimum per piece, rounded to 4 decimals of a
 * square foot), then one line per hinge size (the list's price per hinge
 * covers its boring). `styles` names the door and drawer-front styles and
 * the color in the descriptions, written by `words` (English by default). Sizes are inches.
 */
export function quoteLinesFromDoorOrder(
  order: Pick<DoorOrder, 'doors' | 'drawerFronts' | 'hinges'>,
  prices: PriceList,
  styles: { door?: string; drawerFront?: string; color?: string } = {},
  words: QuoteLineWords = ENGLISH_LINE_WORDS,
): QuoteLine[] {
  const style = (name: string | undefined) =>
    [name, styles.color].filter((s) => s !== undefined && s.trim() !== '').join(', ');
  const piece = (kind: 'door' | 'drawerFront', l: DoorOrder['doors'][number]): QuoteLine => {
    const rate = kind === 'door' ? prices.doorPerSqFt : prices.drawerFrontPerSqFt;
    const min = kind === 'door' ? prices.minDoorSqFt : prices.minDrawerFrontSqFt;
    const actual = (l.width * l.height) / 144;
    const sqft = roundTo(Math.max(Number.isFinite(actual) ? actual : 0, min, 0.0001), 4);
    const size = formatSize(l.width, l.height);
    const named = style(kind === 'door' ? styles.door : styles.drawerFront);
    return {
      kind,
      description: kind === 'door' ? words.door(size, named) : words.drawerFront(size, named),
      quantity: l.quantity,
      // No price for this kind in the list: $0.00 for the contractor to price, as without a list.
      unit_cents: toCents(rate ?? 0),
      sqft,
      width: roundTo(l.width, 4),
      height: roundTo(l.height, 4),
    };
  };
  return [
    ...order.doors.map((l) => piece('door', l)),
    ...order.drawerFronts.map((l) => piece('drawerFront', l)),
    ...order.hinges
      .filter((h) => h.quantity > 0)
      .map((h): QuoteLine => ({
        kind: 'hinge',
        description: words.hinge(formatFraction(h.size)),
        quantity: h.quantity,
        unit_cents: toCents(prices.perHinge),
        ...(h.size > 0 && h.size <= 4 ? { overlay: roundTo(h.size, 4) } : {}),
      })),
  ];
}
