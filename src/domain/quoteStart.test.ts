import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeCabinetData } from './cabinetData';
import { computeDoorOrder } from './doorOrder';
import { priceListSchema } from './pricing';
import { startingQuoteLines } from './quoteStart';
import { quoteErrors, quoteTotals } from './quoteTotals';

const kitchen = (
  JSON.parse(
    readFileSync(
      new URL('../../tests/fixtures/jobs/kitchen-full-overlay.json', import.meta.url),
      'utf8',
    ),
  ) as { cabinetData: unknown }
).cabinetData;

const prices = priceListSchema.parse({
  doorPerSqFt: 21,
  drawerFrontPerSqFt: 16,
  minDoorSqFt: 1.5,
  minDrawerFrontSqFt: 0.5,
  perHinge: 5.25,
});

describe('startingQuoteLines', () => {
  it('without a door order: removal and delivery only, at $0.00', () => {
    expect(startingQuoteLines(null, prices)).toEqual([
      {
        kind: 'removal',
        description: 'Remove and haul away the old doors and drawer fronts',
        quantity: 1,
        unit_cents: 0,
      },
      { kind: 'delivery', description: 'Delivery', quantity: 1, unit_cents: 0 },
    ]);
  });

  it('from the kitchen door order: every size, the hinges, the finish, then labor, removal, delivery', () => {
    const order = computeDoorOrder(normalizeCabinetData(kitchen));
    const lines = startingQuoteLines(kitchen, prices);
    const kinds = lines.map((l) => l.kind);
    const doorCount = order.doors.reduce((n, l) => n + l.quantity, 0);
    const frontCount = order.drawerFronts.reduce((n, l) => n + l.quantity, 0);
    expect(kinds.filter((k) => k === 'door')).toHaveLength(order.doors.length);
    expect(kinds.filter((k) => k === 'drawerFront')).toHaveLength(order.drawerFronts.length);
    expect(kinds.slice(-5)).toEqual(['finish', 'labor', 'labor', 'removal', 'delivery']);
    // Doors at $21.00 per sq ft, fronts at $16.00, hinges at $5.25 each.
    expect(lines.filter((l) => l.kind === 'door').every((l) => l.unit_cents === 2100)).toBe(true);
    expect(lines.filter((l) => l.kind === 'hinge').every((l) => l.unit_cents === 525)).toBe(true);
    // Every piece billed at least its minimum area.
    expect(lines.filter((l) => l.kind === 'door').every((l) => (l.sqft ?? 0) >= 1.5)).toBe(true);
    const finish = lines.find((l) => l.kind === 'finish');
    const area = lines
      .filter((l) => l.kind === 'door' || l.kind === 'drawerFront')
      .reduce((s, l) => s + l.quantity * (l.sqft ?? 0), 0);
    expect(finish?.quantity).toBeCloseTo(area, 3);
    expect(lines.find((l) => l.description === 'Labor, per door')?.quantity).toBe(doorCount);
    expect(lines.find((l) => l.description === 'Labor, per drawer front')?.quantity).toBe(
      frontCount,
    );
    // What it starts with can be saved and totalled as is.
    expect(quoteErrors(lines, 0)).toEqual([]);
    expect(quoteTotals(lines, 0).totalCents).toBeGreaterThan(0);
  });

  it('without a price list every price starts at $0.00', () => {
    const lines = startingQuoteLines(kitchen, null);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.every((l) => l.unit_cents === 0)).toBe(true);
    expect(quoteTotals(lines, 8.25).totalCents).toBe(0);
  });

  it('without cabinets the finish has no area and is left out, styles or not', () => {
    const data = {
      form: { door: 'Shaker', drawerFront: 'Slab', color: 'White', finish: 'Satin' },
    };
    const lines = startingQuoteLines(data, prices);
    // No cabinets: nothing from the order, the finish has no area so it is left out.
    expect(lines.map((l) => l.kind)).toEqual(['removal', 'delivery']);
  });
});
