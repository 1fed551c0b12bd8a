import { describe, expect, it } from 'vitest';
import {
  changedSinceOrdered,
  checkInSummary,
  orderFormProblems,
  partsToRemake,
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
