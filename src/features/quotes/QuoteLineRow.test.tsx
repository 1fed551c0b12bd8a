// @vitest-environment jsdom
/**
 * One quote line in the editor: what is typed stays in the field, a value
 * the quote cannot take shows its message under that field (tied to it for
 * screen readers), and the amount shows only for a line that reads.
 */
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteLineText } from '../../domain/quoteForm';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { QuoteLineRow } from './QuoteLineRow';

afterEach(cleanup);

function Harness({ start }: { start: QuoteLineText }) {
  const [line, setLine] = useState(start);
  return (
    <I18nProvider i18n={i18n}>
      <table>
        <tbody>
          <QuoteLineRow
            line={line}
            index={0}
            onChange={(_, patch) => setLine((l) => ({ ...l, ...patch }))}
            onRemove={() => undefined}
          />
        </tbody>
      </table>
    </I18nProvider>
  );
}

const door: QuoteLineText = {
  kind: 'door',
  description: 'Door 14 1/2″ × 30″, Shaker, White',
  quantity: '4',
  price: '18.50',
  sqft: 3.0208,
  width: 14.5,
  height: 30,
};

describe('QuoteLineRow', () => {
  it('shows the amount of a good line: 4 × 3.0208 sq ft × $18.50 = $223.54', () => {
    render(<Harness start={door} />);
    expect(screen.getByText('$223.54')).toBeTruthy();
    expect(screen.getByText('per sq ft · 3.0208 sq ft each')).toBeTruthy();
  });

  it.each([
    ['Quantity, line 1', '-2', 'The quantity must be more than 0'],
    ['Quantity, line 1', '20000', 'The quantity must be at most 10,000'],
    ['Price in dollars per sq ft, line 1', '-1', 'A price cannot be negative'],
    ['Price in dollars per sq ft, line 1', '999999', 'The price must be at most $100,000.00'],
    ['Description, line 1', 'x'.repeat(501), 'Keep the description to 500 characters (now 501)'],
  ])('%s = %j: refused on the field, the text kept', (label, value, message) => {
    render(<Harness start={door} />);
    const field = screen.getByLabelText<HTMLInputElement>(label);
    fireEvent.change(field, { target: { value } });
    expect(field.value).toBe(value);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe(message);
    expect(screen.queryByText('$223.54')).toBeNull();
  });

  it('a door line written by hand: per piece, or per sq ft with the area of one piece', () => {
    render(
      <Harness
        start={{ kind: 'door', description: 'Shaker doors', quantity: '14', price: '85.00' }}
      />,
    );
    // 14 × $85.00
    expect(screen.getByText('$1,190.00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Priced, line 1'), { target: { value: 'sqft' } });
    const area = screen.getByLabelText<HTMLInputElement>('Square feet of one piece, line 1');
    expect(document.getElementById(area.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter the square feet of one piece, e.g. 4.5',
    );
    fireEvent.change(screen.getByLabelText('Price in dollars per sq ft, line 1'), {
      target: { value: '21' },
    });
    fireEvent.change(area, { target: { value: '4.5' } });
    // 14 × 4.5 sq ft × $21.00 = $1,323.00
    expect(screen.getByText('$1,323.00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Quantity, line 1'), { target: { value: '14.5' } });
    expect(screen.getByText('Count whole pieces, e.g. 14')).toBeTruthy();
  });
});
