// @vitest-environment jsdom
/**
 * The contract page's invoices, as the contractor reads them:
 * - the payment schedule's suggested amounts follow the contract total until
 *   he types one of his own: a change order approved (or reaching the device)
 *   after the page opened is in the suggestion, and what he typed stays;
 * - an approved change order is offered for an invoice of its own only while
 *   it fits in the contract (the server refuses more: invoice.over_contract).
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { MemoryRouter } from 'react-router-dom';
import type { ChangeOrderRow, InvoiceRow, QuoteRow } from '../../data/types';
import { Invoices } from './Invoices';

afterEach(cleanup);

const quote = { id: 'q1', project_id: 'job-1', currency: 'USD', total_cents: 79_833 } as QuoteRow;

function show(
  contractCents: number,
  invoices: InvoiceRow[] = [],
  changeOrders: ChangeOrderRow[] = [],
) {
  return (
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <Invoices
          quote={quote}
          invoices={invoices}
          payments={[]}
          changeOrders={changeOrders}
          contractCents={contractCents}
          isContractor
          priceListRaw={null}
        />
      </MemoryRouter>
    </I18nProvider>
  );
}

// A field's label also holds its warning (the deposit over the cap): read it by how it starts.
const field = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(
    new RegExp(`^${label.replace(/[()$]/g, (c) => `\\${c}`)}`),
  );
const amount = (label: string) => field(label).value;

describe('the payment schedule', () => {
  it('suggests on the contract as it is now, and keeps what was typed', () => {
    const view = render(show(79_833));
    expect(amount('Deposit ($)')).toBe('79.83');
    // A change order of $95.91 approved: the suggestion is on $894.24.
    view.rerender(show(89_424));
    expect(amount('Deposit ($)')).toBe('89.42');
    expect(amount('On doors received ($)')).toBe('402.41');
    expect(amount('On completion ($)')).toBe('402.41');
    screen.getByText('Scheduled: $894.24 of a $894.24 contract');
    fireEvent.change(field('Deposit ($)'), { target: { value: '100.00' } });
    view.rerender(show(99_424));
    expect(amount('Deposit ($)')).toBe('100.00');
    expect(amount('On doors received ($)')).toBe('402.41');
  });
});

const co = { id: 'co1', number: 1, status: 'approved', total_cents: 9_591 } as ChangeOrderRow;
const planned = (kind: InvoiceRow['kind'], cents: number) =>
  ({
    id: `i-${kind}`,
    kind,
    status: 'planned',
    amount_cents: cents,
    number: null,
    due_on: null,
    change_order_id: null,
  }) as InvoiceRow;

describe("a change order's own invoice", () => {
  it('is offered while it fits in the contract', () => {
    // The schedule planned on the quote alone: the change order fits beside it.
    render(
      show(
        89_424,
        [
          planned('deposit', 7_983),
          planned('doors_received', 35_925),
          planned('completion', 35_925),
        ],
        [co],
      ),
    );
    screen.getByRole('button', { name: 'Invoice change order 1 ($95.91)' });
  });

  it('is not offered once the schedule covers the contract with it', () => {
    render(
      show(
        89_424,
        [
          planned('deposit', 8_942),
          planned('doors_received', 40_241),
          planned('completion', 40_241),
        ],
        [co],
      ),
    );
    expect(screen.queryByRole('button', { name: /^Invoice change order/ })).toBeNull();
  });
});

describe('the invoices table', () => {
  it('lists the schedule in its order, whatever order the rows came in', () => {
    render(
      show(
        89_424,
        [
          planned('completion', 40_241),
          planned('deposit', 8_942),
          planned('doors_received', 40_241),
        ],
        [],
      ),
    );
    const rows = screen.getAllByRole<HTMLTableRowElement>('row').slice(1);
    expect(rows.map((r) => r.cells[1]!.textContent)).toEqual([
      'Deposit',
      'On doors received',
      'On completion',
    ]);
  });
});
