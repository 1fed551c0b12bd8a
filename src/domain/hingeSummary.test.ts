import { describe, expect, it } from 'vitest';
import { hingeSize, hingeSummary } from './hingeSummary';

describe('hingeSummary (spec §9)', () => {
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
    expect(hingeSummary([{ part: 'Door', nextToWall: false, quantity: 1 }, { part: 'Door', nextToWall: true, quantity: 2 }], 0.5)).toEqual([{ size: 0.5, quantity: 6 }]);
  });

  it('no hinged parts → empty', () => {
    expect(hingeSummary([{ part: 'Front', nextToWall: false, quantity: 1 }], 1.5)).toEqual([]);
  });
});
