/**
 * The lines a new quote starts with. From the project's door order when the
 * contractor has it: every door and drawer-front size priced by the square
 * foot from the contractor's price list (with its minimum per piece), the
 * hinges with boring, then the finish; then the contractor's own lines
 * (labor per door and per drawer front, removal, delivery) at $0.00 for the
 * contractor to price, since the price list holds no labor rates.
 */
import { normalizeCabinetData } from './cabinetData';
import { computeDoorOrder } from './doorOrder';
import { priceListSchema, type PriceList } from './pricing';
import {
  ENGLISH_LINE_WORDS,
  QUOTE_LIMITS,
  quoteLinesFromDoorOrder,
  type QuoteLine,
  type QuoteLineWords,
} from './quoteTotals';

/** A price list of $0.00 everywhere (the usual minimums): the starting prices without a price list. */
export const ZERO_PRICE_LIST: PriceList = priceListSchema.parse({
  doorPerSqFt: 0,
  drawerFrontPerSqFt: 0,
});

/** Days a quote stays valid unless the contractor changes it (a month, as on paper quotes). */
export const DEFAULT_VALID_DAYS = 30;

/** `n` rounded half up to `places` decimals (non-negative). */
function round(n: number, places: number): number {
  const f = 10 ** places;
  return Math.round(n * f + 1e-9) / f;
}

/**
 * The lines the project's door order gives a quote today: one per door and
 * per drawer-front size (priced by area from `prices`, $0.00 without a
 * list), then one per hinge overlay. `cabinetData` as in
 * {@link startingQuoteLines}, `words` the descriptions' language (the
 * quote's document's). What "Update from the door order" compares a draft
 * with.
 */
export function doorOrderQuoteLines(
  cabinetData: unknown,
  prices: PriceList | null,
  words: QuoteLineWords = ENGLISH_LINE_WORDS,
): QuoteLine[] {
  const data = normalizeCabinetData(cabinetData ?? {});
  const f = data.form;
  return quoteLinesFromDoorOrder(
    computeDoorOrder(data),
    prices ?? ZERO_PRICE_LIST,
    {
      door: f.door,
      drawerFront: f.drawerFront,
      color: f.color,
    },
    words,
  );
}

/**
 * The starting lines of a quote. `cabinetData` is the project's
 * `details.cabinetData` as stored (anything: it is normalized; null when the
 * contractor does not have the project, e.g. quoting from a request), and
 * `prices` the contractor's price list (null: every price starts at $0.00).
 * Door-order lines come first (quantity = pieces, `sqft` = billable square
 * feet of one piece, `unit_cents` per square foot); the finish line's
 * quantity is the total billable square feet of those pieces (price per
 * square foot, $0.00 to start). Labor lines only when there are pieces;
 * removal and delivery always (quantity 1). At most 500 lines
 * ({@link QUOTE_LIMITS}): a door order larger than that is cut there. The
 * descriptions are written by `words`: in the language of the homeowner who
 * reads the quote (English by default).
 */
export function startingQuoteLines(
  cabinetData: unknown,
  prices: PriceList | null,
  words: QuoteLineWords = ENGLISH_LINE_WORDS,
): QuoteLine[] {
  const fromOrder = doorOrderQuoteLines(cabinetData, prices, words);
  const own: QuoteLine[] = doorOrderCountedLines(cabinetData, fromOrder, words).map((c) => c.line);
  own.push(
    {
      kind: 'removal',
      description: words.removal(),
      quantity: 1,
      unit_cents: 0,
    },
    { kind: 'delivery', description: words.delivery(), quantity: 1, unit_cents: 0 },
  );
  return [...fromOrder.slice(0, QUOTE_LIMITS.lines - own.length), ...own];
}

/** What a counted line's quantity is: the doors, the drawer fronts, or their billable square feet. */
export type DoorOrderCount = 'door' | 'drawerFront' | 'area';

/** A labor or finish line a new quote starts with, and the door-order count its quantity is. */
export interface CountedLine {
  counts: DoorOrderCount;
  line: QuoteLine;
}

/**
 * The contractor's lines a new quote starts with whose quantity is a count
 * of the door order, in a new quote's order, at $0.00: the finish (its
 * quantity the billable square feet of every door and drawer front, 3
 * decimals; left out at 0 or above the quote's largest quantity), labor
 * per door (the doors) and labor per drawer front (the drawer fronts), each
 * only when there are such pieces. `fromOrder` is what
 * {@link doorOrderQuoteLines} gives for `cabinetData` (the square feet
 * follow its price list's minimums); the finish's name is the job's.
 */
export function doorOrderCountedLines(
  cabinetData: unknown,
  fromOrder: readonly QuoteLine[],
  words: QuoteLineWords = ENGLISH_LINE_WORDS,
): CountedLine[] {
  const finish = normalizeCabinetData(cabinetData ?? {}).form.finish.trim();
  let doors = 0;
  let fronts = 0;
  let sqft = 0;
  for (const l of fromOrder) {
    if (l.kind === 'door') doors += l.quantity;
    else if (l.kind === 'drawerFront') fronts += l.quantity;
    else continue;
    sqft += l.quantity * (l.sqft ?? 0);
  }
  const area = round(sqft, QUOTE_LIMITS.quantityDecimals);
  const out: CountedLine[] = [];
  if (area > 0 && area <= QUOTE_LIMITS.maxQuantity)
    out.push({
      counts: 'area',
      line: { kind: 'finish', description: words.finish(finish), quantity: area, unit_cents: 0 },
    });
  if (doors > 0)
    out.push({
      counts: 'door',
      line: { kind: 'labor', description: words.laborPerDoor(), quantity: doors, unit_cents: 0 },
    });
  if (fronts > 0)
    out.push({
      counts: 'drawerFront',
      line: {
        kind: 'labor',
        description: words.laborPerDrawerFront(),
        quantity: fronts,
        unit_cents: 0,
      },
    });
  return out;
}

/**
 * A draft's lines with the descriptions the door order wrote in another language re-written in
 * `to`'s: every line whose description is, at the same place, what `startingQuoteLines` or
 * `doorOrderQuoteLines` writes for a line of its kind from this `cabinetData` in one of `from`'s
 * languages. A line the
 * contractor typed or edited keeps its words; prices, counts and sizes never change. Returns
 * `lines` itself when nothing is re-written.
 */
export function rewordGeneratedLines<L extends Pick<QuoteLine, 'kind' | 'description'>>(
  lines: readonly L[],
  cabinetData: unknown,
  to: QuoteLineWords,
  from: readonly QuoteLineWords[],
): readonly L[] {
  const target = startingQuoteLines(cabinetData, null, to);
  const map = new Map<string, string>();
  for (const words of from) {
    startingQuoteLines(cabinetData, null, words).forEach((l, i) => {
      const now = target[i];
      if (now && now.kind === l.kind && l.description !== now.description)
        map.set(`${l.kind}\n${l.description}`, now.description);
    });
  }
  let changed = false;
  const out = lines.map((l) => {
    const description = map.get(`${l.kind}\n${l.description}`);
    if (description === undefined) return l;
    changed = true;
    return { ...l, description };
  });
  return changed ? out : lines;
}
