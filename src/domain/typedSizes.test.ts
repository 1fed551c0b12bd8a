/**
 * A measurement keeps the form it was typed in next to its number (typedSizes.ts): parse and
 * show round trips and reading stored data (the merge: src/data/cabinetMerge.typed.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeCabinetData } from './cabinetData';
import { parseMeasurement } from './measurementInput';
import { shownMeasurement, typedAgrees, typedFormOf } from './typedSizes';

describe('typed form and number: a round trip', () => {
  it.each([
    ['15 5/8', '15.625', '15 5/8'],
    ['  15   5/8 ', '15.625', '15 5/8'],
    ['14,5', '14.5', '14,5'],
    ['14-3/8', '14.375', '14-3/8'],
    ['15 5/8"', '15.625', '15 5/8"'],
    ['3/8', '0.375', '3/8'],
    ['14.5', '14.5', undefined],
    ['14.50', '14.5', '14.50'],
  ])('%j is stored as %j and kept as %j', (typed, stored, kept) => {
    const p = parseMeasurement(typed);
    if (!p.ok) throw new Error(typed);
    expect(p.stored).toBe(stored);
    expect(typedFormOf(typed, p.stored)).toBe(kept);
    const item = { width: p.stored, ...(kept ? { widthTyped: kept } : {}) };
    // What a view shows reads back as the same number.
    const shown = shownMeasurement(item, 'width');
    expect(shown).toBe(kept ?? stored);
    const again = parseMeasurement(shown);
    expect(again.ok && again.stored).toBe(stored);
  });

  it('every 1/16 up to 120" typed as a fraction shows as typed and reads back as its number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 119 }), fc.integer({ min: 1, max: 15 }), (w, n) => {
        const typed = `${w} ${n}/16`;
        const p = parseMeasurement(typed, 'frame');
        if (!p.ok) return false;
        const kept = typedFormOf(typed, p.stored);
        return (
          kept === typed &&
          shownMeasurement({ width: p.stored, widthTyped: kept }, 'width') === typed &&
          Math.abs(p.value - (w + n / 16)) < 1e-9
        );
      }),
    );
  });

  it('a typed form that does not read as its number is never shown', () => {
    expect(typedAgrees('15 5/8', '15.625')).toBe(true);
    expect(typedAgrees('15 5/8', '14')).toBe(false);
    expect(typedAgrees('abc', '14')).toBe(false);
    expect(typedAgrees('14', '')).toBe(false);
    expect(shownMeasurement({ width: '14', widthTyped: '15 5/8' }, 'width')).toBe('14');
    expect(shownMeasurement(undefined, 'height')).toBe('');
  });

  it('reading stored data keeps an agreeing typed form and drops one that disagrees or is not text', () => {
    const data = normalizeCabinetData({
      cabinets: { a: { type: 'Wall', order: 'a0' } },
      itemState: {
        a_0: { width: '15.625', widthTyped: '15 5/8', height: '30', heightTyped: '29 1/2' },
        a_1: { width: '14.5', widthTyped: 14.5, height: '6' },
      },
    });
    expect(data.itemState.a_0).toMatchObject({ width: '15.625', widthTyped: '15 5/8' });
    expect(data.itemState.a_0).not.toHaveProperty('heightTyped');
    expect(data.itemState.a_1).not.toHaveProperty('widthTyped');
  });
});
