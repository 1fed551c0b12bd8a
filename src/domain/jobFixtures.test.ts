/**
 * The realistic jobs in tests/fixtures/jobs, every finished size worked by
 * hand from the product rules "Constants and formulas" formulas (arithmetic in the comments), checked against
 * computeDoorOrder, plus the fraction each size prints as.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeCabinetData } from './cabinetData';
import { computeDoorOrder } from './doorOrder';
import { formatDecimal, formatFraction } from './fractions';

function loadJob(name: string) {
  const raw = JSON.parse(
    readFileSync(new URL(`../../tests/fixtures/jobs/${name}`, import.meta.url), 'utf8'),
  ) as { cabinetData: unknown };
  return normalizeCabinetData(raw.cabinetData);
}

type Expected = [
  row: number,
  index: number,
  part: string,
  quantity: 1 | 2,
  width: number,
  height: number,
  widthText: string,
  heightText: string,
];

function expectPieces(name: string, expected: Expected[]) {
  const order = computeDoorOrder(loadJob(name));
  expect(order.warnings).toEqual([]);
  expect(order.pieces).toHaveLength(expected.length);
  order.pieces.forEach((p, i) => {
    const [row, index, part, quantity, width, height, wText, hText] = expected[i] as Expected;
    expect([p.row, p.index, p.part, p.quantity], `piece ${i}`).toEqual([
      row,
      index,
      part,
      quantity,
    ]);
    expect(p.width, `piece ${i} width`).toBeCloseTo(width, 9);
    expect(p.height, `piece ${i} height`).toBeCloseTo(height, 9);
    expect(formatFraction(p.width), `piece ${i} width text`).toBe(wText);
    expect(formatFraction(p.height), `piece ${i} height text`).toBe(hText);
  });
  return order;
}

describe('kitchen, full overlay (tests/fixtures/jobs/kitchen-full-overlay.json)', () => {
  // Overlay: fol, 1.5 − 1/16 = 1.4375 → half up to 3 places = 1.438. 2·overlay = 2.876.
  //   plain width      = w + 2.876
  //   next to wall     = w + 2.876 − (1.438 − 0.5) = w + 1.938
  //   split            = (w + 2.876)/2 − 0.0625 = w/2 + 1.3755
  //   split + wall     = w/2 + 1.3755 − 1.25    = w/2 + 0.1255
  // Vertical reveal follows side reveal: 0.0625. Rails: top 1.75, bottom 1.5, mid 1.5.
  //   Door/Front       = 1.5 − 0.0625 + (0.75 − 0.03125) + h = h + 2.15625
  //   Pantry Top Dr    = 1.75 − 0.25 + (0.75 − 0.125) + h    = h + 2.125
  //   Pantry Bott Dr   = 1.5 − 0.25 + (0.75 − 0.125) + h     = h + 1.875
  //   #12 override (bottom 2, mid 0) = 2 − 0.0625 + (0 − 0.03125) + h = h + 1.90625
  it('every piece', () => {
    const order = expectPieces('kitchen-full-overlay.json', [
      // Wall, next to wall: 14.5 + 1.938 = 16.438; 30 + 2.15625 = 32.15625
      [0, 0, 'Door', 1, 16.438, 32.15625, '16 7/16"', '32 3/16"'],
      // Wall: 14.5 + 2.876 = 17.376 (17.376·16 = 278.016 → 278 = 17 6/16)
      [1, 0, 'Door', 1, 17.376, 32.15625, '17 3/8"', '32 3/16"'],
      // Wall split: 30/2 + 1.3755 = 16.3755 ×2
      [2, 0, 'Door', 2, 16.3755, 32.15625, '16 3/8"', '32 3/16"'],
      // Wall split + wall: 15 + 0.1255 = 15.1255 ×2 (·16 = 242.008 → 15 2/16)
      [3, 0, 'Door', 2, 15.1255, 32.15625, '15 1/8"', '32 3/16"'],
      // Base 1/1 door next to wall: 15 + 1.938 = 16.938; 22.5 + 2.15625 = 24.65625 (·16 = 394.5 → tie up → 395 = 24 11/16)
      [4, 0, 'Door', 1, 16.938, 24.65625, '16 15/16"', '24 11/16"'],
      // front: 15 + 2.876 = 17.876 (·16 = 286.016 → 17 14/16); 4.75 + 2.15625 = 6.90625 (·16 = 110.5 → tie up → 111 = 6 15/16)
      [4, 1, 'Front', 1, 17.876, 6.90625, '17 7/8"', '6 15/16"'],
      // Base 2/1: 14.25 + 2.876 = 17.126 (·16 = 274.016 → 17 1/8); 24.65625
      [5, 0, 'Door', 1, 17.126, 24.65625, '17 1/8"', '24 11/16"'],
      [5, 1, 'Door', 1, 17.126, 24.65625, '17 1/8"', '24 11/16"'],
      // front 29.5 + 2.876 = 32.376; 6.90625
      [5, 2, 'Front', 1, 32.376, 6.90625, '32 3/8"', '6 15/16"'],
      // Kite DB 0/3: 17.5 + 2.876 = 20.376; heights 5.5/8.25/10.5 + 2.15625
      [6, 0, 'Front', 1, 20.376, 7.65625, '20 3/8"', '7 11/16"'],
      [6, 1, 'Front', 1, 20.376, 10.40625, '20 3/8"', '10 7/16"'],
      [6, 2, 'Front', 1, 20.376, 12.65625, '20 3/8"', '12 11/16"'],
      // Kite DB 0/4: 14.5 + 2.876 = 17.376; 4.5/5.5/6.5/7.5 + 2.15625
      [7, 0, 'Front', 1, 17.376, 6.65625, '17 3/8"', '6 11/16"'],
      [7, 1, 'Front', 1, 17.376, 7.65625, '17 3/8"', '7 11/16"'],
      [7, 2, 'Front', 1, 17.376, 8.65625, '17 3/8"', '8 11/16"'],
      [7, 3, 'Front', 1, 17.376, 9.65625, '17 3/8"', '9 11/16"'],
      // L/S 2/0: 11.75 + 2.876 = 14.626; 24.65625
      [8, 0, 'Door', 1, 14.626, 24.65625, '14 5/8"', '24 11/16"'],
      [8, 1, 'Door', 1, 14.626, 24.65625, '14 5/8"', '24 11/16"'],
      // Pantry next to wall: 16.5 + 1.938 = 18.438; top 40 + 2.125 = 42.125; bottom 36 + 1.875 = 37.875
      [9, 0, 'Pantry Top Dr', 1, 18.438, 42.125, '18 7/16"', '42 1/8"'],
      [9, 1, 'Pantry Bott Dr', 1, 18.438, 37.875, '18 7/16"', '37 7/8"'],
      // Sink base: 15.25 + 2.876 = 18.126; 27.5 + 2.15625 = 29.65625
      [10, 0, 'Door', 1, 18.126, 29.65625, '18 1/8"', '29 11/16"'],
      [10, 1, 'Door', 1, 18.126, 29.65625, '18 1/8"', '29 11/16"'],
      // Full-height base with its own rails: 17 + 2.876 = 19.876; 27.5 + 1.90625 = 29.40625
      [11, 0, 'Door', 1, 19.876, 29.40625, '19 7/8"', '29 7/16"'],
      // Desk drawer: 22 + 2.876 = 24.876; 3.5 + 2.15625 = 5.65625
      [12, 0, 'Front', 1, 24.876, 5.65625, '24 7/8"', '5 11/16"'],
      // Wall: same as row 1
      [13, 0, 'Door', 1, 17.376, 32.15625, '17 3/8"', '32 3/16"'],
    ]);
    expect(order.overlay).toBe(1.438);
    // Hinges @0.5: row 0 (2) + row 3 split (4) + row 4 (2) + pantry (2 + 2) = 12
    //        @1.438: rows 1 (2), 2 split (4), 5 (2+2), 8 (2+2), 10 (2+2), 11 (2), 13 (2) = 22
    expect(order.hinges).toEqual([
      { size: 0.5, quantity: 12 },
      { size: 1.438, quantity: 22 },
    ]);
    // Merged: rows 1 and 13 (17.376 × 32.15625) → 2; rows 5.0/5.1 → 2; 8.0/8.1 → 2; 10.0/10.1 → 2
    const wall = order.doors.find((l) => l.refs.some((r) => r.row === 13));
    expect(wall?.quantity).toBe(2);
    expect(wall?.refs.map((r) => r.row)).toEqual([1, 13]);
    expect(order.doors.map((l) => l.quantity)).toEqual([1, 2, 2, 2, 1, 2, 2, 1, 1, 2, 1]);
    // Fronts: 4.1, 5.2, 6.0, 6.1, 6.2, 7.0, 7.1, 7.2, 7.3, 12.0 — all different sizes → 10 lines
    expect(order.drawerFronts).toHaveLength(10);
    expect(formatDecimal(order.doors[2]?.width)).toBe('16.376');
  });
});

describe('bathroom, standard overlay (tests/fixtures/jobs/bathroom-standard-overlay.json)', () => {
  // Overlay sol 0.5: width = w + 1; split (w + 1)/2 − 0.0625. Next to wall changes no width in sol.
  // Vertical reveal override 0.125. Rails: top 1.5, bottom 2, mid 1.5.
  //   Door (Wall)   = 2 − 0.125 + (0.75 − 0.0625) + h = h + 2.5625
  //   V-base door   = 2 − 0.25 + (0.75 − 0.125) + h   = h + 2.375
  //   V-base front  = 1.5 − 0.25 + (0.75 − 0.125) + h = h + 1.875
  it('every piece', () => {
    const order = expectPieces('bathroom-standard-overlay.json', [
      // VB 2/1: 11.5 + 1 = 12.5; 20 + 2.375 = 22.375; front 23.5 + 1 = 24.5, 4 + 1.875 = 5.875
      [0, 0, 'V-base door', 1, 12.5, 22.375, '12 1/2"', '22 3/8"'],
      [0, 1, 'V-base door', 1, 12.5, 22.375, '12 1/2"', '22 3/8"'],
      [0, 2, 'V-base front', 1, 24.5, 5.875, '24 1/2"', '5 7/8"'],
      // VDB 0/3: 14 + 1 = 15; 5/7/9 + 1.875
      [1, 0, 'V-base front', 1, 15, 6.875, '15"', '6 7/8"'],
      [1, 1, 'V-base front', 1, 15, 8.875, '15"', '8 7/8"'],
      [1, 2, 'V-base front', 1, 15, 10.875, '15"', '10 7/8"'],
      // VB 1/1: 17.25 + 1 = 18.25; 22.375; front 5.875
      [2, 0, 'V-base door', 1, 18.25, 22.375, '18 1/4"', '22 3/8"'],
      [2, 1, 'V-base front', 1, 18.25, 5.875, '18 1/4"', '5 7/8"'],
      // VB Full HT 2/0: 12 + 1 = 13; 26 + 2.375 = 28.375
      [3, 0, 'V-base door', 1, 13, 28.375, '13"', '28 3/8"'],
      [3, 1, 'V-base door', 1, 13, 28.375, '13"', '28 3/8"'],
      // Wall split: (22 + 1)/2 − 0.0625 = 11.4375 ×2; 24 + 2.5625 = 26.5625
      [4, 0, 'Door', 2, 11.4375, 26.5625, '11 7/16"', '26 9/16"'],
      // VB 2/3: 10.5 + 1 = 11.5; 22.375; fronts 12 + 1 = 13 × 6.875, 6.875, 7.875
      [5, 0, 'V-base door', 1, 11.5, 22.375, '11 1/2"', '22 3/8"'],
      [5, 1, 'V-base door', 1, 11.5, 22.375, '11 1/2"', '22 3/8"'],
      [5, 2, 'V-base front', 1, 13, 6.875, '13"', '6 7/8"'],
      [5, 3, 'V-base front', 1, 13, 6.875, '13"', '6 7/8"'],
      [5, 4, 'V-base front', 1, 13, 7.875, '13"', '7 7/8"'],
      // VB Full HT 1/0 next to wall: 15 + 1 = 16; 28.375
      [6, 0, 'V-base door', 1, 16, 28.375, '16"', '28 3/8"'],
      // VDB 0/4: 13 × 4/5/6/7 + 1.875
      [7, 0, 'V-base front', 1, 13, 5.875, '13"', '5 7/8"'],
      [7, 1, 'V-base front', 1, 13, 6.875, '13"', '6 7/8"'],
      [7, 2, 'V-base front', 1, 13, 7.875, '13"', '7 7/8"'],
      [7, 3, 'V-base front', 1, 13, 8.875, '13"', '8 7/8"'],
    ]);
    expect(order.overlay).toBe(0.5);
    // Standard overlay: all hinges 0.5. Hinged leaves: 2 + 1 + 2 + 2 (split) + 2 + 1 = 10 → 20
    expect(order.hinges).toEqual([{ size: 0.5, quantity: 20 }]);
    // 13 × 6.875 fronts: rows 5.2, 5.3, 7.1 → one line of 3
    const line = order.drawerFronts.find((l) => l.width === 13 && l.height === 6.875);
    expect(line?.quantity).toBe(3);
    expect(line?.refs.map((r) => `${r.row}.${r.index}`)).toEqual(['5.2', '5.3', '7.1']);
  });
});
