import { describe, expect, it } from 'vitest';
import { normalizeCabinetData } from './cabinetData';
import { computeDoorOrder, orderJson } from './doorOrder';

// Full overlay 1.5, reveal 0: width = 3 + w (wall: −1; split: (3 + w)/2 − 0.0625, + wall −1.25)
// height (Door/Front) = 1.5 + 0.75 + h = h + 2.25
const job = normalizeCabinetData({
  form: { overlaySelect: 'fol', stdOption: 1.5, sideReveal: 0 },
  cabinetRows: [
    { id: 0, type: 'Base 2/1' },
    { id: 1, type: 'Corner Lazy Susan' },
    { id: 2, type: 'Wall' },
    { id: 5, type: 'Base 1/1' },
  ],
  itemState: {
    '0_0': { width: '12.5', height: '22', nextToWall: true }, // 15.5 − 1 = 14.5 × 24.25
    '0_1': { width: '12.5', height: '22' }, // 15.5 × 24.25
    '0_2': { width: '27', height: '5' }, // 30 × 7.25
    '2_0': { width: '30', height: '28', splitDoor: true }, // 16.4375 × 30.25, ×2
    '5_0': { width: '12.5', height: '22' }, // 15.5 × 24.25 (merges with 0_1)
    '5_1': { width: '', height: '5' }, // left out
  },
});

describe('computeDoorOrder', () => {
  const order = computeDoorOrder(job);

  it('one piece per measured item, in cabinet order, with 0-based row index', () => {
    expect(
      order.pieces.map((p) => [
        p.row,
        p.cabinetType,
        p.index,
        p.part,
        p.quantity,
        p.width,
        p.height,
      ]),
    ).toEqual([
      [0, 'Base 2/1', 0, 'Door', 1, 14.5, 24.25],
      [0, 'Base 2/1', 1, 'Door', 1, 15.5, 24.25],
      [0, 'Base 2/1', 2, 'Front', 1, 30, 7.25],
      [2, 'Wall', 0, 'Door', 2, 16.4375, 30.25],
      [3, 'Base 1/1', 0, 'Door', 1, 15.5, 24.25],
    ]);
  });

  it('merges identical sizes per kind with summed quantities and references', () => {
    expect(
      order.doors.map((l) => [
        l.quantity,
        l.width,
        l.height,
        l.refs.map((r) => `${r.row}:${r.index}`),
      ]),
    ).toEqual([
      [1, 14.5, 24.25, ['0:0']],
      [2, 15.5, 24.25, ['0:1', '3:0']],
      [2, 16.4375, 30.25, ['2:0']],
    ]);
    expect(order.drawerFronts.map((l) => [l.quantity, l.width, l.height])).toEqual([[1, 30, 7.25]]);
  });

  it('hinges: wall door 2 @ 0.5; 1 + 2 (split) + 1 leaves @ 1.5 = 8', () => {
    expect(order.hinges).toEqual([
      { size: 0.5, quantity: 2 },
      { size: 1.5, quantity: 8 },
    ]);
  });

  it('warns about every part left out and every unknown type', () => {
    expect(order.warnings.map((w) => [w.code, w.row, w.message])).toEqual([
      [
        'unknown-cabinet-type',
        1,
        'Cabinet 2 (Corner Lazy Susan): unknown cabinet type — left out of the order',
      ],
      [
        'missing-width',
        3,
        'Cabinet 4 (Base 1/1), Front 2: width not entered — left out of the order',
      ],
    ]);
  });

  it('orderJson has exactly overlay, pieces, hinges', () => {
    const j = orderJson(order);
    expect(Object.keys(j)).toEqual(['overlay', 'pieces', 'hinges']);
    expect(Object.keys(j.pieces[0] ?? {})).toEqual([
      'row',
      'cabinetType',
      'index',
      'part',
      'quantity',
      'width',
      'height',
    ]);
    expect(j.overlay).toBe(1.5);
  });

  it('an empty job is an empty order', () => {
    const empty = computeDoorOrder(normalizeCabinetData(undefined));
    expect(empty).toMatchObject({
      overlay: 0.5,
      pieces: [],
      doors: [],
      drawerFronts: [],
      hinges: [],
      warnings: [],
    });
  });
});
