// @vitest-environment jsdom
/**
 * Who the printed quote is for: the homeowner's name when the device knows
 * it; on a quote from a request whose job the contractor is not on (the
 * server tells him no name), the homeowner who requested it and the
 * request's ZIP code, never a dash; in Spanish too.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { act } from 'react';
import type { QuoteRow } from '../../data';
import { QuoteSheet } from './QuoteSheet';

afterEach(() => {
  cleanup();
  act(() => i18n.activate('en'));
});

const quote: QuoteRow = {
  id: '5f0c2a9e-1111-4222-8333-444455556666',
  project_id: 'b3c1a6f2-0000-4000-8000-000000000001',
  contractor_id: 'c0ffee00-0000-4000-8000-000000000002',
  request_id: 'a11ce000-0000-4000-8000-000000000003',
  request_summary: {
    project_type: 'kitchen',
    scopes: [],
    zip: '62704',
    description: 'Reface 3 cabinets',
    needed_by: null,
    photos: [],
  },
  revision: 1,
  status: 'sent',
  lines: [{ kind: 'door', description: 'Shaker doors, white', quantity: 5, unit_cents: 9500 }],
  tax_rate: 0,
  currency: 'USD',
  subtotal_cents: 47500,
  tax_cents: 0,
  total_cents: 47500,
  valid_until: '2027-01-01',
  notes: '',
  contractor_contact: { name: 'Nina contractor-user' },
  sent_at: '2026-12-01T10:00:00Z',
  decided_at: null,
  decline_reason: null,
  content_sha256: null,
  signer_name: null,
  signed_by: null,
  signed_at: null,
  signed_sha256: null,
  version: 1,
  created_at: '2026-12-01T09:00:00Z',
  updated_at: '2026-12-01T10:00:00Z',
  deleted_at: null,
  txid: '1',
};
const from = { company: '', name: 'Nina contractor-user', email: '', phone: '' };

/** The value printed under a heading of the job's block. */
function printed(label: string): string {
  const term = within(
    screen.getByRole('article', { name: /Printable quote|Cotización para imprimir/ }),
  )
    .getAllByRole('term')
    .find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent ?? '';
}

function sheet(props: { customer: string; address: string; requestZip?: string | null }) {
  render(
    <I18nProvider i18n={i18n}>
      <QuoteSheet quote={quote} from={from} {...props} />
    </I18nProvider>,
  );
}

describe('the printed quote’s customer', () => {
  it('names the homeowner when the device knows her', () => {
    sheet({ customer: 'Maria Alvarez', address: '48 Maple Ave, Springfield, IL 62704' });
    expect(printed('Customer')).toBe('Maria Alvarez');
    expect(printed('Job address')).toBe('48 Maple Ave, Springfield, IL 62704');
  });

  it('a request-only quote: the homeowner who requested it, where the job is, never a dash', () => {
    sheet({ customer: '', address: '', requestZip: '62704' });
    expect(printed('Customer')).toBe('The homeowner who requested this quote');
    expect(printed('Job address')).toBe('ZIP code 62704');
  });

  it('in Spanish', () => {
    act(() => i18n.activate('es'));
    sheet({ customer: '', address: '', requestZip: '62704' });
    expect(printed('Cliente')).toBe('El dueño de casa que pidió esta cotización');
    expect(printed('Dirección de la obra')).toBe('Código postal 62704');
  });
});
