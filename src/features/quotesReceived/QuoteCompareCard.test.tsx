// @vitest-environment jsdom
/** One quote in the homeowner's comparison: the figures as the database stored them, what is included, and a rating only when reviews exist. */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteRow } from '../../data/types';
import { QuoteCompareCard } from './QuoteCompareCard';
import { QuoteDocument } from './QuoteDocument';

afterEach(cleanup);

const QUOTE: QuoteRow = {
  id: 'q1',
  project_id: 'p1',
  contractor_id: 'c1',
  request_id: null,
  revision: 1,
  status: 'sent',
  lines: [
    { kind: 'door', description: 'Shaker doors', quantity: 10, unit_cents: 2000, sqft: 3 },
    { kind: 'drawerFront', description: 'Slab fronts', quantity: 4, unit_cents: 1500, sqft: 0.5 },
    { kind: 'labor', description: 'Installation', quantity: 1, unit_cents: 40000 },
  ],
  tax_rate: 10,
  currency: 'USD',
  // 60,000 + 3,000 + 40,000 = 103,000; tax 10,300; total 113,300.
  subtotal_cents: 103_000,
  tax_cents: 10_300,
  total_cents: 113_300,
  valid_until: '2026-11-30',
  notes: '',
  contractor_contact: { name: 'Nina Park', company: 'Park Cabinet Co.', email: 'nina@example.com' },
  sent_at: '2026-11-20T10:00:00Z',
  decided_at: null,
  decline_reason: null,
  content_sha256: 'a'.repeat(64),
  signer_name: null,
  signed_by: null,
  signed_at: null,
  signed_sha256: null,
  version: 3,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  deleted_at: null,
  txid: '1',
};

function card(props: Partial<Parameters<typeof QuoteCompareCard>[0]> = {}) {
  return render(
    <MemoryRouter>
      <QuoteCompareCard quote={QUOTE} today="2026-11-25" {...props} />
    </MemoryRouter>,
  );
}

describe('QuoteCompareCard', () => {
  it('shows the total, the price per door and what is included', () => {
    card();
    expect(screen.getByRole('heading', { name: 'Park Cabinet Co. (Nina Park)' })).toBeDefined();
    expect(screen.getByText('$1,133.00')).toBeDefined();
    // 113,300 cents over 14 doors and drawer fronts = 8,092.86 → $80.93.
    expect(screen.getByText('$80.93 (14 doors and drawer fronts)')).toBeDefined();
    const included = screen.getByRole('list', { name: /Included in/ });
    expect(included.textContent).toContain('Labor: included');
    expect(included.textContent).toContain('Hinges: not included');
    expect(screen.getByRole('link', { name: /^View the quote from / }).getAttribute('href')).toBe(
      '/project/p1/quotes/q1',
    );
  });

  it('marks a quote past its valid-until date, and holds it through that day', () => {
    card({ today: '2026-12-01' });
    expect(screen.getByText('Expired')).toBeDefined();
    cleanup();
    card({ today: '2026-11-30' });
    expect(screen.queryByText('Expired')).toBeNull();
  });

  it('shows a rating only when reviews exist', () => {
    card();
    expect(screen.queryByText(/out of 5/)).toBeNull();
    expect(screen.getByText('No reviews yet')).toBeDefined();
    cleanup();
    card({ rating: { average: 4.65, count: 12 } });
    expect(screen.getByText('4.7 out of 5 (12 reviews)')).toBeDefined();
  });
});

describe('QuoteDocument', () => {
  it('lists every line with its amount, and the stored totals', () => {
    render(<QuoteDocument quote={QUOTE} />);
    const lines = screen.getByRole('list', { name: 'Lines of the quote' });
    expect(lines.children).toHaveLength(3);
    expect(lines.textContent).toContain('$600.00');
    expect(lines.textContent).toContain('$30.00');
    expect(lines.textContent).toContain('$400.00');
    expect(screen.getByText('$1,030.00')).toBeDefined();
    expect(screen.getByText('$103.00')).toBeDefined();
    expect(screen.getByText('$1,133.00')).toBeDefined();
  });

  it('writes each inch mark once: 13 7/8" × 24 1/16"', () => {
    const sized: QuoteRow = {
      ...QUOTE,
      lines: [
        {
          kind: 'door',
          description: 'Door',
          quantity: 2,
          unit_cents: 2000,
          sqft: 2.33,
          width: 13.875,
          height: 24.0625,
        },
      ],
    };
    render(<QuoteDocument quote={sized} />);
    const lines = screen.getByRole('list', { name: 'Lines of the quote' });
    expect(lines.textContent).toContain('2 × 13 7/8" × 24 1/16"');
    expect(lines.textContent).not.toContain('""');
  });
});
