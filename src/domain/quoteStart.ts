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
import { QUOTE_LIMITS, quoteLinesFromDoorOrder, type QuoteLine } from './quoteTotals';

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
 * {@link startingQuoteLines}. What "Update from the door order" compares a
 * draft with.
 */
export function doorOrderQuoteLines(cabinetData: unknown, prices: PriceList | null): QuoteLine[] {
  const data = normalizeCabinetData(cabinetData ?? {});
  const f = data.form;
  return quoteLinesFromDoorOrder(computeDoorOrder(data), prices ?? ZERO_PRICE_LIST, {
    door: f.door,
    drawerFront: f.drawerFront,
    color: f.color,
  });
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
 * ({@link QUOTE_LIMITS}): a door order larger than that is cut there.
 */
export function startingQuoteLines(cabinetData: unknown, prices: PriceList | null): QuoteLine[] {
  const data = normalizeCabinetData(cabinetData ?? {});
  const order = computeDoorOrder(data);
  const f = data.form;
  const fromOrder = doorOrderQuoteLines(cabinetData, prices);
  const pieces = fromOrder.filter((l) => l.kind === 'door' || l.kind === 'drawerFront');
  const doors = order.doors.reduce((n, l) => n + l.quantity, 0);
  const fronts = order.drawerFronts.reduce((n, l) => n + l.quantity, 0);
  const area = round(
    pieces.reduce((sum, l) => sum + l.quantity * (l.sqft ?? 0), 0),
    QUOTE_LIMITS.quantityDecimals,
  );
  const own: QuoteLine[] = [];
  if (area > 0 && area <= QUOTE_LIMITS.maxQuantity)
    own.push({
      kind: 'finish',
      description: `Finish${f.finish.trim() ? `: ${f.finish.trim()}` : ''}, per sq ft of doors and drawer fronts`,
      quantity: area,
      unit_cents: 0,
    });
  if (doors > 0)
    own.push({ kind: 'labor', description: 'Labor, per door', quantity: doors, unit_cents: 0 });
  if (fronts > 0)
    own.push({
      kind: 'labor',
      description: 'Labor, per drawer front',
      quantity: fronts,
      unit_cents: 0,
    });
  own.push(
    {
      kind: 'removal',
      description: 'Remove and haul away the old doors and drawer fronts',
      quantity: 1,
      unit_cents: 0,
    },
    { kind: 'delivery', description: 'Delivery', quantity: 1, unit_cents: 0 },
  );
  return [...fromOrder.slice(0, QUOTE_LIMITS.lines - own.length), ...own];
}
