import { describe, expect, it } from 'vitest';
import { applyDetailsPatch, diffDetails, mergeDetailsPatches } from './detailsPatch';

describe('details patches', () => {
  it('diffs to leaf paths; arrays are whole values; removed keys are removes', () => {
    const before = {
      address: 'a',
      projectScopes: ['kitchen'],
      cabinetData: { itemState: { '1_0': { width: '10', height: '20' } }, notes: 'n' },
    };
    const after = {
      address: 'a',
      projectScopes: ['kitchen', 'bath'],
      cabinetData: { itemState: { '1_0': { width: '12', height: '20' } } },
    };
    expect(diffDetails(before, after)).toEqual([
      { path: ['projectScopes'], value: ['kitchen', 'bath'] },
      { path: ['cabinetData', 'itemState', '1_0', 'width'], value: '12' },
      { path: ['cabinetData', 'notes'], remove: true },
    ]);
    expect(applyDetailsPatch(before, diffDetails(before, after))).toEqual(after);
  });

  it('coalesces: later wins, a parent replaces its children, a child folds into an earlier parent', () => {
    const a = [
      { path: ['x', 'y'], value: 1 },
      { path: ['x', 'z'], value: 2 },
      { path: ['k'], value: 'old' },
    ];
    expect(mergeDetailsPatches(a, [{ path: ['k'], value: 'new' }])).toEqual([
      { path: ['x', 'y'], value: 1 },
      { path: ['x', 'z'], value: 2 },
      { path: ['k'], value: 'new' },
    ]);
    expect(mergeDetailsPatches(a, [{ path: ['x'], value: { w: 3 } }])).toEqual([
      { path: ['k'], value: 'old' },
      { path: ['x'], value: { w: 3 } },
    ]);
    expect(
      mergeDetailsPatches([{ path: ['x'], value: { w: 3 } }], [{ path: ['x', 'v'], value: 4 }]),
    ).toEqual([{ path: ['x'], value: { w: 3, v: 4 } }]);
    expect(
      mergeDetailsPatches([{ path: ['x'], remove: true }], [{ path: ['x', 'v'], value: 4 }]),
    ).toEqual([{ path: ['x'], value: { v: 4 } }]);
  });
});
