import { describe, expect, it } from 'vitest';
import { measurementFromTyped } from './measurementInput';

describe('measurementFromTyped (spec §5: stored as digits and a decimal point)', () => {
  it.each([
    // decimals, as before
    ['14.5', '14.5'],
    ['14', '14'],
    ['.5', '.5'],
    ['14.', '14.'],
    ['14.5.2', '14.52'],
    ['14,5', '14.5'],
    ['-14.5', '14.5'],
    ['1e3', '13'],
    ['abc', ''],
    [' 30 ', '30'],
    ['', ''],
    // fractions off the tape become their decimal (before: "14 1/2" → 1412)
    ['14 1/2', '14.5'],
    ['14-1/2', '14.5'],
    ['14 - 1/2', '14.5'],
    ['30  5/8', '30.625'],
    ['3/8', '0.375'],
    ['22 15/16', '22.9375'],
    ['7 1/32', '7.03125'],
    ['12 1/3', '12.33333'],
    // incomplete: keep the last value until the fraction is whole
    ['14 ', '14'],
    ['14 1', null],
    ['14 1/', null],
    ['14 1/0', null],
    ['/2', null],
    ['14.5 1/2', null],
  ])('%j → %j', (typed, expected) => {
    expect(measurementFromTyped(typed).value).toBe(expected);
  });

  it('keeps what was typed on screen, with only the characters a measurement uses', () => {
    expect(measurementFromTyped('14 1/2"').text).toBe('14 1/2');
    expect(measurementFromTyped('14 1/').text).toBe('14 1/');
    expect(measurementFromTyped('1x4').text).toBe('14');
  });
});
