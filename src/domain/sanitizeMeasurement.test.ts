import { describe, expect, it } from 'vitest';
import { sanitizeMeasurement } from './sanitizeMeasurement';

describe('sanitizeMeasurement (spec §5: digits and a decimal point only)', () => {
  it.each([
    ['14.5', '14.5'],
    ['14', '14'],
    ['.5', '.5'],
    ['14.', '14.'],
    ['14.5.2', '14.52'],
    ['-14.5', '14.5'],
    ['14 1/2', '1412'],
    ['1e3', '13'],
    ['abc', ''],
    ['14,5', '14.5'],
    [' 30 ', '30'],
    ['', ''],
  ])('%j → %j', (typed, expected) => {
    expect(sanitizeMeasurement(typed)).toBe(expected);
  });
});
