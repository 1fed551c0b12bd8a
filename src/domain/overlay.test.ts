import { describe, expect, it } from 'vitest';
import { emptyCabinetData } from './cabinetData';
import {
  REVEAL_OPTIONS,
  STD_OPTIONS,
  effectiveVerticalReveal,
  overlaySize,
  setOverlayMode,
  setSideReveal,
  setStdOption,
  setVertRevealOverride,
  setVerticalReveal,
} from './overlay';

describe('overlaySize (product rules "States and changes")', () => {
  it.each([
    // sol always 0.5
    ['sol', 1.75, 0.25, 0.5],
    ['sol', 1.5, 0, 0.5],
    // fol = option − side reveal, half up to 3 places
    ['fol', 1.5, 0, 1.5],
    ['fol', 1.5, 1 / 16, 1.438], // 1.4375 → 1.438
    ['fol', 1.625, 1 / 16, 1.563], // 1.5625 → 1.563
    ['fol', 1.75, 1 / 16, 1.688], // 1.6875 → 1.688
    ['fol', 1.625, 3 / 16, 1.438], // 1.4375
    ['fol', 1.625, 5 / 16, 1.313], // 1.3125
    ['fol', 1.75, 0.5, 1.25],
    ['fol', 1.5, 0.125, 1.375],
  ] as const)('%s option %f reveal %f → %f', (mode, stdOption, sideReveal, expected) => {
    expect(overlaySize({ overlaySelect: mode, stdOption, sideReveal })).toBe(expected);
  });
});

describe('options (product rules "Constants and formulas")', () => {
  it('three standard options with the spec labels', () => {
    expect(STD_OPTIONS).toEqual([
      { value: 1.5, label: 'STD 1 1/2"' },
      { value: 1.625, label: 'STD 1 5/8"' },
      { value: 1.75, label: 'STD 1 3/4"' },
    ]);
  });
  it('nine reveals 0 … 8/16 in 1/16 steps', () => {
    expect(REVEAL_OPTIONS.map((o) => o.value)).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => i / 16),
    );
    expect(REVEAL_OPTIONS.map((o) => o.label)).toEqual([
      '0"',
      '1/16"',
      '1/8"',
      '3/16"',
      '1/4"',
      '5/16"',
      '3/8"',
      '7/16"',
      '1/2"',
    ]);
  });
});

describe('transitions (product rules "States and changes")', () => {
  it('changing the standard option resets every stile and rail, mid stile twice it', () => {
    let d = emptyCabinetData();
    d = { ...d, stileRail: { ...d.stileRail, botRail: 2.25, midStile: 9 } };
    d = setStdOption(setOverlayMode(d, 'fol'), 1.625);
    expect(d.stileRail).toEqual({
      leftStile: 1.625,
      rightStile: 1.625,
      midStile: 3.25,
      topRail: 1.625,
      botRail: 1.625,
      midRail1: 1.625,
      midRail2: 1.625,
      midRail3: 1.625,
    });
    expect(d.form.olSize).toBe(1.625);
  });

  it('the vertical reveal follows the side reveal unless Override is ticked', () => {
    let d = setOverlayMode(emptyCabinetData(), 'fol');
    d = setSideReveal(d, 0.125);
    expect(d.form.verticalReveal).toBe(0.125);
    expect(d.form.olSize).toBe(1.375);
    d = setVertRevealOverride(d, true);
    d = setVerticalReveal(d, 0.25);
    d = setSideReveal(d, 0.0625);
    expect(effectiveVerticalReveal(d.form)).toBe(0.25);
    expect(d.form.olSize).toBe(1.438);
    d = setVertRevealOverride(d, false);
    expect(effectiveVerticalReveal(d.form)).toBe(0.0625);
  });

  it('switching to sol fixes 0.5, back to fol recomputes', () => {
    let d = setSideReveal(setStdOption(setOverlayMode(emptyCabinetData(), 'fol'), 1.75), 0.25);
    expect(d.form.olSize).toBe(1.5);
    d = setOverlayMode(d, 'sol');
    expect(d.form.olSize).toBe(0.5);
    d = setOverlayMode(d, 'fol');
    expect(d.form.olSize).toBe(1.5);
  });
});
