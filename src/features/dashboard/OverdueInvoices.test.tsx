// @vitest-environment jsdom
/**
 * The dashboard's overdue invoices as a person reads them: how many and the
 * sum owed, each with its number, due day, days late, what is still owed and
 * a link to the invoice; nothing when none is overdue.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { InvoiceRow, PaymentRow } from '../../data/types';
import { OverdueInvoices } from './OverdueInvoices';

afterEach(() => {
  cleanup();
  act(() => i18n.activate('en'));
});

const stamps = { version: 1, created_at: '', updated_at: '', deleted_at: null, txid: '1' };
const invoice = (id: string, extra: Partial<InvoiceRow>): InvoiceRow => ({
  id,
  project_id: 'job-1',
  quote_id: 'q1',
  contractor_id: 'c1',
  kind: 'deposit',
  change_order_id: null,
  status: 'issued',
  amount_cents: 100_000,
  number: 7,
  issued_at: '2026-11-01T00:00:00Z',
  due_on: '2026-11-15',
  note: '',
  share_token: 't',
  ...stamps,
  ...extra,
});
const payment = (invoiceId: string, cents: number): PaymentRow =>
  ({
    id: `p-${invoiceId}`,
    project_id: 'job-1',
    invoice_id: invoiceId,
    amount_cents: cents,
    paid_on: '2026-11-16',
    method: 'check',
    reference: '',
    ...stamps,
  }) as PaymentRow;

function show(invoices: InvoiceRow[], payments: PaymentRow[]) {
  render(
    <MemoryRouter>
      <OverdueInvoices invoices={invoices} payments={payments} today="2026-12-01" />
    </MemoryRouter>,
  );
}

describe('overdue invoices on the dashboard', () => {
  it('the count, the sum owed, and per invoice its due day, days late, amount owed and link', () => {
    show(
      [
        invoice('a', {}),
        invoice('b', {
          number: 8,
          kind: 'doors_received',
          due_on: '2026-11-30',
          amount_cents: 5_000,
        }),
        invoice('c', { number: 9, due_on: '2026-12-10' }),
      ],
      [payment('a', 25_000)],
    );
    expect(
      screen.getByRole('heading', { name: '2 overdue invoices: $800.00 outstanding' }),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: /^INV-0007 · / });
    expect(link.getAttribute('href')).toBe('/project/job-1/invoice/a');
    expect(screen.getByText('Due Nov 15, 2026, 16 days late')).toBeTruthy();
    expect(screen.getByText('$750.00 outstanding')).toBeTruthy();
    expect(screen.getByText('Due Nov 30, 2026, 1 day late')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^INV-0009/ })).toBeNull();
  });

  it('nothing when every invoice past due is paid', () => {
    show([invoice('a', {})], [payment('a', 100_000)]);
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('in Spanish', () => {
    act(() => i18n.activate('es'));
    show([invoice('a', {})], []);
    expect(
      screen.getByRole('heading', { name: '1 factura vencida: $1,000.00 pendiente' }),
    ).toBeTruthy();
    expect(screen.getByText('$1,000.00 pendiente')).toBeTruthy();
  });
});
