import { describe, expect, it } from 'vitest';
import { quoteRequestErrors, zipFromAddress } from './quoteRequestRules';

const TODAY = '2026-11-25';
const OK = { zip: '62701', description: 'Reface the kitchen', photoCount: 2, neededBy: '' };

describe('quote request checks', () => {
  it('passes a complete request', () => {
    expect(quoteRequestErrors(OK, TODAY)).toEqual({});
    expect(quoteRequestErrors({ ...OK, neededBy: TODAY }, TODAY)).toEqual({});
  });

  it.each([
    [{ zip: '6270' }, { zip: 'Enter a 5-digit ZIP code' }],
    [{ zip: '62701-1234' }, { zip: 'Enter a 5-digit ZIP code' }],
    [{ zip: '' }, { zip: 'Enter a 5-digit ZIP code' }],
    [
      { description: 'x'.repeat(2001) },
      { description: 'Keep the description under 2,000 characters' },
    ],
    [{ photoCount: 21 }, { photos: 'Share at most 20 photos' }],
    [{ neededBy: '2026-11-24' }, { neededBy: 'The needed-by date is in the past' }],
    [{ neededBy: 'soon' }, { neededBy: 'Enter a date' }],
  ])('refuses %o', (patch, expected) => {
    expect(quoteRequestErrors({ ...OK, ...patch }, TODAY)).toEqual(expected);
  });

  it('reads the ZIP at the end of an address', () => {
    expect(zipFromAddress('25 Maple Street, Springfield, IL 62701')).toBe('62701');
    expect(zipFromAddress('25 Maple Street, Springfield, IL 62701-4410 ')).toBe('62701');
    expect(zipFromAddress('25 Maple Street')).toBe('');
  });
});
