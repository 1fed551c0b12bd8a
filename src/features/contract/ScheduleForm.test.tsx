// @vitest-environment jsdom
/**
 * The payment schedule's suggested amounts follow the contract total until
 * the contractor types one of his own: a change order approved (or reaching
 * the device) after the contract page opened is in the suggestion, and what
 * he typed is never replaced.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { MemoryRouter } from 'react-router-dom';
import type { QuoteRow } from '../../data/types';
import { Invoices } from './Invoices';

afterEach(cleanup);

const quote = { id: 'q1', project_id: 'job-1', currency: 'USD', total_cents: 79_833 } as QuoteRow;

function show(contractCents: number) {
  return (
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <Invoices
          quote={quote}
          invoices={[]}
          payments={[]}
          changeOrders={[]}
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
