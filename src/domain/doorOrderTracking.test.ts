import { describe, expect, it } from 'vitest';
import {
  changedSinceOrdered,
  checkInSummary,
  orderFormProblems,
  partsToRemake,
  partNumber,
  pieceCount,
  placedPoNumber,
  stepProblems,
  type DoorOrderRow,
  type OrderedPart,
} from './doorOrderTracking';

const part = (n: number, width = 15.375): OrderedPart => ({
  key: `c${n}_0`,
  cabinet: n,
  cabinet_type: 'Base 1/1',
  kind: 'door',
  part: 'Door',
  quantity: 1,
  width,
  height: 22.125,
});
const PARTS = Array.from({ length: 40 }, (_, i) => part(i + 1));
const order = (o: Partial<DoorOrderRow>): DoorOrderRow => ({
  id: 'o1',
  remake_of: null,
  parts: PARTS,
  checkin: {},
  ordered_on: '2026-11-01',
  created_at: '2026-11-01T10:00:00Z',
  deleted_at: null,
  ...o,
});

describe('the check-in counts', () => {
  it('36 of 40 in, 4 to remake; the remake received right brings them in', () => {
    const checkin = Object.fromEntries(
      PARTS.map((p, i) => [p.key, { state: i < 36 ? 'received' : i < 38 ? 'damaged' : 'missing' }]),
    ) as DoorOrderRow['checkin'];
    const first = order({ checkin });
    expect(checkInSummary([first])).toEqual({ parts: 40, received: 36, toRemake: 4, open: 0 });
    expect(partsToRemake(first).map((p) => p.cabinet)).toEqual([37, 38, 39, 40]);
    const remake = order({
      id: 'r1',
      remake_of: 'o1',
      parts: partsToRemake(first),
      created_at: '2026-11-20T10:00:00Z',
    });
    expect(checkInSummary([first, remake])).toMatchObject({ received: 36, toRemake: 4 });
    remake.checkin = Object.fromEntries(remake.parts.map((p) => [p.key, { state: 'received' }]));
    expect(checkInSummary([first, remake])).toEqual({
      parts: 40,
      received: 40,
      toRemake: 0,
      open: 0,
    });
  });
});

describe('a pair of leaves counts 2 wherever parts are counted', () => {
  it('the order, the remake and the check-in line say the same number', () => {
    const pair: OrderedPart = { ...part(2), quantity: 2 };
    const parts = [part(1), pair, part(3)];
    expect(pieceCount(parts)).toBe(4);
    const first = order({
      parts,
      checkin: {
        c1_0: { state: 'received' },
        c2_0: { state: 'damaged' },
        c3_0: { state: 'received' },
      },
    });
    expect(pieceCount(partsToRemake(first))).toBe(2);
    expect(checkInSummary([first])).toEqual({ parts: 4, received: 2, toRemake: 2, open: 0 });
  });

  it('numbers a part in its cabinet from its key, as the builder does', () => {
    expect(partNumber('1700000000000_0')).toBe(1);
    expect(partNumber('c3_2')).toBe(3);
    expect(partNumber('odd')).toBeNull();
  });
});

describe('several orders of one job count each part once', () => {
  const PARTS23 = PARTS.slice(0, 23);
  it('three orders of the same 23 parts: 0 of 23 in, then the latest order counts', () => {
    const a = order({ id: 'a', parts: PARTS23, created_at: '2026-11-01T10:00:00Z' });
    const b = order({ id: 'b', parts: PARTS23, created_at: '2026-11-01T11:00:00Z' });
    const c = order({
      id: 'c',
      parts: PARTS23,
      ordered_on: '2026-11-02',
      created_at: '2026-11-02T09:00:00Z',
    });
    expect(checkInSummary([a, b, c])).toEqual({ parts: 23, received: 0, toRemake: 0, open: 23 });
    // The first order was checked in, then re-placed: the part starts over on the new order.
    a.checkin = Object.fromEntries(PARTS23.map((p) => [p.key, { state: 'received' }]));
    expect(checkInSummary([c, a, b])).toMatchObject({ parts: 23, received: 0, open: 23 });
    c.checkin = Object.fromEntries(PARTS23.map((p) => [p.key, { state: 'received' }]));
    expect(checkInSummary([a, b, c])).toMatchObject({ parts: 23, received: 23, open: 0 });
  });

  it('a second order of other parts adds them; a remake and a remake of it add none', () => {
    const first = order({
      id: 'f',
      parts: PARTS.slice(0, 20),
      checkin: { c1_0: { state: 'damaged' }, c2_0: { state: 'received' } },
    });
    const more = order({ id: 'm', parts: PARTS.slice(20, 30), created_at: '2026-11-03T10:00:00Z' });
    const remake = order({
      id: 'r',
      remake_of: 'f',
      parts: [PARTS[0]!],
      created_at: '2026-11-05T10:00:00Z',
    });
    expect(checkInSummary([first, more, remake])).toEqual({
      parts: 30,
      received: 1,
      toRemake: 1,
      open: 28,
    });
    remake.checkin = { c1_0: { state: 'wrong_size' } };
    const again = order({
      id: 'r2',
      remake_of: 'r',
      parts: [PARTS[0]!],
      created_at: '2026-11-09T10:00:00Z',
      checkin: { c1_0: { state: 'received' } },
    });
    expect(checkInSummary([again, remake, more, first])).toMatchObject({
      parts: 30,
      received: 2,
      toRemake: 0,
    });
  });
});

describe('the sheet names the placed order PO', () => {
  it("the builder's PO until an order is placed, then the latest first order's", () => {
    const o = (id: string, po: string, created: string, remake: string | null = null) => ({
      id,
      po_number: po,
      remake_of: remake,
      deleted_at: null,
      ordered_on: '2026-11-01',
      created_at: created,
    });
    expect(placedPoNumber(undefined, 'B-1')).toBe('B-1');
    expect(placedPoNumber([], 'B-1')).toBe('B-1');
    const first = o('a', 'PO-7', '2026-11-01T10:00:00Z');
    expect(placedPoNumber([first], 'B-1')).toBe('PO-7');
    const remake = o('r', 'PO-REMAKE', '2026-11-03T10:00:00Z', 'a');
    const again = o('b', 'PO-8', '2026-11-02T10:00:00Z');
    expect(placedPoNumber([remake, again, first], 'B-1')).toBe('PO-8');
    expect(placedPoNumber([{ ...again, deleted_at: '2026-11-04T00:00:00Z' }, first], 'B-1')).toBe(
      'PO-7',
    );
  });
});

describe('changed since ordered', () => {
  it('names resized and removed parts and counts added ones', () => {
    const now = [part(1), part(2, 16), part(41)];
    const { changes, added } = changedSinceOrdered(PARTS.slice(0, 3), now);
    expect([...changes]).toEqual([
      ['c2_0', 'resized'],
      ['c3_0', 'removed'],
    ]);
    expect(added.map((p) => p.key)).toEqual(['c41_0']);
  });
});

describe('fields refuse with the server codes', () => {
  it('a 10 KB tracking number, a missing order number, dates ahead or before the order', () => {
    const o = { ordered_on: '2026-11-01' };
    const empty = {
      maker_order_number: '',
      promised_ship_on: '',
      confirmed_on: '',
      carrier: '',
      tracking_number: '',
      shipped_on: '',
      received_on: '',
    };
    expect(
      stepProblems(
        o,
        'shipped',
        { ...empty, tracking_number: 'Z'.repeat(10_240), shipped_on: '2026-11-10' },
        '2026-11-28',
      ),
    ).toEqual({ tracking_number: 'text.too_long' });
    expect(
      stepProblems(o, 'confirmed', { ...empty, confirmed_on: '2026-12-25' }, '2026-11-28'),
    ).toEqual({
      maker_order_number: 'door_order.maker_order_number_required',
      confirmed_on: 'door_order.date_in_future',
    });
    expect(
      stepProblems(o, 'received', { ...empty, received_on: '2026-10-01' }, '2026-11-28'),
    ).toEqual({
      received_on: 'door_order.date_before',
    });
    expect(
      stepProblems(
        o,
        'confirmed',
        {
          ...empty,
          maker_order_number: 'M1',
          confirmed_on: '2026-11-02',
          promised_ship_on: '2030-01-01',
        },
        '2026-11-28',
      ),
    ).toEqual({ promised_ship_on: 'door_order.ship_date_too_far' });
  });

  it('an order needs a maker name and, sent by mail or given, a valid email', () => {
    const f = {
      maker_name: ' ',
      maker_email: 'nope',
      po_number: '',
      note: '',
      sent_via: 'other' as const,
      ordered_on: '2026-11-28',
    };
    expect(orderFormProblems(f, '2026-11-28')).toEqual({
      maker_name: 'door_order.maker_name_required',
      maker_email: 'door_order.bad_email',
    });
    expect(
      orderFormProblems({ ...f, maker_name: 'Acme', maker_email: 'a@acme.example' }, '2026-11-28'),
    ).toEqual({});
  });
});
