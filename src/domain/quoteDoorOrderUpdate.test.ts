import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeCabinetData } from './cabinetData';
import { computeDoorOrder, type DoorOrder } from './doorOrder';
import { inches } from './inches';
import { priceListSchema } from './pricing';
import { doorOrderKey, hasDoorOrderChanges, updateFromDoorOrder } from './quoteDoorOrderUpdate';
import { doorOrderCountedLines, doorOrderQuoteLines, startingQuoteLines } from './quoteStart';
import { quoteErrors, quoteLinesFromDoorOrder, type QuoteLine } from './quoteTotals';

const prices = priceListSchema.parse({
  doorPerSqFt: 20,
  drawerFrontPerSqFt: 15,
  minDoorSqFt: 1.5,
  minDrawerFrontSqFt: 0.5,
  perHinge: 4.5,
});

/** A measured kitchen as the builder stores it. */
const kitchen = (
  JSON.parse(
    readFileSync(
      new URL('../../tests/fixtures/jobs/kitchen-full-overlay.json', import.meta.url),
      'utf8',
    ),
  ) as { cabinetData: unknown }
).cabinetData;

const piece = (kind: 'door' | 'drawerFront', quantity: number, w: number, h: number) => ({
  kind,
  quantity,
  width: inches(w),
  height: inches(h),
  refs: [],
});

type Order = Pick<DoorOrder, 'doors' | 'drawerFronts' | 'hinges'>;

/** 16 doors in two sizes, 11 drawer fronts, 32 hinges: the measured kitchen. */
const measured: Order = {
  doors: [piece('door', 12, 14.5, 30), piece('door', 4, 15.625, 30)],
  drawerFronts: [piece('drawerFront', 11, 14.5, 6.25)],
  hinges: [{ size: inches(0.5), quantity: 32 }],
};

const own: QuoteLine[] = [
  { kind: 'labor', description: 'Labor, per door', quantity: 16, unit_cents: 4500 },
  { kind: 'removal', description: 'Remove the old doors', quantity: 1, unit_cents: 15000 },
  { kind: 'delivery', description: 'Delivery', quantity: 1, unit_cents: 9500 },
];

describe('updateFromDoorOrder', () => {
  it('a draft made before measuring gets every door-order line, ahead of its own lines', () => {
    const fromOrder = quoteLinesFromDoorOrder(measured, prices);
    const u = updateFromDoorOrder(own, fromOrder);
    expect(u.added).toEqual(fromOrder);
    expect(u.changed).toEqual([]);
    expect(u.removed).toEqual([]);
    expect(u.cut).toBe(0);
    expect(u.lines).toEqual([...fromOrder, ...own]);
    expect(hasDoorOrderChanges(u)).toBe(true);
    // Priced from the list: $20.00 per sq ft on doors, $4.50 per hinge.
    expect(u.added.map((l) => [l.kind, l.quantity, l.unit_cents])).toEqual([
      ['door', 12, 2000],
      ['door', 4, 2000],
      ['drawerFront', 11, 1500],
      ['hinge', 32, 450],
    ]);
    expect(quoteErrors(u.lines, 0)).toEqual([]);
  });

  it('a draft made from the request gains the labor and finish lines a new quote from the door order has', () => {
    // The request draft: removal and delivery, the contractor's prices on them, a line of his own.
    const visit: QuoteLine = {
      kind: 'other',
      description: 'Measure visit',
      quantity: 1,
      unit_cents: 0,
    };
    const draft = [
      ...startingQuoteLines(null, prices).map((l) => ({ ...l, unit_cents: 12500 })),
      visit,
    ];
    // Then the job is measured: the kitchen.
    const fromOrder = doorOrderQuoteLines(kitchen, prices);
    const counted = doorOrderCountedLines(kitchen, fromOrder);
    const u = updateFromDoorOrder(draft, fromOrder, counted);
    expect(u.added).toEqual(fromOrder);
    expect(u.ownAdded).toEqual(counted.map((c) => c.line));
    expect(u.counts).toEqual([]);
    expect(hasDoorOrderChanges(u)).toBe(true);
    // Labor follows the door order's counts, the finish its billable square feet, at $0.00.
    const order = computeDoorOrder(normalizeCabinetData(kitchen));
    const area = fromOrder.reduce((sum, l) => sum + l.quantity * (l.sqft ?? 0), 0);
    expect(u.ownAdded.map((l) => [l.kind, l.description, l.quantity, l.unit_cents])).toEqual([
      [
        'finish',
        expect.stringMatching(/^Finish.*per sq ft of doors and drawer fronts$/),
        Math.round(area * 1000) / 1000,
        0,
      ],
      ['labor', 'Labor, per door', order.doors.reduce((n, l) => n + l.quantity, 0), 0],
      [
        'labor',
        'Labor, per drawer front',
        order.drawerFronts.reduce((n, l) => n + l.quantity, 0),
        0,
      ],
    ]);
    // The lines of a quote made fresh from the door order, in its order; the contractor's
    // removal and delivery keep their prices, and his own line stays.
    const fresh = startingQuoteLines(kitchen, prices).filter(
      (l) => l.kind !== 'removal' && l.kind !== 'delivery',
    );
    expect(u.lines).toEqual([...fresh, ...draft]);
    expect(quoteErrors(u.lines, 0)).toEqual([]);

    // Applied, the draft is the door order's: nothing more to do.
    expect(hasDoorOrderChanges(updateFromDoorOrder(u.lines, fromOrder, counted))).toBe(false);
    // The contractor removes the drawer-front labor after applying: it is not added back.
    const without = u.lines.filter((l) => l.description !== 'Labor, per drawer front');
    expect(hasDoorOrderChanges(updateFromDoorOrder(without, fromOrder, counted))).toBe(false);
  });

  it('a request draft with a labor line of the same words gives it the count; its price stays', () => {
    const typed: QuoteLine = {
      kind: 'labor',
      description: 'Labor, per door',
      quantity: 14,
      unit_cents: 4000,
    };
    const hand: QuoteLine = { kind: 'door', description: 'Doors', quantity: 14, unit_cents: 9000 };
    const fromOrder = quoteLinesFromDoorOrder(measured, prices);
    const counted = doorOrderCountedLines(null, fromOrder);
    const u = updateFromDoorOrder([hand, typed], fromOrder, counted);
    expect(u.counts).toEqual([{ before: typed, after: { ...typed, quantity: 16 } }]);
    expect(u.ownAdded.map((l) => l.description)).toEqual([
      'Finish, per sq ft of doors and drawer fronts',
      'Labor, per drawer front',
    ]);
    expect(u.handPieces).toEqual([hand]);
    // The drawer-front labor after the typed labor line, the finish after the door-order lines.
    expect(u.lines.map((l) => l.description)).toEqual([
      ...fromOrder.map((l) => l.description),
      'Finish, per sq ft of doors and drawer fronts',
      'Doors',
      'Labor, per door',
      'Labor, per drawer front',
    ]);
    // Without the counted lines (a change order), no labor or finish line is added.
    expect(updateFromDoorOrder([hand, typed], fromOrder).ownAdded).toEqual([]);
  });

  it('the drawer fronts first measured on a job of doors add their labor line, next to the door labor', () => {
    const doorsOnly: Order = { ...measured, drawerFronts: [] };
    const before = quoteLinesFromDoorOrder(doorsOnly, prices);
    const counted = doorOrderCountedLines(null, before).map((c) => c.line);
    const start = [...before, ...counted, ...own.slice(1)];
    const fromOrder = quoteLinesFromDoorOrder(measured, prices);
    const u = updateFromDoorOrder(start, fromOrder, doorOrderCountedLines(null, fromOrder));
    expect(u.ownAdded.map((l) => [l.description, l.quantity])).toEqual([
      ['Labor, per drawer front', 11],
    ]);
    expect(u.lines.map((l) => l.description).slice(-4)).toEqual([
      'Labor, per door',
      'Labor, per drawer front',
      'Remove the old doors',
      'Delivery',
    ]);
  });

  it('nothing to do when the door order is what the draft was made from', () => {
    const lines = startingQuoteLines(null, prices);
    const fromOrder = quoteLinesFromDoorOrder(measured, prices);
    const u = updateFromDoorOrder([...fromOrder, ...lines], fromOrder);
    expect(hasDoorOrderChanges(u)).toBe(false);
    expect(u.lines).toEqual([...fromOrder, ...lines]);
  });

  it('a changed count follows the door order; the description, price and area the contractor set stay', () => {
    const before = quoteLinesFromDoorOrder(measured, prices);
    // The contractor reworded the first door line and priced it at $24.00 per sq ft.
    const draft = [
      { ...before[0]!, description: 'Shaker doors, maple', unit_cents: 2400 },
      ...before.slice(1),
      ...own,
    ];
    const oneMore: Order = {
      ...measured,
      doors: [piece('door', 13, 14.5, 30), measured.doors[1]!],
      hinges: [{ size: inches(0.5), quantity: 34 }],
    };
    const u = updateFromDoorOrder(draft, quoteLinesFromDoorOrder(oneMore, prices));
    expect(u.added).toEqual([]);
    expect(u.removed).toEqual([]);
    expect(u.changed.map((c) => [c.before.quantity, c.after.quantity])).toEqual([
      [12, 13],
      [32, 34],
    ]);
    expect(u.lines[0]).toEqual({
      ...before[0],
      description: 'Shaker doors, maple',
      unit_cents: 2400,
      quantity: 13,
    });
    expect(u.lines).toHaveLength(draft.length);
    // "Labor, per door" counted the 16 doors: it follows to 17; removal and delivery stay.
    expect(u.counts).toEqual([{ before: own[0], after: { ...own[0], quantity: 17 } }]);
    expect(u.lines.slice(-3)).toEqual([{ ...own[0], quantity: 17 }, ...own.slice(1)]);
  });

  it('labor and finish quantities that were the counts of the door order follow them; typed ones stay', () => {
    const start = startingQuoteLines(null, prices).filter((l) => l.kind !== 'labor');
    const fromOrder = quoteLinesFromDoorOrder(measured, prices);
    const area = fromOrder.reduce((sum, l) => sum + l.quantity * (l.sqft ?? 0), 0);
    const finish: QuoteLine = {
      kind: 'finish',
      description: 'Finish, per sq ft of doors and drawer fronts',
      quantity: Math.round(area * 1000) / 1000,
      unit_cents: 300,
    };
    const perFront: QuoteLine = {
      ...own[0]!,
      description: 'Labor, per drawer front',
      quantity: 11,
    };
    const hours: QuoteLine = {
      kind: 'labor',
      description: 'Install, hours',
      quantity: 6,
      unit_cents: 6500,
    };
    const draft = [...fromOrder, finish, own[0]!, perFront, hours, ...start];
    // One more door of the first size, one drawer front fewer.
    const changedOrder: Order = {
      ...measured,
      doors: [piece('door', 13, 14.5, 30), measured.doors[1]!],
      drawerFronts: [piece('drawerFront', 10, 14.5, 6.25)],
    };
    const now = quoteLinesFromDoorOrder(changedOrder, prices);
    const newArea = now.reduce((sum, l) => sum + l.quantity * (l.sqft ?? 0), 0);
    const u = updateFromDoorOrder(draft, now);
    expect(
      u.counts.map((c) => [c.before.description, c.before.quantity, c.after.quantity]),
    ).toEqual([
      [finish.description, finish.quantity, Math.round(newArea * 1000) / 1000],
      ['Labor, per door', 16, 17],
      ['Labor, per drawer front', 11, 10],
    ]);
    // Prices and descriptions stay; the hours typed by the contractor stay.
    expect(u.counts.every((c) => c.after.unit_cents === c.before.unit_cents)).toBe(true);
    expect(u.lines).toContainEqual(hours);
    expect(quoteErrors(u.lines, 0)).toEqual([]);

    // A labor line whose quantity is both the door and the drawer-front count is left alone.
    const even: Order = { ...measured, drawerFronts: [piece('drawerFront', 16, 14.5, 6.25)] };
    const evenLines = quoteLinesFromDoorOrder(even, prices);
    const both = updateFromDoorOrder([...evenLines, own[0]!], now);
    expect(both.counts).toEqual([]);
    expect(both.lines.at(-1)).toEqual(own[0]);
  });

  it('a size that changed is the old size removed and the new size added, next to the other door lines', () => {
    const draft = [...quoteLinesFromDoorOrder(measured, prices), ...own];
    const resized: Order = {
      ...measured,
      doors: [measured.doors[0]!, piece('door', 4, 15.75, 30)],
    };
    const u = updateFromDoorOrder(draft, quoteLinesFromDoorOrder(resized, prices));
    expect(u.removed.map((l) => [l.width, l.quantity])).toEqual([[15.625, 4]]);
    expect(u.added.map((l) => [l.width, l.quantity])).toEqual([[15.75, 4]]);
    expect(u.changed).toEqual([]);
    // Added after the draft's last door line, before the drawer fronts and hinges.
    expect(u.lines.map((l) => l.kind)).toEqual([
      'door',
      'door',
      'drawerFront',
      'hinge',
      'labor',
      'removal',
      'delivery',
    ]);
  });

  it('a cabinet deleted from the job removes its sizes; the own lines and hand-typed pieces stay', () => {
    const hand: QuoteLine = {
      kind: 'door',
      description: '14 Shaker doors',
      quantity: 14,
      unit_cents: 8500,
    };
    const draft = [hand, ...quoteLinesFromDoorOrder(measured, prices), ...own];
    const fewer: Order = { ...measured, drawerFronts: [] };
    const u = updateFromDoorOrder(draft, quoteLinesFromDoorOrder(fewer, prices));
    expect(u.removed.map((l) => l.kind)).toEqual(['drawerFront']);
    expect(u.handPieces).toEqual([hand]);
    expect(u.lines[0]).toEqual(hand);
    expect(u.lines.slice(-3)).toEqual(own);
    expect(u.lines.some((l) => l.kind === 'drawerFront')).toBe(false);
  });

  it('a hinge line written before hinges carried their overlay is matched by its description', () => {
    const fromOrder = quoteLinesFromDoorOrder(measured, prices);
    const legacy = fromOrder.map((l) => {
      if (l.kind !== 'hinge') return l;
      const { overlay: _overlay, ...rest } = l;
      return { ...rest, quantity: 30 };
    });
    const u = updateFromDoorOrder(legacy, fromOrder);
    expect(u.added).toEqual([]);
    expect(u.changed).toHaveLength(1);
    expect(u.changed[0]!.after).toMatchObject({ kind: 'hinge', quantity: 32, overlay: 0.5 });
  });

  it('stops at 500 lines and says how many were left out', () => {
    const filler: QuoteLine[] = Array.from({ length: 498 }, (_, i) => ({
      kind: 'other',
      description: `Item ${i}`,
      quantity: 1,
      unit_cents: 100,
    }));
    const u = updateFromDoorOrder(filler, quoteLinesFromDoorOrder(measured, prices));
    expect(u.added).toHaveLength(2);
    expect(u.cut).toBe(2);
    expect(u.lines).toHaveLength(500);
  });

  it('keys lines by kind and size; own lines have none', () => {
    const [door, , front, hinge] = quoteLinesFromDoorOrder(measured, prices);
    expect(doorOrderKey(door!)).toBe('door:14.5x30');
    expect(doorOrderKey(front!)).toBe('drawerFront:14.5x6.25');
    expect(doorOrderKey(hinge!)).toBe('hinge:0.5');
    expect(doorOrderKey(own[0]!)).toBeNull();
    expect(
      doorOrderKey({ kind: 'door', description: 'Doors', quantity: 3, unit_cents: 1 }),
    ).toBeNull();
  });
});
