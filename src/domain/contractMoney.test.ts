import { describe, expect, it } from 'vitest';
import {
  changeOrderFromDoorOrder,
  changeOrderTotals,
  contractLines,
  depositCapCents,
  isOverdue,
  parseDollars,
  suggestedSchedule,
} from './contractMoney';
import type { QuoteLine } from './quoteTotals';

const door = (quantity: number, width: number, unit_cents = 2_000): QuoteLine => ({
  kind: 'door',
  description: `Door ${width} x 30`,
  quantity,
  unit_cents,
  sqft: 3,
  width,
  height: 30,
});
const labor: QuoteLine = { kind: 'labor', description: 'Install', quantity: 8, unit_cents: 6_000 };

describe('a change order from the door order', () => {
  it('a cabinet added after acceptance: its doors are lines priced from the list', () => {
    const quote = [door(4, 15), labor];
    const now = [door(4, 15, 2_500), door(2, 18, 2_500)];
    expect(changeOrderFromDoorOrder(contractLines(quote, []), now)).toEqual({
      lines: [door(2, 18, 2_500)],
      credits: [],
    });
  });

  it('fewer of a size is credited at the contract price; a resize is a credit and a line', () => {
    const quote = [door(4, 15), door(1, 12)];
    const now = [door(3, 15, 2_500), door(1, 12.5, 2_500)];
    expect(changeOrderFromDoorOrder(contractLines(quote, []), now)).toEqual({
      lines: [door(1, 12.5, 2_500)],
      credits: [door(1, 12), door(1, 15)],
    });
  });

  it('an approved change order is part of the contract: nothing new to change', () => {
    const quote = [door(4, 15)];
    const approved = [{ lines: [door(2, 18, 2_500)], credits: [door(1, 15)] }];
    const now = [door(3, 15), door(2, 18)];
    expect(changeOrderFromDoorOrder(contractLines(quote, approved), now)).toEqual({
      lines: [],
      credits: [],
    });
  });

  it('totals in cents, a net credit negative, tax rounded half away from zero', () => {
    expect(changeOrderTotals({ lines: [door(1, 18)], credits: [] }, 8.25)).toEqual({
      subtotalCents: 6_000,
      taxCents: 495,
      totalCents: 6_495,
    });
    expect(changeOrderTotals({ lines: [], credits: [door(1, 18)] }, 8.25)).toEqual({
      subtotalCents: -6_000,
      taxCents: -495,
      totalCents: -6_495,
    });
  });
});

describe('the schedule and the deposit cap', () => {
  it("California's cap: the lesser of 10 % and $1,000", () => {
    expect(depositCapCents(500_000)).toBe(50_000);
    expect(depositCapCents(2_000_000)).toBe(100_000);
    expect(depositCapCents(2_000_000, { percent: 25, cents: 1_000_000 })).toBe(500_000);
  });

  it('the suggested schedule adds up to the contract', () => {
    const s = suggestedSchedule(1_234_567);
    expect(s.deposit).toBe(100_000);
    expect(s.deposit + s.doors_received + s.completion).toBe(1_234_567);
  });

  it('overdue: issued, past due, not paid in full', () => {
    const inv = { id: 'i', status: 'issued', due_on: '2026-11-01', amount_cents: 100 };
    const paid = [{ amount_cents: 100, invoice_id: 'i', deleted_at: null }];
    expect(isOverdue(inv, [], '2026-11-02')).toBe(true);
    expect(isOverdue(inv, paid, '2026-11-02')).toBe(false);
    expect(isOverdue(inv, [], '2026-11-01')).toBe(false);
    expect(isOverdue({ ...inv, status: 'planned' }, [], '2026-12-01')).toBe(false);
  });

  it('dollars typed as cents, or null', () => {
    expect(parseDollars('$1,250.5')).toBe(125_050);
    expect(parseDollars('300')).toBe(30_000);
    for (const bad of ['', '0', '-5', '1.234', 'abc', '1e5', '999999999999'])
      expect(parseDollars(bad)).toBeNull();
  });
});
