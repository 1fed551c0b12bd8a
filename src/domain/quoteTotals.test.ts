import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DoorOrder } from './doorOrder';
import { inches } from './inches';
import { priceListSchema } from './pricing';
import {
  QUOTE_LINE_KINDS,
  quoteErrors,
  quoteLinesFromDoorOrder,
  quoteTotals,
  type QuoteLine,
} from './quoteTotals';

/** A valid line: quantity with up to 3 decimals, price in cents, maybe an area with 4 decimals. */
const lineArb: fc.Arbitrary<QuoteLine> = fc
  .record({
    kind: fc.constantFrom(...QUOTE_LINE_KINDS),
    description: fc.string({ maxLength: 40 }),
    q: fc.integer({ min: 1, max: 10_000_000 }),
    unit_cents: fc.integer({ min: 0, max: 10_000_000 }),
    s: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }),
  })
  .map(({ kind, description, q, unit_cents, s }) => ({
    kind,
    description,
    quantity: q / 1000,
    unit_cents,
    ...(s === undefined ? {} : { sqft: s / 10_000 }),
  }))
  .filter((l) => quoteErrors([l], 0).length === 0);

const rateArb = fc.integer({ min: 0, max: 100_000 }).map((r) => r / 1000);

/** The exact (unrounded) amount of a line in cents, as a fraction n / 10^7. */
function exactTimes1e7(l: QuoteLine): bigint {
  return (
    BigInt(Math.round(l.quantity * 1000)) *
    BigInt(Math.round((l.sqft ?? 1) * 10_000)) *
    BigInt(l.unit_cents)
  );
}

describe('quoteTotals: properties', () => {
  it('the subtotal is the sum of the lines and the total is subtotal + tax', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 40 }), rateArb, (lines, rate) => {
        const t = quoteTotals(lines, rate);
        expect(t.lineCents).toHaveLength(lines.length);
        expect(t.subtotalCents).toBe(t.lineCents.reduce((a, b) => a + b, 0));
        expect(t.totalCents).toBe(t.subtotalCents + t.taxCents);
      }),
    );
  });

  it('rounds once: each line and the tax are within half a cent of the exact amount, ties away from zero', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 20 }), rateArb, (lines, rate) => {
        const t = quoteTotals(lines, rate);
        lines.forEach((l, i) => {
          const diff = BigInt(t.lineCents[i]!) * 10n ** 7n - exactTimes1e7(l); // in 1e-7 cents
          expect(diff >= -5_000_000n && diff <= 5_000_000n).toBe(true);
          if (diff === -5_000_000n) throw new Error('a tie was rounded down');
        });
        const taxDiff =
          BigInt(t.taxCents) * 100_000n - BigInt(t.subtotalCents) * BigInt(Math.round(rate * 1000));
        // Within half a cent, and a tie (exactly half) goes up, away from zero, as the lines do.
        expect(taxDiff >= -50_000n && taxDiff <= 50_000n).toBe(true);
        if (taxDiff === -50_000n) throw new Error('a tax tie was rounded down');
      }),
    );
  });

  it('whole quantities without an area need no rounding at all', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (quantity, unit) => {
          const t = quoteTotals(
            [{ kind: 'labor', description: '', quantity, unit_cents: unit }],
            0,
          );
          expect(t.totalCents).toBe(quantity * unit);
        },
      ),
    );
  });

  it('never a negative or non-integer total; bad input throws instead', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            kind: fc.constantFrom(...QUOTE_LINE_KINDS),
            description: fc.string({ maxLength: 5 }),
            quantity: fc.double({ min: -1e6, max: 1e6 }),
            unit_cents: fc.oneof(fc.integer({ min: -1e8, max: 1e8 }), fc.double()),
          }),
          { maxLength: 5 },
        ),
        fc.double({ min: -50, max: 150 }),
        (lines, rate) => {
          let t;
          try {
            t = quoteTotals(lines, rate);
          } catch (e) {
            expect(e).toBeInstanceOf(RangeError);
            return;
          }
          for (const n of [t.subtotalCents, t.taxCents, t.totalCents, ...t.lineCents]) {
            expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
          }
        },
      ),
    );
  });
});

describe('quoteTotals: cases checked by hand', () => {
  const door: QuoteLine = {
    kind: 'door',
    description: 'Shaker door 14 1/2" × 30"',
    quantity: 4,
    unit_cents: 1850,
    sqft: 3.0208,
  };

  it('a small kitchen: 22353.92 → 22354; tax 8.25 % of 34954 = 2883.705 → 2884', () => {
    const t = quoteTotals(
      [
        door,
        { kind: 'hinge', description: 'Hinge with boring', quantity: 8, unit_cents: 450 },
        { kind: 'labor', description: 'Install', quantity: 1.5, unit_cents: 6000 },
      ],
      8.25,
    );
    expect(t).toEqual({
      lineCents: [22354, 3600, 9000],
      subtotalCents: 34954,
      taxCents: 2884,
      totalCents: 37838,
    });
  });

  it('half a cent goes away from zero, once: 0.5 × 1 ¢ → 1 ¢; 1.5 × 3 ¢ → 5 ¢; three lines of 0.4 ¢ stay 0', () => {
    const line = (quantity: number, unit: number): QuoteLine => ({
      kind: 'other',
      description: '',
      quantity,
      unit_cents: unit,
    });
    expect(quoteTotals([line(0.5, 1)], 0).totalCents).toBe(1);
    expect(quoteTotals([line(1.5, 3)], 0).totalCents).toBe(5);
    // Rounded per line, not summed first: 3 × round(0.4) = 0, not round(1.2) = 1.
    expect(quoteTotals([line(0.4, 1), line(0.4, 1), line(0.4, 1)], 0).totalCents).toBe(0);
  });

  it('a tax of exactly half a cent goes up: $100.00 at 25.275 % is $25.275 → $25.28', () => {
    const t = quoteTotals(
      [{ kind: 'delivery', description: '', quantity: 1, unit_cents: 10_000 }],
      25.275,
    );
    expect(t.taxCents).toBe(2528);
    expect(t.totalCents).toBe(12_528);
  });

  it('tax: 10 % of 5 ¢ = 0.5 → 1 ¢; 0 % → 0; 100 % doubles', () => {
    const five: QuoteLine = { kind: 'other', description: '', quantity: 1, unit_cents: 5 };
    expect(quoteTotals([five], 10).taxCents).toBe(1);
    expect(quoteTotals([five], 0).totalCents).toBe(5);
    expect(quoteTotals([five], 100).totalCents).toBe(10);
  });

  it('a product past 2^53 (exact in BigInt): 9999 doors × 99.9999 sq ft × 1000 ¢ = 999899000.1 → 999899000', () => {
    const big: QuoteLine = {
      kind: 'door',
      description: '',
      quantity: 9999,
      unit_cents: 1000,
      sqft: 99.9999,
    };
    expect(quoteTotals([big], 0).totalCents).toBe(999_899_000);
    // A tie through an area: 1 × 0.0005 sq ft × 1,000 ¢ = 0.5 ¢ → 1 ¢.
    expect(
      quoteTotals([{ ...big, quantity: 1, sqft: 0.0005, unit_cents: 1_000 }], 0).totalCents,
    ).toBe(1);
  });

  it('an empty quote is 0', () => {
    expect(quoteTotals([], 7)).toEqual({
      lineCents: [],
      subtotalCents: 0,
      taxCents: 0,
      totalCents: 0,
    });
  });

  it('refuses what the database refuses, in the same words', () => {
    expect(quoteErrors([{ ...door, quantity: -1 }], 0)).toEqual([
      'Line 1: the quantity must be more than 0 and at most 10,000 (3 decimals)',
    ]);
    expect(quoteErrors([{ ...door, quantity: 0.1 + 0.2 }], 0)).toHaveLength(1);
    expect(quoteErrors([door, { ...door, unit_cents: 12.5 }], 0)).toEqual([
      'Line 2: the price must be whole cents from 0 to 10,000,000',
    ]);
    expect(quoteErrors([{ ...door, description: 'x'.repeat(501) }], 0)).toEqual([
      'Line 1: keep the description to 500 characters',
    ]);
    expect(
      quoteErrors(
        Array.from({ length: 501 }, () => door),
        0,
      )[0],
    ).toBe('A quote has at most 500 lines');
    expect(quoteErrors([door], 100.5)).toEqual(['The tax rate must be from 0 to 100 %']);
    expect(
      quoteErrors([{ ...door, quantity: 10_000, sqft: 100, unit_cents: 10_000_000 }], 0),
    ).toEqual(['Line 1: the amount is over $10,000,000']);
    expect(() => quoteTotals([{ ...door, unit_cents: -1 }], 0)).toThrow(RangeError);
  });
});

describe('quoteLinesFromDoorOrder', () => {
  const prices = priceListSchema.parse({
    doorPerSqFt: 18.5,
    drawerFrontPerSqFt: 14,
    minDoorSqFt: 1.5,
    minDrawerFrontSqFt: 0.5,
    perHinge: 4.5,
  });
  const line = (kind: 'door' | 'drawerFront', quantity: number, w: number, h: number) => ({
    kind,
    quantity,
    width: inches(w),
    height: inches(h),
    refs: [],
  });
  const order: Pick<DoorOrder, 'doors' | 'drawerFronts' | 'hinges'> = {
    doors: [line('door', 4, 14.5, 30), line('door', 2, 10, 12)],
    drawerFronts: [line('drawerFront', 3, 14.5, 6.25)],
    hinges: [{ size: inches(1.25), quantity: 12 }],
  };

  it('prices doors and drawer fronts by area with the minimums, and hinges with boring', () => {
    const lines = quoteLinesFromDoorOrder(order, prices, {
      door: 'Shaker',
      drawerFront: 'Slab',
      color: 'White',
    });
    expect(lines).toEqual([
      // 14.5 × 30 / 144 = 3.020833… → 3.0208 sq ft
      {
        kind: 'door',
        description: 'Door 14 1/2" × 30", Shaker, White',
        quantity: 4,
        unit_cents: 1850,
        sqft: 3.0208,
        width: 14.5,
        height: 30,
      },
      // 10 × 12 / 144 = 0.8333 sq ft, under the 1.5 minimum
      {
        kind: 'door',
        description: 'Door 10" × 12", Shaker, White',
        quantity: 2,
        unit_cents: 1850,
        sqft: 1.5,
        width: 10,
        height: 12,
      },
      // 14.5 × 6.25 / 144 = 0.62934… → 0.6293 sq ft
      {
        kind: 'drawerFront',
        description: 'Drawer front 14 1/2" × 6 1/4", Slab, White',
        quantity: 3,
        unit_cents: 1400,
        sqft: 0.6293,
        width: 14.5,
        height: 6.25,
      },
      {
        kind: 'hinge',
        description: 'Hinge for 1 1/4" overlay, with boring',
        quantity: 12,
        unit_cents: 450,
        overlay: 1.25,
      },
    ]);
    // 22353.92 → 22354; 2 × 1.5 × 1850 = 5550; 3 × 0.6293 × 1400 = 2643.06 → 2643; 12 × 450 = 5400
    expect(quoteTotals(lines, 0).lineCents).toEqual([22354, 5550, 2643, 5400]);
  });

  it('counts doors, drawer fronts and hinges in whole pieces; an area only on a piece, an overlay only on a hinge', () => {
    const door: QuoteLine = { kind: 'door', description: 'Doors', quantity: 14, unit_cents: 8500 };
    expect(quoteErrors([door], 0)).toEqual([]);
    expect(quoteErrors([{ ...door, quantity: 14.5 }], 0)).toEqual(['Line 1: count whole pieces']);
    expect(quoteErrors([{ ...door, kind: 'hinge', quantity: 0.5 }], 0)).toEqual([
      'Line 1: count whole pieces',
    ]);
    expect(quoteErrors([{ ...door, kind: 'labor', quantity: 2.5, sqft: 2 }], 0)).toEqual([
      'Line 1: only a door or drawer-front line is priced by area',
    ]);
    expect(quoteErrors([{ ...door, overlay: 0.5 }], 0)).toEqual([
      'Line 1: an overlay belongs on a hinge line, more than 0 and at most 4 inches',
    ]);
    expect(quoteErrors([{ ...door, kind: 'hinge', overlay: 0.5 }], 0)).toEqual([]);
    // Per square foot: 14 doors × 4.5 sq ft × $21.00 = $1,323.00.
    expect(quoteTotals([{ ...door, unit_cents: 2100, sqft: 4.5 }], 0).totalCents).toBe(132_300);
  });

  it('builds valid lines from any door order', () => {
    const dim = fc.integer({ min: 16, max: 16 * 60 }).map((x) => inches(x / 16));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 40 }), dim, dim), { maxLength: 30 }),
        (rows) => {
          const lines = quoteLinesFromDoorOrder(
            {
              doors: rows.map(([q, w, h]) => line('door', q, w, h)),
              drawerFronts: [],
              hinges: [],
            },
            prices,
          );
          expect(quoteErrors(lines, 0)).toEqual([]);
        },
      ),
    );
  });
});
