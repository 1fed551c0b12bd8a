import { describe, expect, it } from 'vitest';
import {
  contentToText,
  lineToText,
  hasFormErrors,
  readQuoteForm,
  readQuoteLine,
  readTaxRate,
  readValidUntil,
  type QuoteFormText,
  type QuoteLineText,
} from './quoteForm';

const line = (over: Partial<QuoteLineText> = {}): QuoteLineText => ({
  kind: 'labor',
  description: 'Labor, per door',
  quantity: '12',
  price: '35.00',
  ...over,
});

describe('readQuoteLine', () => {
  it.each([
    ['12', '35.00', 12, 3500],
    ['1.5', '$1,200.5', 1.5, 120050],
    ['0.125', '0', 0.125, 0],
    ['100', '100000', 100, 10_000_000],
  ])('quantity %s at %s → %d × %d cents', (quantity, price, q, cents) => {
    expect(readQuoteLine(line({ quantity, price }), 1)).toEqual({
      line: { kind: 'labor', description: 'Labor, per door', quantity: q, unit_cents: cents },
      errors: {},
    });
  });

  it.each([
    [{ quantity: '' }, { quantity: 'Enter a quantity' }],
    [{ quantity: 'two' }, { quantity: 'Enter a number, e.g. 2 or 1.5' }],
    [{ quantity: '-3' }, { quantity: 'The quantity must be more than 0' }],
    [{ quantity: '0' }, { quantity: 'The quantity must be more than 0' }],
    [{ quantity: '1e9' }, { quantity: 'Enter a number, e.g. 2 or 1.5' }],
    [{ quantity: '10001' }, { quantity: 'The quantity must be at most 10,000' }],
    [{ quantity: '1.2345' }, { quantity: 'Use at most 3 decimals' }],
    [{ price: '-5' }, { price: 'A price cannot be negative' }],
    [{ price: 'abc' }, { price: 'Enter a price, e.g. 12.50' }],
    [{ price: '100000.01' }, { price: 'The price must be at most $100,000.00' }],
    [{ price: '12.505' }, { price: 'Use dollars and cents, e.g. 12.50' }],
    [{ description: ' ' }, { description: 'Enter a description' }],
    [
      { description: 'x'.repeat(501) },
      { description: 'Keep the description to 500 characters (now 501)' },
    ],
  ])('refuses %j on its field', (over, errors) => {
    expect(readQuoteLine(line(over), 3)).toEqual({ line: null, errors });
  });

  it('refuses a line whose amount is over $10,000,000 as a whole, in the database words', () => {
    expect(readQuoteLine(line({ quantity: '100', price: '100000' }), 3).errors).toEqual({});
    expect(readQuoteLine(line({ quantity: '100.001', price: '100000' }), 3)).toEqual({
      line: null,
      errors: { line: 'Line 3: the amount is over $10,000,000' },
    });
  });

  it('carries the area and size of a door-order line unchanged', () => {
    const r = readQuoteLine(
      line({ kind: 'door', price: '21', sqft: 2.3333, width: 14.5, height: 23.1875 }),
      1,
    );
    expect(r.line).toMatchObject({ sqft: 2.3333, width: 14.5, height: 23.1875, unit_cents: 2100 });
  });
});

describe('tax rate and valid-until', () => {
  it.each([
    ['8.25', 8.25],
    ['0', 0],
    ['100', 100],
    ['7.5 %', 7.5],
    ['101', 'The tax rate must be from 0 to 100 %'],
    ['-1', 'The tax rate must be from 0 to 100 %'],
    ['', 'Enter the tax rate, e.g. 8.25 (0 for none)'],
    ['8.2501', 'Use at most 3 decimals'],
  ])('tax %j → %j', (text, expected) => {
    expect(readTaxRate(text)).toBe(expected);
  });

  it.each([
    ['', { error: 'Choose a valid-until date' }],
    ['2026-12-25', '2026-12-25'],
    ['2026-11-25', '2026-11-25'],
    ['2026-11-24', { error: 'The valid-until date is in the past' }],
    ['25/12/2026', { error: 'Enter a date' }],
  ])('valid until %j on 2026-11-25 → %j', (text, expected) => {
    expect(readValidUntil(text, '2026-11-25')).toEqual(expected);
  });
});

describe('readQuoteForm', () => {
  const form = (over: Partial<QuoteFormText> = {}): QuoteFormText => ({
    lines: [line()],
    taxRate: '8.25',
    validUntil: '2026-12-25',
    notes: '',
    ...over,
  });

  it('reads a good form into content, and back', () => {
    const r = readQuoteForm(form(), '2026-11-25');
    expect(hasFormErrors(r.errors)).toBe(false);
    expect(r.content).toEqual({
      lines: [{ kind: 'labor', description: 'Labor, per door', quantity: 12, unit_cents: 3500 }],
      tax_rate: 8.25,
      valid_until: '2026-12-25',
      notes: '',
    });
    expect(contentToText(r.content!)).toEqual({
      ...form(),
      lines: [{ ...line(), price: '35.00' }],
    });
  });

  it('gives no content while any field is wrong, with every message on its field', () => {
    const r = readQuoteForm(
      form({
        lines: [line(), line({ quantity: '-1' })],
        taxRate: '120',
        validUntil: '2020-01-01',
        notes: 'n'.repeat(2001),
      }),
      '2026-11-25',
    );
    expect(r.content).toBeNull();
    expect(r.errors).toEqual({
      lines: [{}, { quantity: 'The quantity must be more than 0' }],
      taxRate: 'The tax rate must be from 0 to 100 %',
      validUntil: 'The valid-until date is in the past',
      notes: 'Keep the notes under 2,000 characters (now 2001)',
    });
  });

  it('refuses more than 500 lines', () => {
    const r = readQuoteForm(
      form({ lines: Array.from({ length: 501 }, () => line()) }),
      '2026-11-25',
    );
    expect(r.content).toBeNull();
    expect(r.errors.count).toBe('A quote has at most 500 lines (now 501): remove 1');
  });
});

describe('doors and drawer fronts written by hand', () => {
  const door: QuoteLineText = {
    kind: 'door',
    description: 'Shaker doors',
    quantity: '14',
    price: '85.00',
  };

  it('per piece: no area', () => {
    expect(readQuoteLine(door, 1)).toEqual({
      line: { kind: 'door', description: 'Shaker doors', quantity: 14, unit_cents: 8500 },
      errors: {},
    });
  });

  it('per square foot: the area of one piece as typed', () => {
    expect(readQuoteLine({ ...door, price: '21', area: '4.5' }, 1).line).toEqual({
      kind: 'door',
      description: 'Shaker doors',
      quantity: 14,
      unit_cents: 2100,
      sqft: 4.5,
    });
    expect(readQuoteLine({ ...door, area: '' }, 1).errors.area).toBe(
      'Enter the square feet of one piece, e.g. 4.5',
    );
    expect(readQuoteLine({ ...door, area: '101' }, 1).errors.area).toBe(
      'The area must be more than 0 and at most 100 sq ft',
    );
    expect(readQuoteLine({ ...door, area: '1.23456' }, 1).errors.area).toBe(
      'Use at most 4 decimals',
    );
  });

  it('counts whole pieces; a labor line may take hours with decimals', () => {
    expect(readQuoteLine({ ...door, quantity: '14.5' }, 1).errors.quantity).toBe(
      'Count whole pieces, e.g. 14',
    );
    expect(readQuoteLine({ ...door, kind: 'labor', quantity: '2.5' }, 1).line?.quantity).toBe(2.5);
  });

  it('a stored hand-written line reads back with its area as text; a door-order line keeps its size', () => {
    expect(
      lineToText({ kind: 'door', description: 'Doors', quantity: 3, unit_cents: 2100, sqft: 4.5 }),
    ).toEqual({ kind: 'door', description: 'Doors', quantity: '3', price: '21.00', area: '4.5' });
    const sized = lineToText({
      kind: 'door',
      description: 'Door 14 1/2" × 30"',
      quantity: 2,
      unit_cents: 2100,
      sqft: 3.0208,
      width: 14.5,
      height: 30,
    });
    expect(sized).toMatchObject({ sqft: 3.0208, width: 14.5, height: 30 });
    expect(sized.area).toBeUndefined();
  });
});
