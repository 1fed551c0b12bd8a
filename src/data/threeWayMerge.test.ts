import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffDetails, isPrefix, sameJson } from './detailsPatch';
import { editsSince, threeWayMerge, valueAt, withValueAt } from './threeWayMerge';

/** JSON documents over few keys, so that two sides' edits often touch the same paths. */
const leaf = fc.oneof(
  fc.constantFrom('', '21.75', '22.125', 'x'),
  fc.integer({ min: 0, max: 3 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 2 }),
);
const doc = fc.letrec<{ node: unknown; obj: Record<string, unknown> }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('obj')),
  obj: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('node'), { maxKeys: 4 }),
})).obj;

/** A second document that is `base` with a few paths set or removed. */
function edited(base: Record<string, unknown>) {
  const step = fc.record({
    path: fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 3 }),
    value: fc.option(fc.oneof(leaf, doc), { nil: undefined }),
  });
  return fc
    .array(step, { maxLength: 4 })
    .map((steps) => steps.reduce<unknown>((d, s) => withValueAt(d, s.path, s.value), base));
}

const triple = doc.chain((base) =>
  fc.tuple(fc.constant(base), edited(base), edited(base)).map(([b, m, t]) => ({
    base: b,
    mine: m,
    theirs: t,
  })),
);

function overlaps(a: readonly string[], b: readonly string[]): boolean {
  return isPrefix(a, b) || isPrefix(b, a);
}

describe('threeWayMerge properties', () => {
  it('never reverts a path that only theirs changed', () => {
    fc.assert(
      fc.property(triple, ({ base, mine, theirs }) => {
        const { merged } = threeWayMerge(base, mine, theirs);
        const mineEdits = diffDetails(base, mine);
        for (const t of diffDetails(base, theirs)) {
          if (mineEdits.some((m) => overlaps(m.path, t.path))) continue;
          expect(sameJson(valueAt(merged, t.path), valueAt(theirs, t.path))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never drops a path that only mine changed', () => {
    fc.assert(
      fc.property(triple, ({ base, mine, theirs }) => {
        const { merged } = threeWayMerge(base, mine, theirs);
        const theirEdits = diffDetails(base, theirs);
        for (const m of diffDetails(base, mine)) {
          if (theirEdits.some((t) => overlaps(m.path, t.path))) continue;
          expect(sameJson(valueAt(merged, m.path), valueAt(mine, m.path))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a conflict is a path both changed to different values; merged keeps mine there', () => {
    fc.assert(
      fc.property(triple, ({ base, mine, theirs }) => {
        const { merged, conflicts } = threeWayMerge(base, mine, theirs);
        for (const c of conflicts) {
          expect(sameJson(c.mine, c.theirs)).toBe(false);
          expect(sameJson(c.mine, valueAt(mine, c.path))).toBe(true);
          expect(sameJson(c.theirs, valueAt(theirs, c.path))).toBe(true);
          expect(sameJson(valueAt(merged, c.path), c.mine)).toBe(true);
          // No conflict lies inside another.
          expect(conflicts.filter((o) => isPrefix(o.path, c.path))).toEqual([c]);
        }
        // Without conflicts, both sides' values survive everywhere they differ from base.
        if (conflicts.length === 0) {
          for (const m of diffDetails(base, mine))
            expect(sameJson(valueAt(merged, m.path), valueAt(mine, m.path))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('what an editor then sends (merged against theirs) touches only paths the user changed', () => {
    fc.assert(
      fc.property(triple, ({ base, mine, theirs }) => {
        const { merged } = threeWayMerge(base, mine, theirs);
        const mineEdits = diffDetails(base, mine);
        for (const sent of editsSince(theirs, merged))
          expect(mineEdits.some((m) => overlaps(m.path, sent.path))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('identities: nothing mine → theirs; nothing theirs → mine; both the same → no conflict', () => {
    fc.assert(
      fc.property(triple, ({ base, mine, theirs }) => {
        expect(sameJson(threeWayMerge(base, base, theirs).merged, theirs)).toBe(true);
        expect(threeWayMerge(base, base, theirs).conflicts).toEqual([]);
        expect(sameJson(threeWayMerge(base, mine, base).merged, mine)).toBe(true);
        const same = threeWayMerge(base, mine, mine);
        expect(same.conflicts).toEqual([]);
        expect(sameJson(same.merged, mine)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('never mutates its arguments', () => {
    fc.assert(
      fc.property(triple, ({ base, mine, theirs }) => {
        const before = JSON.stringify([base, mine, theirs]);
        threeWayMerge(base, mine, theirs);
        expect(JSON.stringify([base, mine, theirs])).toBe(before);
      }),
      { numRuns: 200 },
    );
  });
});

describe('threeWayMerge cases', () => {
  const kitchen = {
    cabinetData: {
      itemState: {
        '1_0': { width: '14', height: '30' },
        '3_0': { width: '15', height: '30' },
        '6_0': { width: '21.75', height: '30' },
      },
      notes: '',
    },
  };

  it('the open builder: another device widened cabinet 6, I measured cabinets 1 and 3', () => {
    const theirs = withValueAt(kitchen, ['cabinetData', 'itemState', '6_0', 'width'], '22.125');
    let mine = withValueAt(kitchen, ['cabinetData', 'itemState', '1_0', 'width'], '14.5');
    mine = withValueAt(mine, ['cabinetData', 'itemState', '3_0', 'width'], '15.25');
    const { merged, conflicts } = threeWayMerge(kitchen, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(valueAt(merged, ['cabinetData', 'itemState', '6_0', 'width'])).toBe('22.125');
    expect(valueAt(merged, ['cabinetData', 'itemState', '1_0', 'width'])).toBe('14.5');
    expect(valueAt(merged, ['cabinetData', 'itemState', '3_0', 'width'])).toBe('15.25');
    // The old save diffed the draft against the current row and sent cabinet 6's old width back.
    expect(diffDetails(theirs, mine).map((e) => e.path.join('.'))).toContain(
      'cabinetData.itemState.6_0.width',
    );
    expect(editsSince(kitchen, mine).map((e) => e.path.join('.'))).toEqual([
      'cabinetData.itemState.1_0.width',
      'cabinetData.itemState.3_0.width',
    ]);
  });

  it('one field changed on both sides to different values is a conflict with both values', () => {
    const path = ['cabinetData', 'itemState', '6_0', 'width'];
    const { merged, conflicts } = threeWayMerge(
      kitchen,
      withValueAt(kitchen, path, '22'),
      withValueAt(kitchen, path, '22.125'),
    );
    expect(conflicts).toEqual([{ path, base: '21.75', mine: '22', theirs: '22.125' }]);
    expect(valueAt(merged, path)).toBe('22');
  });

  it('the same new value on both sides is no conflict', () => {
    const path = ['cabinetData', 'notes'];
    const both = withValueAt(kitchen, path, 'Check hinges');
    expect(threeWayMerge(kitchen, both, both)).toEqual({ merged: both, conflicts: [] });
  });

  it('a part removed on the other device while I measured it: one conflict on the whole part', () => {
    const part = ['cabinetData', 'itemState', '6_0'];
    const theirs = withValueAt(kitchen, part, undefined);
    const mine = withValueAt(kitchen, [...part, 'height'], '31');
    const { merged, conflicts } = threeWayMerge(
      kitchen,
      withValueAt(mine, [...part, 'width'], '22'),
      theirs,
    );
    expect(conflicts).toEqual([
      {
        path: part,
        base: { width: '21.75', height: '30' },
        mine: { width: '22', height: '31' },
        theirs: undefined,
      },
    ]);
    expect(valueAt(merged, part)).toEqual({ width: '22', height: '31' });
  });

  it('a field I cleared while they changed it is a conflict whose mine is undefined', () => {
    const path = ['cabinetData', 'notes'];
    const { merged, conflicts } = threeWayMerge(
      kitchen,
      withValueAt(kitchen, path, undefined),
      withValueAt(kitchen, path, 'Theirs'),
    );
    expect(conflicts).toEqual([{ path, base: '', mine: undefined, theirs: 'Theirs' }]);
    expect(valueAt(merged, path)).toBeUndefined();
  });

  it('arrays are whole values, as in details_patch', () => {
    const base = { projectScopes: ['kitchen'] };
    const { conflicts } = threeWayMerge(
      base,
      { projectScopes: ['kitchen', 'bath'] },
      { projectScopes: ['kitchen', 'laundry'] },
    );
    expect(conflicts).toEqual([
      {
        path: ['projectScopes'],
        base: ['kitchen'],
        mine: ['kitchen', 'bath'],
        theirs: ['kitchen', 'laundry'],
      },
    ]);
  });
});
