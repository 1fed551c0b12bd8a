import { describe, expect, it } from 'vitest';
import {
  MEASUREMENT_FORMAT_ERROR,
  MEASUREMENT_TOO_BIG_ERROR,
  MEASUREMENT_ZERO_ERROR,
  WIDE_OPENING_WARNING,
  parseMeasurement,
} from './measurementInput';

describe('parseMeasurement: what a contractor types off the tape (stored as digits and a decimal point, product rules "Input checks")', () => {
  it.each([
    ['14.375', '14.375'],
    ['14', '14'],
    ['.5', '0.5'],
    ['14.', '14'],
    ['14,5', '14.5'],
    [' 30 ', '30'],
    ['14 3/8', '14.375'],
    ['14-3/8', '14.375'],
    ['14 - 3/8', '14.375'],
    ['14 3/8"', '14.375'],
    ['14 3/8 "', '14.375'],
    ['14 3/8 in', '14.375'],
    ['14"', '14'],
    ['3/8', '0.375'],
    ['30  5/8', '30.625'],
    ['22 15/16', '22.9375'],
    ['7 1/32', '7.03125'],
    ['12 1/3', '12.33333'],
    ['0 1/16', '0.0625'],
  ])('%j → %j', (typed, stored) => {
    const r = parseMeasurement(typed);
    expect(r).toMatchObject({ ok: true, stored });
    if (r.ok) expect(r.warning).toBeUndefined();
  });

  it.each([
    ['-5'],
    ['-14.5'],
    ['abc'],
    ['12a.5.'],
    ['14.5.2'],
    ['1e3'],
    ['1/0'],
    ['14 3/'],
    ['14 1'],
    ['/2'],
    ['14.5 1/2'],
    ['14 9/8'],
    ['14 8/8'],
    ['14 3/8 1/2'],
    ['Infinity'],
  ])('%j is an error with the field message', (typed) => {
    expect(parseMeasurement(typed)).toEqual({
      ok: false,
      empty: false,
      error: MEASUREMENT_FORMAT_ERROR,
    });
  });

  it('empty is "not measured", not an error', () => {
    expect(parseMeasurement('')).toEqual({ ok: false, empty: true, error: '' });
    expect(parseMeasurement('   ')).toEqual({ ok: false, empty: true, error: '' });
  });

  it('above 120" is an error; 120 is not', () => {
    expect(parseMeasurement('9999')).toEqual({
      ok: false,
      empty: false,
      error: MEASUREMENT_TOO_BIG_ERROR,
    });
    expect(parseMeasurement('120 1/16')).toEqual({
      ok: false,
      empty: false,
      error: MEASUREMENT_TOO_BIG_ERROR,
    });
    expect(parseMeasurement('120', 'frame')).toMatchObject({ ok: true, stored: '120' });
  });

  it('an opening width above 60" is kept with a warning; heights and frame parts are not warned', () => {
    expect(parseMeasurement('60')).toEqual({ ok: true, value: 60, stored: '60' });
    expect(parseMeasurement('60 1/16')).toEqual({
      ok: true,
      value: 60.0625,
      stored: '60.0625',
      warning: WIDE_OPENING_WARNING,
    });
    expect(parseMeasurement('72', 'openingHeight')).toEqual({ ok: true, value: 72, stored: '72' });
  });

  it('a frame part (stile, rail) may be 0, an opening may not (with its own words)', () => {
    expect(parseMeasurement('0', 'frame')).toMatchObject({ ok: true, stored: '0' });
    for (const zero of ['0', '0.0', '0/8'])
      expect(parseMeasurement(zero, 'openingHeight')).toEqual({
        ok: false,
        empty: false,
        error: MEASUREMENT_ZERO_ERROR,
      });
    expect(MEASUREMENT_FORMAT_ERROR).toBe('Not saved: enter a size like 14 3/8');
  });

  it('the stored text parses back to the same value (what the order reads)', () => {
    for (const typed of ['14 3/8', '3/8', '22 15/16', '0.5', '7 1/32']) {
      const r = parseMeasurement(typed);
      if (!r.ok) throw new Error(typed);
      expect(Number(r.stored)).toBe(r.value);
      expect(parseMeasurement(r.stored)).toMatchObject({ ok: true, stored: r.stored });
    }
  });
});
