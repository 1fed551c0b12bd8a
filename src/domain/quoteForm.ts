/**
 * The quote editor's fields as typed, and reading them back into a quote's
 * content. A field that cannot be read gets its message and keeps its text:
 * nothing typed is changed or dropped, the content is simply not saved until
 * every field reads. Money is typed in dollars and stored in integer cents.
 */
import {
  COUNTED_KINDS,
  QUOTE_LIMITS,
  quoteLineError,
  type QuoteLine,
  type QuoteLineKind,
} from './quoteTotals';

/** One line as the editor shows it: the texts typed, and what is carried unchanged (area, size). */
export interface QuoteLineText {
  kind: QuoteLineKind;
  description: string;
  quantity: string;
  /** Dollars, e.g. "12.50" (per square foot when `sqft` is set). */
  price: string;
  /** Billable square feet of one piece (door-order lines), carried as is. */
  sqft?: number;
  /**
   * Square feet of one piece as typed, on a door or drawer-front line written
   * by hand and priced per square foot (absent: priced per piece).
   */
  area?: string;
  /** Finished size of one piece, inches, carried as is. */
  width?: number;
  height?: number;
  /** A hinge line's overlay, inches, carried as is. */
  overlay?: number;
}

/** The quote editor's whole form as typed. */
export interface QuoteFormText {
  lines: QuoteLineText[];
  /** Percent, e.g. "8.25". */
  taxRate: string;
  /** YYYY-MM-DD or "". */
  validUntil: string;
  notes: string;
}

/** Messages per field of one line; `line` is for the line as a whole (its amount). */
export interface QuoteLineErrors {
  description?: string;
  quantity?: string;
  price?: string;
  area?: string;
  line?: string;
}

export interface QuoteFormErrors {
  lines: QuoteLineErrors[];
  /** About the number of lines. */
  count?: string;
  taxRate?: string;
  validUntil?: string;
  notes?: string;
}

/** A quote's content as stored (the shape of the quotes repository's content). */
export interface QuoteFormContent {
  lines: QuoteLine[];
  tax_rate: number;
  valid_until: string | null;
  notes: string;
}

/** The database's limit on a quote's notes, characters. */
export const QUOTE_NOTES_MAX = 2000;
/** The highest price of one unit the database takes, dollars (10,000,000 cents). */
const MAX_PRICE_DOLLARS = QUOTE_LIMITS.maxUnitCents / 100;

/** Cents as the dollars a person types: 1250 → "12.50". */
export function centsToText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** True for a door or drawer-front line written by hand (no finished size from the door order). */
export function isHandPiece(line: Pick<QuoteLine, 'kind' | 'width' | 'height'>): boolean {
  return (
    (line.kind === 'door' || line.kind === 'drawerFront') &&
    (line.width === undefined || line.height === undefined)
  );
}

/** A stored line as the editor shows it. */
export function lineToText(line: QuoteLine): QuoteLineText {
  const { kind, description, quantity, unit_cents, sqft, width, height, overlay } = line;
  if (isHandPiece(line))
    return {
      kind,
      description,
      quantity: String(quantity),
      price: centsToText(unit_cents),
      ...(sqft === undefined ? {} : { area: String(sqft) }),
    };
  return {
    kind,
    description,
    quantity: String(quantity),
    price: centsToText(unit_cents),
    ...(sqft === undefined ? {} : { sqft }),
    ...(width === undefined ? {} : { width }),
    ...(height === undefined ? {} : { height }),
    ...(overlay === undefined ? {} : { overlay }),
  };
}

/** Stored content as the editor shows it. */
export function contentToText(c: QuoteFormContent): QuoteFormText {
  return {
    lines: c.lines.map(lineToText),
    taxRate: String(c.tax_rate),
    validUntil: c.valid_until ?? '',
    notes: c.notes,
  };
}

/** Decimals written in a plain number text ("1.50" → 2). */
function decimals(t: string): number {
  const dot = t.indexOf('.');
  return dot < 0 ? 0 : t.length - dot - 1;
}

/** A plain decimal number as typed ("1,200.5", "$12"), or null when it is not one. */
function readNumber(text: string): { n: number; places: number } | null {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  return { n: Number(t), places: decimals(t) };
}

function readQuantity(text: string, kind: QuoteLineKind): number | string {
  if (text.trim() === '') return 'Enter a quantity';
  const r = readNumber(text);
  if (!r) return 'Enter a number, e.g. 2 or 1.5';
  if (r.n <= 0) return 'The quantity must be more than 0';
  if (r.n > QUOTE_LIMITS.maxQuantity) return 'The quantity must be at most 10,000';
  if (r.places > QUOTE_LIMITS.quantityDecimals) return 'Use at most 3 decimals';
  if (COUNTED_KINDS.includes(kind) && !Number.isInteger(r.n)) return 'Count whole pieces, e.g. 14';
  return r.n;
}

/** Square feet of one piece as typed → a number, or the field's message. */
function readArea(text: string): number | string {
  if (text.trim() === '') return 'Enter the square feet of one piece, e.g. 4.5';
  const r = readNumber(text);
  if (!r) return 'Enter the square feet of one piece, e.g. 4.5';
  if (r.n <= 0 || r.n > QUOTE_LIMITS.maxSqft)
    return 'The area must be more than 0 and at most 100 sq ft';
  if (r.places > QUOTE_LIMITS.sqftDecimals) return 'Use at most 4 decimals';
  return r.n;
}

/** Dollars as typed → whole cents, or the field's message. */
function readPrice(text: string): number | string {
  if (text.trim() === '') return 'Enter a price, e.g. 12.50';
  const r = readNumber(text);
  if (!r) return 'Enter a price, e.g. 12.50';
  if (r.n < 0) return 'A price cannot be negative';
  if (r.n > MAX_PRICE_DOLLARS) return 'The price must be at most $100,000.00';
  if (r.places > 2) return 'Use dollars and cents, e.g. 12.50';
  return Math.round(r.n * 100);
}

/**
 * Reads one line. `n` is its 1-based number (for the line-wide message, in
 * the database's words). Returns the line, or null with the messages.
 */
export function readQuoteLine(
  t: QuoteLineText,
  n: number,
): { line: QuoteLine | null; errors: QuoteLineErrors } {
  const errors: QuoteLineErrors = {};
  if (t.description.trim() === '') errors.description = 'Enter a description';
  else if (t.description.length > QUOTE_LIMITS.descriptionChars)
    errors.description = `Keep the description to 500 characters (now ${t.description.length})`;
  const quantity = readQuantity(t.quantity, t.kind);
  if (typeof quantity === 'string') errors.quantity = quantity;
  const cents = readPrice(t.price);
  if (typeof cents === 'string') errors.price = cents;
  const area = t.area === undefined ? undefined : readArea(t.area);
  if (typeof area === 'string') errors.area = area;
  if (
    typeof quantity === 'string' ||
    typeof cents === 'string' ||
    typeof area === 'string' ||
    errors.description
  )
    return { line: null, errors };
  const sqft = area ?? t.sqft;
  const line: QuoteLine = {
    kind: t.kind,
    description: t.description,
    quantity,
    unit_cents: cents,
    ...(sqft === undefined ? {} : { sqft }),
    ...(t.width === undefined ? {} : { width: t.width }),
    ...(t.height === undefined ? {} : { height: t.height }),
    ...(t.overlay === undefined ? {} : { overlay: t.overlay }),
  };
  const whole = quoteLineError(line, n);
  if (whole) return { line: null, errors: { line: whole } };
  return { line, errors };
}

/** Reads the tax rate (percent) or gives the field's message. */
export function readTaxRate(text: string): number | string {
  if (text.trim() === '') return 'Enter the tax rate, e.g. 8.25 (0 for none)';
  const r = readNumber(text.replace(/%\s*$/, ''));
  if (!r) return 'Enter the tax rate, e.g. 8.25 (0 for none)';
  if (r.n < 0 || r.n > QUOTE_LIMITS.maxTaxRate) return 'The tax rate must be from 0 to 100 %';
  if (r.places > QUOTE_LIMITS.taxRateDecimals) return 'Use at most 3 decimals';
  return r.n;
}

/**
 * Reads the valid-until date against `today` (YYYY-MM-DD, the device's
 * date). Required, as the server requires it to send a quote; a date
 * before today is refused (the server refuses it too).
 */
export function readValidUntil(text: string, today: string): string | { error: string } {
  const t = text.trim();
  if (t === '') return { error: 'Choose a valid-until date' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(t) || Number.isNaN(Date.parse(`${t}T00:00:00Z`)))
    return { error: 'Enter a date' };
  if (t < today) return { error: 'The valid-until date is in the past' };
  return t;
}

/**
 * Reads the whole form. `today` is YYYY-MM-DD. The content comes back only
 * when every field reads; the messages are per field either way.
 */
export function readQuoteForm(
  form: QuoteFormText,
  today: string,
): { content: QuoteFormContent | null; errors: QuoteFormErrors } {
  const read = form.lines.map((l, i) => readQuoteLine(l, i + 1));
  const errors: QuoteFormErrors = { lines: read.map((r) => r.errors) };
  if (form.lines.length > QUOTE_LIMITS.lines)
    errors.count = `A quote has at most 500 lines (now ${form.lines.length}): remove ${form.lines.length - QUOTE_LIMITS.lines}`;
  const tax = readTaxRate(form.taxRate);
  if (typeof tax === 'string') errors.taxRate = tax;
  const until = readValidUntil(form.validUntil, today);
  if (typeof until === 'object') errors.validUntil = until.error;
  if (form.notes.length > QUOTE_NOTES_MAX)
    errors.notes = `Keep the notes under 2,000 characters (now ${form.notes.length})`;
  const lines = read.map((r) => r.line);
  const ok =
    !errors.count &&
    typeof tax === 'number' &&
    typeof until === 'string' &&
    !errors.notes &&
    lines.every((l) => l !== null);
  if (!ok) return { content: null, errors };
  return {
    content: {
      lines: lines,
      tax_rate: tax,
      valid_until: until,
      notes: form.notes,
    },
    errors,
  };
}

/** True when the form has any message. */
export function hasFormErrors(e: QuoteFormErrors): boolean {
  return (
    !!(e.count || e.taxRate || e.validUntil || e.notes) ||
    e.lines.some((l) => l.description || l.quantity || l.price || l.area || l.line)
  );
}
