import { describe, expect, it } from 'vitest';
import { overdueInvoices, overdueTotalCents } from './overdueInvoices';

const invoice = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  project_id: 'job-1',
  status: 'issued',
  due_on: '2026-11-15',
  amount_cents: 100_000,
  deleted_at: null as string | null,
  ...extra,
});
const payment = (
  invoice_id: string | null,
  amount_cents: number,
  deleted_at: string | null = null,
) => ({
  invoice_id,
  amount_cents,
  deleted_at,
});

describe('overdue invoices', () => {
  const today = '2026-12-01';

  it('an issued invoice due before today and not paid in full, with what is owed and the days late', () => {
    const list = overdueInvoices([invoice('a')], [payment('a', 25_000)], today);
    expect(list).toEqual([{ invoice: invoice('a'), outstandingCents: 75_000, daysLate: 16 }]);
    expect(overdueTotalCents(list)).toBe(75_000);
  });

  it('leaves out what is not overdue: due today or later, planned, void, paid in full, deleted, no due date', () => {
    const list = overdueInvoices(
      [
        invoice('today', { due_on: today }),
        invoice('later', { due_on: '2026-12-20' }),
        invoice('planned', { status: 'planned' }),
        invoice('void', { status: 'void' }),
        invoice('paid'),
        invoice('gone', { deleted_at: '2026-11-20T00:00:00Z' }),
        invoice('undated', { due_on: null }),
      ],
      [payment('paid', 60_000), payment('paid', 40_000)],
      today,
    );
    expect(list).toEqual([]);
  });

  it('a deleted payment, or one recorded against no invoice, does not lower what an invoice owes', () => {
    const list = overdueInvoices(
      [invoice('a')],
      [payment('a', 100_000, '2026-11-20T00:00:00Z'), payment(null, 50_000)],
      today,
    );
    expect(list[0]?.outstandingCents).toBe(100_000);
  });

  it('oldest due first, then the larger amount owed; one day late the day after it was due', () => {
    const list = overdueInvoices(
      [
        invoice('b', { due_on: '2026-11-30', amount_cents: 5_000 }),
        invoice('c', { due_on: '2026-11-30', amount_cents: 9_000 }),
        invoice('a', { due_on: '2026-10-31' }),
      ],
      [],
      today,
    );
    expect(list.map((o) => [o.invoice.id, o.daysLate])).toEqual([
      ['a', 31],
      ['c', 1],
      ['b', 1],
    ]);
    expect(overdueTotalCents(list)).toBe(114_000);
  });
});
