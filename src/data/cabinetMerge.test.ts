/**
 * The row merge (cabinetMerge.ts): cases and fast-check properties over
 * random concurrent edits of one job on two devices: adds, removes, edits
 * and moves of cabinets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderKeyAt, orderKeyAtEnd, orderedCabinets, type CabinetMap } from '../domain/cabinetRows';
import { cabinetIdOfItem, isCabinetConflict, mergeCabinetData, withCabinet } from './cabinetMerge';
import { withValueAt } from './threeWayMerge';

interface Doc {
  cabinets: CabinetMap;
  itemState: Record<string, { width: string; height: string }>;
}

const BASE: Doc = {
  cabinets: {
    '1': { type: 'Wall', order: 'a0' },
    '2': { type: 'Base 1/1', order: 'a1' },
    '3': { type: 'Tall', order: 'a2' },
  },
  itemState: {
    '1_0': { width: '20', height: '30' },
    '2_0': { width: '15', height: '24' },
    '2_1': { width: '15', height: '6' },
    '3_0': { width: '18', height: '80' },
  },
};

type Op =
  | { kind: 'add'; id: string; type: string; width: string }
  | { kind: 'remove'; pick: number }
  | { kind: 'edit'; pick: number; width: string }
  | { kind: 'move'; pick: number; to: number };

function ids(d: Doc): string[] {
  return orderedCabinets(d.cabinets).map((r) => r.id);
}

/** One device's edit, as the builder makes it. */
function apply(d: Doc, op: Op): Doc {
  const list = ids(d);
  const id = list.length ? list[op.kind === 'add' ? 0 : op.pick % list.length] : undefined;
  switch (op.kind) {
    case 'add':
      return {
        cabinets: {
          ...d.cabinets,
          [op.id]: { type: op.type, order: orderKeyAtEnd(orderedCabinets(d.cabinets)) },
        },
        itemState: { ...d.itemState, [`${op.id}_0`]: { width: op.width, height: '30' } },
      };
    case 'remove':
      return id === undefined ? d : (withCabinet(d, id, undefined) as unknown as Doc);
    case 'edit': {
      if (id === undefined) return d;
      return withValueAt(d, ['itemState', `${id}_0`, 'width'], op.width) as unknown as Doc;
    }
    case 'move': {
      if (id === undefined) return d;
      const others = orderedCabinets(d.cabinets).filter((r) => r.id !== id);
      const order = orderKeyAt(others, op.to % (others.length + 1));
      return { ...d, cabinets: { ...d.cabinets, [id]: { ...d.cabinets[id]!, order } } };
    }
  }
}

const width = fc.integer({ min: 9, max: 36 }).map(String);
const opArb = (device: string): fc.Arbitrary<Op> =>
  fc.oneof(
    fc.record({
      kind: fc.constant('add' as const),
      id: fc.uuid().map((u) => `${device}${u.slice(1)}`),
      type: fc.constantFrom('Wall', 'Base 1/1', 'Tall'),
      width,
    }),
    fc.record({ kind: fc.constant('remove' as const), pick: fc.nat(10) }),
    fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(10), width }),
    fc.record({ kind: fc.constant('move' as const), pick: fc.nat(10), to: fc.nat(10) }),
  );
const session = (device: string) =>
  fc.array(opArb(device), { maxLength: 6 }).map((ops) => ops.reduce(apply, BASE));

function orphans(d: Record<string, unknown>): string[] {
  const doc = d as unknown as Doc;
  return Object.keys(doc.itemState ?? {}).filter((k) => !(cabinetIdOfItem(k) in doc.cabinets));
}

describe('row merge: cases', () => {
  it('add / add: both devices’ cabinets are kept, with their widths, in one order', () => {
    const a = apply(BASE, { kind: 'add', id: 'aaaa', type: 'Wall', width: '21' });
    const b = apply(BASE, { kind: 'add', id: 'bbbb', type: 'Base 1/1', width: '17' });
    const ab = mergeCabinetData(BASE, a, b);
    const ba = mergeCabinetData(BASE, b, a);
    expect(ab.conflicts).toEqual([]);
    expect(ab.merged).toEqual(ba.merged);
    const doc = ab.merged as unknown as Doc;
    // Same order key (both appended after "a2"): the id decides.
    expect(ids(doc)).toEqual(['1', '2', '3', 'aaaa', 'bbbb']);
    expect(doc.itemState['aaaa_0']?.width).toBe('21');
    expect(doc.itemState['bbbb_0']?.width).toBe('17');
  });

  it('add / remove: the add stays, the removal too', () => {
    const a = apply(BASE, { kind: 'add', id: 'aaaa', type: 'Wall', width: '21' });
    const b = apply(BASE, { kind: 'remove', pick: 1 });
    const { merged, conflicts } = mergeCabinetData(BASE, a, b);
    expect(conflicts).toEqual([]);
    expect(ids(merged as unknown as Doc)).toEqual(['1', '3', 'aaaa']);
    expect(orphans(merged)).toEqual([]);
  });

  it('remove / edit: one whole-cabinet conflict; the draft keeps its side; Take theirs takes the other', () => {
    const removed = apply(BASE, { kind: 'remove', pick: 1 });
    const edited = apply(BASE, { kind: 'edit', pick: 1, width: '16' });
    // This device edited; the other removed.
    const r1 = mergeCabinetData(BASE, edited, removed);
    expect(r1.conflicts).toEqual([
      {
        path: ['cabinets', '2'],
        base: {
          type: 'Base 1/1',
          order: 'a1',
          items: { '2_0': BASE.itemState['2_0'], '2_1': BASE.itemState['2_1'] },
        },
        mine: {
          type: 'Base 1/1',
          order: 'a1',
          items: { '2_0': { width: '16', height: '24' }, '2_1': BASE.itemState['2_1'] },
        },
        theirs: undefined,
      },
    ]);
    expect(ids(r1.merged as unknown as Doc)).toEqual(['1', '2', '3']);
    expect((r1.merged as unknown as Doc).itemState['2_1']).toEqual(BASE.itemState['2_1']);
    expect(ids(withCabinet(r1.merged, '2', undefined) as unknown as Doc)).toEqual(['1', '3']);
    // This device removed; the other edited.
    const r2 = mergeCabinetData(BASE, removed, edited);
    expect(r2.conflicts.map((c) => c.path)).toEqual([['cabinets', '2']]);
    expect(r2.conflicts[0]?.mine).toBeUndefined();
    expect(ids(r2.merged as unknown as Doc)).toEqual(['1', '3']);
    expect(orphans(r2.merged)).toEqual([]);
    const taken = withCabinet(r2.merged, '2', r2.conflicts[0]?.theirs as never) as unknown as Doc;
    expect(ids(taken)).toEqual(['1', '2', '3']);
    expect(taken.itemState['2_0']?.width).toBe('16');
  });

  it('an edit that reached the server after the removal (a part without its cabinet) is the same conflict', () => {
    const serverRow = withValueAt(
      apply(BASE, { kind: 'remove', pick: 1 }),
      ['itemState', '2_0', 'width'],
      '16',
    );
    const { merged, conflicts } = mergeCabinetData(BASE, BASE, serverRow);
    expect(conflicts.map((c) => c.path)).toEqual([['cabinets', '2']]);
    expect(ids(merged as unknown as Doc)).toEqual(['1', '2', '3']);
    expect(orphans(merged)).toEqual([]);
    // The draft never touched that part: it keeps the later edit, not its own stale copy.
    expect((merged as unknown as Doc).itemState['2_0']?.width).toBe('16');
    expect((conflicts[0]?.mine as { items: Doc['itemState'] }).items['2_0']?.width).toBe('16');
  });

  it('three sides: a bystander that edited the same part after the removal is shown the other edit; nothing is dropped', () => {
    // Tablet A removed cabinet 2; the phone then set 2_0's width to 16 (a part left without its cabinet).
    const serverRow = withValueAt(
      apply(BASE, { kind: 'remove', pick: 1 }),
      ['itemState', '2_0', 'width'],
      '16',
    );
    // Tablet B (the bystander) had set the same width to 17 and the height to 25 in its open draft.
    const bystander = withValueAt(
      withValueAt(BASE, ['itemState', '2_0', 'width'], '17'),
      ['itemState', '2_0', 'height'],
      '25',
    );
    const { merged, conflicts } = mergeCabinetData(BASE, bystander, serverRow);
    expect(conflicts.map((c) => c.path)).toEqual([
      ['itemState', '2_0', 'width'],
      ['cabinets', '2'],
    ]);
    const width = conflicts[0]!;
    expect([width.mine, width.theirs, width.base]).toEqual(['17', '16', '15']);
    const part = (merged as unknown as Doc).itemState['2_0'];
    expect(part).toEqual({ width: '17', height: '25' });
    expect(orphans(merged)).toEqual([]);
    // Take theirs on the width puts the phone's value in the draft.
    const taken = withValueAt(merged, width.path, width.theirs) as unknown as Doc;
    expect(taken.itemState['2_0']?.width).toBe('16');
  });

  it("three sides: the later edit of another field of the part is kept alongside the bystander's own edit", () => {
    const serverRow = withValueAt(
      apply(BASE, { kind: 'remove', pick: 1 }),
      ['itemState', '2_0', 'width'],
      '16',
    );
    const bystander = withValueAt(BASE, ['itemState', '2_0', 'height'], '25');
    const { merged, conflicts } = mergeCabinetData(BASE, bystander, serverRow);
    expect(conflicts.map((c) => c.path)).toEqual([['cabinets', '2']]);
    expect((merged as unknown as Doc).itemState['2_0']).toEqual({ width: '16', height: '25' });
  });

  it('reorder / reorder of one cabinet: one conflicting field (its position); of two cabinets: both moves, one order', () => {
    const a = apply(BASE, { kind: 'move', pick: 2, to: 0 });
    const b = apply(BASE, { kind: 'move', pick: 2, to: 1 });
    const same = mergeCabinetData(BASE, a, b);
    expect(same.conflicts.map((c) => c.path)).toEqual([['cabinets', '3', 'order']]);
    const c = apply(BASE, { kind: 'move', pick: 0, to: 2 });
    const ac = mergeCabinetData(BASE, a, c);
    const ca = mergeCabinetData(BASE, c, a);
    expect(ac.conflicts).toEqual([]);
    expect(ids(ac.merged as unknown as Doc)).toEqual(ids(ca.merged as unknown as Doc));
    expect(ids(ac.merged as unknown as Doc)).toEqual(['3', '2', '1']);
  });
});

describe('row merge: properties', () => {
  it('converges: both devices end with the same list and items once conflicts take one side', () => {
    fc.assert(
      fc.property(session('a'), session('b'), (a, b) => {
        const ab = mergeCabinetData(BASE, a, b);
        const ba = mergeCabinetData(BASE, b, a);
        expect(ab.conflicts.map((c) => c.path).sort()).toEqual(
          ba.conflicts.map((c) => c.path).sort(),
        );
        // Each device resolves every conflict with device a's value: the same document.
        const resolve = (r: typeof ab, mineIsA: boolean) =>
          r.conflicts.reduce<Record<string, unknown>>((d, c) => {
            const value = mineIsA ? c.mine : c.theirs;
            return isCabinetConflict(c)
              ? withCabinet(d, c.path[1]!, value as never)
              : withValueAt(d, c.path, value);
          }, r.merged);
        const left = resolve(ab, true) as unknown as Doc;
        const right = resolve(ba, false) as unknown as Doc;
        expect(right).toEqual(left);
        expect(ids(right)).toEqual(ids(left));
      }),
      { numRuns: 300 },
    );
  });

  it('loses nothing: every cabinet added on either side is there; nothing is left without its cabinet', () => {
    fc.assert(
      fc.property(session('a'), session('b'), (a, b) => {
        const { merged, conflicts } = mergeCabinetData(BASE, a, b);
        const doc = merged as unknown as Doc;
        for (const side of [a, b])
          for (const id of Object.keys(side.cabinets))
            if (!(id in BASE.cabinets)) {
              expect(doc.cabinets[id]).toEqual(side.cabinets[id]);
              expect(doc.itemState[`${id}_0`]).toEqual(side.itemState[`${id}_0`]);
            }
        expect(orphans(merged)).toEqual([]);
        // A cabinet of the job that one side removed and the other changed is a conflict, never silent.
        for (const id of Object.keys(BASE.cabinets)) {
          const goneA = !(id in a.cabinets);
          const goneB = !(id in b.cabinets);
          const changed = (d: Doc) =>
            JSON.stringify(withCabinet(d, id, undefined)) !== JSON.stringify(d) &&
            JSON.stringify(
              Object.entries(d.itemState).filter(([k]) => cabinetIdOfItem(k) === id),
            ) !==
              JSON.stringify(
                Object.entries(BASE.itemState).filter(([k]) => cabinetIdOfItem(k) === id),
              );
          if ((goneA && !goneB && changed(b)) || (goneB && !goneA && changed(a)))
            expect(conflicts.map((c) => c.path)).toContainEqual(['cabinets', id]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('idempotent: merging again with the same row changes nothing; a side merged with itself is itself', () => {
    fc.assert(
      fc.property(session('a'), session('b'), (a, b) => {
        const once = mergeCabinetData(BASE, a, b);
        const twice = mergeCabinetData(b, once.merged, b);
        expect(twice.merged).toEqual(once.merged);
        expect(twice.conflicts).toEqual([]);
        expect(mergeCabinetData(BASE, a, a)).toEqual({ merged: a, conflicts: [] });
      }),
      { numRuns: 200 },
    );
  });
});
