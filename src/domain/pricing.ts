/**
 * Prices on a door order, from the contractor's price list (stored on the
 * profile as `price_list`). Doors and drawer fronts are billed by area: each
 * piece's finished width × height in square feet, but never less than the
 * minimum billable area per piece; hinges by the piece (the price covers the
 * cup boring). Money is rounded to cents per line; the total is the sum of
 * the rounded lines, so the printed lines always add up. The list also
 * holds the contractor's deposit cap (percent and amount) that the payment
 * schedule warns above.
 */
import { z } from 'zod';

/** California's deposit cap for home improvement: 10 % of the contract or $1,000, whichever is less. */
export const DEFAULT_DEPOSIT_CAP = { percent: 10, cents: 100_000 } as const;

/** Minimum billable area of one door, square feet (door makers' usual minimum). */
export const DEFAULT_MIN_DOOR_SQFT = 1.5;
/** Minimum billable area of one drawer front, square feet. */
export const DEFAULT_MIN_DRAWER_FRONT_SQFT = 0.5;

/** The deposit cap a list without one has: California's 10 % … */
export const DEFAULT_DEPOSIT_CAP_PERCENT: number = DEFAULT_DEPOSIT_CAP.percent;
/** … or $1,000 (cents), whichever is less. */
export const DEFAULT_DEPOSIT_CAP_CENTS: number = DEFAULT_DEPOSIT_CAP.cents;
/** The highest cap amount the list takes ($1,000,000, cents): above any refacing contract. */
export const MAX_DEPOSIT_CAP_CENTS = 100_000_000;
export const DEPOSIT_PERCENT_TEXT = 'Enter a percent more than 0 and at most 100, like 10';
export const DEPOSIT_AMOUNT_TEXT = 'Enter an amount more than $0, like 1,000';
export const DEPOSIT_AMOUNT_TOO_HIGH_TEXT = 'Keep the deposit cap at $1,000,000 or less';

/**
 * Dollars as typed in a price-list field ("1,000", "$1,250.50") as whole
 * cents; undefined when empty; the text itself when it is not an amount of at
 * most two decimals (so the schema refuses it with the field's message).
 */
export function dollarsTextToCents(text: string): number | string | undefined {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (t === '') return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return text;
  const [whole = '0', frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Cents as a price-list field shows them: "1000", "1250.50". */
export function centsToDollarsText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const money = z
  .number({
    required_error: 'Enter a price, e.g. 12.50',
    invalid_type_error: 'Enter a price, e.g. 12.50',
  })
  .finite()
  .min(0, 'A price cannot be negative')
  .max(100_000, 'That price is too high');
const area = z
  .number({
    required_error: 'Enter an area in square feet',
    invalid_type_error: 'Enter an area in square feet',
  })
  .finite()
  .min(0, 'An area cannot be negative')
  .max(100, 'That area is too large');

/** The price list as stored (`profiles.price_list`, jsonb). Prices in `currency`, areas in sq ft. */
export const priceListSchema = z
  .object({
    /** ISO 4217 code, e.g. "USD". */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'Use a 3-letter currency code, e.g. USD')
      .default('USD'),
    /** Per sq ft; absent when the contractor prices no doors (then doors show no price). */
    doorPerSqFt: money.optional(),
    /** Per sq ft; absent when the contractor prices no drawer fronts. */
    drawerFrontPerSqFt: money.optional(),
    minDoorSqFt: area.default(DEFAULT_MIN_DOOR_SQFT),
    minDrawerFrontSqFt: area.default(DEFAULT_MIN_DRAWER_FRONT_SQFT),
    /** Price of one hinge including its boring. */
    perHinge: money.default(0),
    /** The contractor's company name, printed on orders; "" when none. */
    company: z.string().trim().max(120, 'Keep the company name under 120 characters').default(''),
    /**
     * The deposit cap on the payment schedule: the lesser of this percent of
     * the contract and `depositCapCents` (California's home-improvement rule,
     * 10 % or $1,000, by default). A deposit above it is a warning, not a refusal.
     */
    depositCapPercent: z
      .number({ required_error: DEPOSIT_PERCENT_TEXT, invalid_type_error: DEPOSIT_PERCENT_TEXT })
      .finite(DEPOSIT_PERCENT_TEXT)
      .gt(0, DEPOSIT_PERCENT_TEXT)
      .max(100, DEPOSIT_PERCENT_TEXT)
      .default(DEFAULT_DEPOSIT_CAP_PERCENT),
    /** The cap's amount, whole cents. */
    depositCapCents: z
      .number({ required_error: DEPOSIT_AMOUNT_TEXT, invalid_type_error: DEPOSIT_AMOUNT_TEXT })
      .int(DEPOSIT_AMOUNT_TEXT)
      .gt(0, DEPOSIT_AMOUNT_TEXT)
      .max(MAX_DEPOSIT_CAP_CENTS, DEPOSIT_AMOUNT_TOO_HIGH_TEXT)
      .default(DEFAULT_DEPOSIT_CAP_CENTS),
    /** Optional part number per hinge size (overlay, inches), carried by the order's hinge table. */
    hingeParts: z
      .array(
        z.object({
          size: z
            .number({ invalid_type_error: 'Enter a hinge size like 1 7/16' })
            .finite()
            .positive('Enter a hinge size like 1 7/16')
            .max(4, 'Enter a hinge size like 1 7/16'),
          partNumber: z
            .string()
            .trim()
            .min(1, 'Enter the part number')
            .max(60, 'Keep the part number under 60 characters'),
        }),
      )
      .max(12, 'At most 12 hinge part numbers')
      .default([]),
  })
  // The list prices pieces by area: one of the two prices is the least it needs, the other is optional.
  .refine((l) => l.doorPerSqFt !== undefined || l.drawerFrontPerSqFt !== undefined, {
    path: ['doorPerSqFt'],
    message:
      'Enter a door or a drawer-front price per sq ft: door orders and quotes price pieces by their area',
  });

export type PriceList = z.infer<typeof priceListSchema>;

/** Reads a stored price list; null when there is none or it does not validate (then no prices show). */
export function readPriceList(raw: unknown): PriceList | null {
  if (raw === null || raw === undefined) return null;
  const parsed = priceListSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Sizes closer than this (inches) are the same hinge: half of the smallest tape mark the app uses. */
const SAME_HINGE_IN = 1 / 64;

/** The part number the price list gives a hinge of `size` inches, or "" when none. */
export function hingePartNumber(list: PriceList | null, size: number): string {
  return list?.hingeParts.find((h) => Math.abs(h.size - size) < SAME_HINGE_IN)?.partNumber ?? '';
}

/** Rounds money half up to cents. */
export function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON * Math.max(1, Math.abs(amount))) * 100) / 100;
}

export interface PricedLine {
  /** Billable area of one piece, sq ft (finished area, at least the minimum). */
  pieceSqFt: number;
  /** Billable area of the whole line, sq ft. */
  lineSqFt: number;
  /** Price per square foot applied. */
  ratePerSqFt: number;
  /** Line price, rounded to cents. */
  price: number;
}

/**
 * Prices one line of `quantity` identical pieces of finished `finishedWidthIn` ×
 * `finishedHeightIn` inches; null when the list has no price for that kind
 * of piece (it is optional). Throws nothing; non-finite sizes price at the minimum.
 */
export function priceLine(
  list: PriceList,
  kind: 'door' | 'drawerFront',
  quantity: number,
  finishedWidthIn: number,
  finishedHeightIn: number,
): PricedLine | null {
  const rate = kind === 'door' ? list.doorPerSqFt : list.drawerFrontPerSqFt;
  if (rate === undefined) return null;
  const min = kind === 'door' ? list.minDoorSqFt : list.minDrawerFrontSqFt;
  const actual = (finishedWidthIn * finishedHeightIn) / 144;
  const pieceSqFt = Number.isFinite(actual) ? Math.max(actual, min) : min;
  const lineSqFt = pieceSqFt * quantity;
  return { pieceSqFt, lineSqFt, ratePerSqFt: rate, price: roundCents(lineSqFt * rate) };
}

/** Price of `count` hinges, rounded to cents. */
export function priceHinges(list: PriceList, count: number): number {
  return roundCents(count * list.perHinge);
}

/** Money in the user's locale, e.g. "$1,234.50" (en-US, USD). */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
