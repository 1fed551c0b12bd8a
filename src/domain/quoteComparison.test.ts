import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currentSentQuotes,
  formatCents,
  includedKinds,
  isPastValidUntil,
  piecesQuoted,
  pricePerDoorCents,
  type ComparableQuote,
} from './quoteComparison';
import { quoteTotals, type QuoteLine } from './quoteTotals';

/** The seeded kitchen's first quote (16 doors, 6 drawer fronts), as stored. */
const KITCHEN: QuoteLine[] = [
  { kind: 'door', description: 'Shaker doors', quantity: 16, unit_cents: 1850, sqft: 3.0208 },
  { kind: 'drawerFront', description: 'Slab fronts', quantity: 6, unit_cents: 1400, sqft: 0.6293 },
  { kind: 'hinge', description: 'Soft-close hinges', quantity: 32, unit_cents: 450 },
  { kind: 'labor', description: 'Installation', quantity: 22, unit_cents: 2500 },
  { kind: 'removal', description: 'Haul away', quantity: 1, unit_cents: 15000 },
];

function quote(p: Partial<ComparableQuote>): ComparableQuote {
  return {
    id: 'q',
    contractor_id: 'c',
    revision: 1,
    status: 'sent',
    lines: [],
    total_cents: 0,
    valid_until: null,
    ...p,
  };
}

describe('price per door', () => {
  it('divides the total by the doors and drawer fronts (checked by hand)', () => {
    // Doors 16 × 3.0208 × 1850 = 89,415.68 → 89,416; fronts 6 × 0.6293 × 1400 = 5,286.12 → 5,286;
    // hinges 14,400; labor 55,000; removal 15,000: subtotal 179,102; tax 8.25 % = 14,775.915 → 14,776.
    const { totalCents } = quoteTotals(KITCHEN, 8.25);
    expect(totalCents).toBe(193_878);
    expect(piecesQuoted(KITCHEN)).toBe(22);
    // 193,878 / 22 = 8,812.636… → 8,813 cents.
    expect(pricePerDoorCents(totalCents, KITCHEN)).toBe(8813);
    expect(formatCents(8813)).toBe('$88.13');
  });

  it('is null, never NaN or Infinity, when no door or drawer front is quoted', () => {
    const lines: QuoteLine[] = [{ kind: 'labor', description: 'x', quantity: 2, unit_cents: 100 }];
    expect(pricePerDoorCents(200, lines)).toBeNull();
    expect(pricePerDoorCents(200, [])).toBeNull();
  });

  it('times the pieces gives back the total within half a cent a piece', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (total, doors, fronts) => {
          const lines: QuoteLine[] = [
            { kind: 'door', description: '', quantity: doors, unit_cents: 1 },
            ...(fronts > 0
              ? [{ kind: 'drawerFront' as const, description: '', quantity: fronts, unit_cents: 1 }]
              : []),
          ];
          const each = pricePerDoorCents(total, lines);
          expect(each).not.toBeNull();
          expect(Number.isInteger(each)).toBe(true);
          expect(Math.abs(each! * (doors + fronts) - total)).toBeLessThanOrEqual(
            (doors + fronts) / 2,
          );
        },
      ),
    );
  });
});

describe('what is included', () => {
  it('lists each kind present once, in the fixed order', () => {
    expect(includedKinds(KITCHEN)).toEqual(['door', 'drawerFront', 'hinge', 'labor', 'removal']);
    expect(includedKinds([...KITCHEN].reverse())).toEqual(includedKinds(KITCHEN));
    expect(includedKinds([])).toEqual([]);
  });
});

describe('the quotes to compare', () => {
  it('keeps the newest sent revision of each contractor, cheapest first', () => {
    const rows = [
      quote({ id: 'a1', contractor_id: 'a', revision: 1, status: 'superseded', total_cents: 100 }),
      quote({ id: 'a2', contractor_id: 'a', revision: 2, total_cents: 900 }),
      quote({ id: 'b1', contractor_id: 'b', total_cents: 500 }),
      quote({ id: 'c1', contractor_id: 'c', status: 'withdrawn', total_cents: 1 }),
      quote({ id: 'd1', contractor_id: 'd', status: 'declined', total_cents: 2 }),
      quote({ id: 'e1', contractor_id: 'e', status: 'accepted', total_cents: 3 }),
    ];
    expect(currentSentQuotes(rows).map((q) => q.id)).toEqual(['b1', 'a2']);
  });

  it('holds a price through its valid-until day', () => {
    expect(isPastValidUntil('2026-11-25', '2026-11-25')).toBe(false);
    expect(isPastValidUntil('2026-11-24', '2026-11-25')).toBe(true);
    expect(isPastValidUntil(null, '2026-11-25')).toBe(false);
  });
});
