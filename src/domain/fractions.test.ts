import { describe, expect, it } from 'vitest';
import {
  formatDecimal,
  formatExactDecimal,
  formatFraction,
  formatSize,
  parseInches,
  toSixteenths,
} from './fractions';

describe('formatFraction: nearest 1/16", reduced, tape-measure form', () => {
  it.each([
    [15.4375, '15 7/16"'],
    [15.5, '15 1/2"'],
    [15.25, '15 1/4"'],
    [15.125, '15 1/8"'],
    [15.0625, '15 1/16"'],
    [15, '15"'],
    [0.4375, '7/16"'],
    [0, '0"'],
    // 15.49 × 16 = 247.84 → 248 = 15 8/16 = 15 1/2
    [15.49, '15 1/2"'],
    // 15.03 × 16 = 240.48 → 240 = 15"
    [15.03, '15"'],
    // 16.3755 × 16 = 262.008 → 262 = 16 6/16 = 16 3/8
    [16.3755, '16 3/8"'],
    // ties at 1/32 round up: 7.46875 = 7 15/32 → 7 16/32 = 7 1/2
    [7.46875, '7 1/2"'],
    // 15 31/32 → carries into the next inch
    [15.96875, '16"'],
    [15.999, '16"'],
  ])('%f → %s', (value, expected) => {
    expect(formatFraction(value)).toBe(expected);
  });

  it.each([[NaN], [Infinity], [-0.5], [null], [undefined]])('%s → —', (value) => {
    expect(formatFraction(value)).toBe('—');
  });

  it('only ever prints denominators 2, 4, 8, 16', () => {
    for (let i = 0; i < 16 * 40 * 4; i++) {
      const s = toSixteenths(i / 64);
      expect(s).not.toBeNull();
      expect([1, 2, 4, 8, 16]).toContain(s?.denominator);
      if (s && s.denominator > 1) expect(s.numerator % 2).toBe(1);
    }
  });
});

describe('formatDecimal: exactly 3 places, half up', () => {
  it.each([
    [15.4375, '15.438'],
    [16.3755, '16.376'],
    [1.0005, '1.001'],
    [15, '15.000'],
    [0.1, '0.100'],
    [26.0625, '26.063'],
  ])('%f → %s', (value, expected) => {
    expect(formatDecimal(value)).toBe(expected);
  });
  it.each([[NaN], [-1], [Infinity], [null]])('%s → —', (value) => {
    expect(formatDecimal(value)).toBe('—');
  });
});

describe('parseInches', () => {
  it.each<[unknown, number | null]>([
    ['15.5', 15.5],
    [' 15.5 ', 15.5],
    ['.5', 0.5],
    ['15.', 15],
    ['15', 15],
    ['15 1/2', 15.5],
    ['15 1/2"', 15.5],
    ['7/16', 0.4375],
    [15.25, 15.25],
    [0, 0],
    ['0', 0],
    ['', null],
    ['abc', null],
    ['-3', null],
    [-3, null],
    ['1e3', null],
    ['15.5.5', null],
    ['1/0', null],
    [NaN, null],
    [Infinity, null],
    [null, null],
    [undefined, null],
    [{}, null],
    ['9'.repeat(400), null],
    [`${'9'.repeat(400)}/${'9'.repeat(400)}`, null],
    ['Infinity', null],
    ['NaN', null],
  ])('%j → %s', (raw, expected) => {
    expect(parseInches(raw)).toBe(expected);
  });
});

describe('formatSize: a size pair with each inch mark once', () => {
  it('13 7/8" × 24 1/16"', () => {
    expect(formatSize(13.875, 24.0625)).toBe('13 7/8" × 24 1/16"');
    expect(formatSize(15, null)).toBe('15" × —');
    expect(formatSize(13.875, 24.0625)).not.toContain('""');
  });
});

describe("formatExactDecimal: the exports' decimal, up to 4 places", () => {
  it.each([
    [8.3125, '8.3125'],
    [15.5, '15.500'],
    [17.376, '17.376'],
    [32.15625, '32.1563'],
    [0.0625, '0.0625'],
  ])('%s → %s', (n, text) => expect(formatExactDecimal(n)).toBe(text));
  it('invalid → —', () => expect(formatExactDecimal(Number.NaN)).toBe('—'));
});
