import { describe, expect, it } from 'vitest';
import { parseMeasurement } from '../../domain/measurementInput';
import { applyKey } from './TapeKeypad';

const type = (...keys: string[]) => keys.reduce(applyKey, '');

describe('tape keypad keys', () => {
  it.each([
    [['1', '4', '3/8'], '14 3/8', '14.375'],
    [['1', '4', ' ', '3/8'], '14 3/8', '14.375'],
    [['3/8'], '3/8', '0.375'],
    [['1', '4', '3/8', '1/2'], '14 1/2', '14.5'],
    [['2', '2', '15/16'], '22 15/16', '22.9375'],
    [['1', '4', '.', '5'], '14.5', '14.5'],
    [['1', '4', '3/8', 'Backspace', 'Backspace', 'Backspace', 'Backspace'], '14', '14'],
    [['1', ' ', ' '], '1 ', '1'],
  ])('%j → %j (stored %j)', (keys, text, stored) => {
    expect(type(...keys)).toBe(text);
    expect(parseMeasurement(text)).toMatchObject({ ok: true, stored });
  });

  it('Clear empties; a space is never doubled or leading', () => {
    expect(type('1', '2', 'Clear')).toBe('');
    expect(type(' ')).toBe('');
  });
});
