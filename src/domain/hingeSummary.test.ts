import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeCabinetData } from './cabinetData';
import { computeDoorOrder } from './doorOrder';
import {
  hingeLimitsError,
  hingeSize,
  hingeSummary,
  hingesPerLeaf,
  normalizeHingeRule,
} from './hingeSummary';

describe('hingeSummary (product rules "Constants and formulas")', () => {
  it('size 0.5 next to a wall, else the overlay size', () => {
    expect(hingeSize(true, 1.5)).toBe(0.5);
    expect(hingeSize(false, 1.438)).toBe(1.438);
  });

  it('2 per hinged leaf, split counts 2 leaves, fronts none, grouped by size', () => {
    const lines = hingeSummary(
      [
        { part: 'Door', nextToWall: false, quantity: 1 }, // 2 @ 1.5
        { part: 'Door', nextToWall: true, quantity: 1 }, // 2 @ 0.5
        { part: 'Door', nextToWall: false, quantity: 2 }, // split: 4 @ 1.5
        { part: 'Front', nextToWall: false, quantity: 1 }, // none
        { part: 'V-base front', nextToWall: true, quantity: 1 }, // none
        { part: 'V-base door', nextToWall: false, quantity: 1 }, // 2 @ 1.5
        { part: 'Pantry Top Dr', nextToWall: true, quantity: 1 }, // 2 @ 0.5
        { part: 'Pantry Bott Dr', nextToWall: true, quantity: 1 }, // 2 @ 0.5 (decision)
      ],
      1.5,
    );
    expect(lines).toEqual([
      { size: 0.5, quantity: 6 },
      { size: 1.5, quantity: 8 },
    ]);
  });

  it('standard overlay: every hinge is 0.5', () => {
    expect(
      hingeSummary(
        [
          { part: 'Door', nextToWall: false, quantity: 1 },
          { part: 'Door', nextToWall: true, quantity: 2 },
        ],
        0.5,
      ),
    ).toEqual([{ size: 0.5, quantity: 6 }]);
  });

  it('no hinged parts → empty', () => {
    expect(hingeSummary([{ part: 'Front', nextToWall: false, quantity: 1 }], 1.5)).toEqual([]);
  });
});

describe('hinges by door height (job setting)', () => {
  const rule = { mode: 'byHeight', upTo: [40, 60, 80] } as const;
  it('2 up to 40", 3 up to 60", 4 up to 80", 5 above; the limit itself is "up to"', () => {
    expect([10, 40, 40.01, 60, 60.5, 80, 80.0625, 96].map((h) => hingesPerLeaf(rule, h))).toEqual([
      2, 2, 3, 3, 4, 4, 5, 5,
    ]);
  });
  it('per door (and no rule) is 2 whatever the height', () => {
    expect(hingesPerLeaf(undefined, 90)).toBe(2);
    expect(hingesPerLeaf({ mode: 'perDoor' }, 90)).toBe(2);
  });
  it('counts per leaf: a split 50" door is 2 leaves × 3', () => {
    expect(
      hingeSummary(
        [
          { part: 'Door', nextToWall: false, quantity: 2, height: 50 },
          { part: 'Front', nextToWall: false, quantity: 1, height: 90 },
        ],
        0.5,
        rule,
      ),
    ).toEqual([{ size: 0.5, quantity: 6 }]);
  });
  it('stored rules: unknown → none; bad limits → the default limits; strings read as numbers', () => {
    expect(normalizeHingeRule(undefined)).toBeUndefined();
    expect(normalizeHingeRule({ mode: 'tall' })).toBeUndefined();
    expect(normalizeHingeRule({ mode: 'perDoor' })).toEqual({ mode: 'perDoor' });
    expect(normalizeHingeRule({ mode: 'byHeight', upTo: [60, 40, 80] })).toEqual({
      mode: 'byHeight',
      upTo: [40, 60, 80],
    });
    expect(normalizeHingeRule({ mode: 'byHeight', upTo: ['36', '54', '72'] })).toEqual({
      mode: 'byHeight',
      upTo: [36, 54, 72],
    });
  });
  it('limit errors are in the contractor’s words', () => {
    expect(hingeLimitsError([40, 60, 80])).toBeNull();
    expect(hingeLimitsError([40, 40, 80])).toBe('Each height must be larger than the one before.');
    expect(hingeLimitsError([0, 60, 80])).toBe('Enter three door heights in inches, each above 0.');
    expect(hingeLimitsError([Number.NaN, 60, 80])).toBe(
      'Enter three door heights in inches, each above 0.',
    );
  });
});

describe('hinge modes on the fixture jobs', () => {
  const load = (name: string) =>
    (
      JSON.parse(
        readFileSync(new URL(`../../tests/fixtures/jobs/${name}`, import.meta.url), 'utf8'),
      ) as { cabinetData: Record<string, unknown> }
    ).cabinetData;
  const hinges = (name: string, hingeRule?: unknown) =>
    computeDoorOrder(normalizeCabinetData({ ...load(name), ...(hingeRule ? { hingeRule } : {}) }))
      .hinges;

  it('kitchen: 2 per door (no setting, and the explicit setting) — 12 @ 1/2", 22 @ 1.438', () => {
    const expected = [
      { size: 0.5, quantity: 12 },
      { size: 1.438, quantity: 22 },
    ];
    expect(hinges('kitchen-full-overlay.json')).toEqual(expected);
    expect(hinges('kitchen-full-overlay.json', { mode: 'perDoor' })).toEqual(expected);
  });
  it('kitchen by height, default limits: only the 42 1/8" pantry top door gets 3', () => {
    expect(hinges('kitchen-full-overlay.json', { mode: 'byHeight', upTo: [40, 60, 80] })).toEqual([
      { size: 0.5, quantity: 13 },
      { size: 1.438, quantity: 22 },
    ]);
  });
  it('kitchen by height, limits 24/30/40 edited on the job: 3, 4 and 5 per leaf', () => {
    // 1/2" (next to wall): #1 32.156→4, #4 split 2×4, #5 24.656→3, #10 top 42.125→5, #10 bottom 37.875→4 = 24
    // 1.438: #2 4, #3 split 2×4, #6 3+3, #9 3+3, #11 3+3, #12 29.406→3, #14 4 = 37
    expect(hinges('kitchen-full-overlay.json', { mode: 'byHeight', upTo: [24, 30, 40] })).toEqual([
      { size: 0.5, quantity: 24 },
      { size: 1.438, quantity: 37 },
    ]);
  });
  it('bathroom: every door is under 40", so both modes give 20 @ 1/2"', () => {
    expect(hinges('bathroom-standard-overlay.json')).toEqual([{ size: 0.5, quantity: 20 }]);
    expect(
      hinges('bathroom-standard-overlay.json', { mode: 'byHeight', upTo: [40, 60, 80] }),
    ).toEqual([{ size: 0.5, quantity: 20 }]);
    // Limits 24/60/80: 22.375" leaves (#1 ×2, #3, #6 ×2) get 2; 28.375" (#4 ×2, #7) and the split 26.5625" wall door (2 leaves) get 3.
    expect(
      hinges('bathroom-standard-overlay.json', { mode: 'byHeight', upTo: [24, 60, 80] }),
    ).toEqual([{ size: 0.5, quantity: 5 * 2 + 5 * 3 }]);
  });
});
