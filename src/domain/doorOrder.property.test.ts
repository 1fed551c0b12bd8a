/**
 * Property tests: for any inputs in range, every finished size is
 * finite and positive, every part is on the order, and the hinge total equals
 * 2 × the hinged leaves of the input; for any inputs at all, nothing on the
 * order is NaN, Infinity, zero or negative.
 */
import { cabinetMap } from '../../tests/support/cabinetRows';
import { orderedCabinets } from './cabinetRows';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeCabinetData } from './cabinetData';
import { CABINET_TYPE_NAMES, PART_INFO, itemKey, partsOf } from './cabinetTypes';
import { computeDoorOrder } from './doorOrder';
import { formatDecimal, formatFraction } from './fractions';

const sixteenth = fc.integer({ min: 0, max: 8 }).map((i) => i / 16);
const rail = fc.integer({ min: 0, max: 400 }).map((i) => i / 100); // 0 … 4"
const opening = fc.integer({ min: 100, max: 9600 }).map((i) => i / 100); // 1 … 96", step 0.01
const asText = (n: number) => fc.constantFrom<number | string>(n, String(n));

const stileRail = fc.record({
  leftStile: rail,
  rightStile: rail,
  midStile: rail,
  topRail: rail,
  botRail: rail,
  midRail1: rail,
  midRail2: rail,
  midRail3: rail,
});

const item = fc.record(
  {
    width: opening.chain(asText),
    height: opening.chain(asText),
    nextToWall: fc.boolean(),
    splitDoor: fc.boolean(),
    stileRailOverride: stileRail,
  },
  { requiredKeys: ['width', 'height', 'nextToWall', 'splitDoor'] },
);

const job = fc
  .record({
    form: fc.record({
      overlaySelect: fc.constantFrom('sol', 'fol'),
      stdOption: fc.constantFrom(1.5, 1.625, 1.75),
      sideReveal: sixteenth,
      verticalReveal: sixteenth,
      vertRevealOverride: fc.boolean(),
    }),
    stileRail,
    types: fc.array(fc.constantFrom(...CABINET_TYPE_NAMES), { maxLength: 30 }),
    items: fc.array(item, { minLength: 5, maxLength: 5 }),
  })
  .map(({ form, stileRail: sr, types, items }) => {
    const itemState: Record<string, unknown> = {};
    types.forEach((type, rowId) => {
      (partsOf(type) ?? []).forEach((_p, index) => {
        itemState[itemKey(String(rowId), index)] = items[(rowId + index) % items.length];
      });
    });
    return {
      form,
      stileRail: sr,
      cabinets: cabinetMap(types.map((type, id) => ({ id, type }))),
      itemState,
    };
  });

describe('door order properties', () => {
  it('in range: every part is ordered with a finite positive size; hinges = 2 × hinged leaves', () => {
    fc.assert(
      fc.property(job, (raw) => {
        // Heights stay positive: opening ≥ 1" beats the worst formula (0 − 0.5 + 0 − 0.25 = −0.75).
        const data = normalizeCabinetData(raw);
        const order = computeDoorOrder(data);
        let parts = 0;
        let hingedLeaves = 0;
        for (const row of orderedCabinets(data.cabinets)) {
          (partsOf(row.type) ?? []).forEach((part, index) => {
            parts += 1;
            const leaves = data.itemState[itemKey(row.id, index)]?.splitDoor ? 2 : 1;
            if (PART_INFO[part].hinged) hingedLeaves += leaves;
          });
        }
        expect(order.warnings).toEqual([]);
        expect(order.pieces).toHaveLength(parts);
        for (const p of order.pieces) {
          expect(Number.isFinite(p.width) && p.width > 0).toBe(true);
          expect(Number.isFinite(p.height) && p.height > 0).toBe(true);
          expect(formatFraction(p.width)).not.toBe('—');
          expect(formatDecimal(p.height)).not.toBe('—');
        }
        expect(order.hinges.reduce((s, h) => s + h.quantity, 0)).toBe(2 * hingedLeaves);
        const lineTotal = [...order.doors, ...order.drawerFronts].reduce(
          (s, l) => s + l.quantity,
          0,
        );
        expect(lineTotal).toBe(order.pieces.reduce((s, p) => s + p.quantity, 0));
      }),
      { numRuns: 300 },
    );
  });

  it('any input at all: nothing on the order is NaN, Infinity, zero or negative; each left-out part has a warning', () => {
    const wild = fc.record({
      form: fc.dictionary(
        fc.constantFrom(
          'overlaySelect',
          'stdOption',
          'sideReveal',
          'verticalReveal',
          'vertRevealOverride',
        ),
        fc.oneof(fc.double(), fc.string(), fc.boolean()),
      ),
      stileRail: fc.dictionary(
        fc.constantFrom('topRail', 'botRail', 'midRail1'),
        fc.oneof(fc.double(), fc.string()),
      ),
      cabinetRows: fc.array(
        fc.record({
          id: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.string()),
          type: fc.oneof(fc.constantFrom(...CABINET_TYPE_NAMES), fc.string()),
        }),
        { maxLength: 20 },
      ),
      itemState: fc.dictionary(
        fc
          .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 4 }))
          .map(([r, i]) => itemKey(String(r), i)),
        fc.record({
          width: fc.oneof(fc.double(), fc.string(), fc.constant('')),
          height: fc.oneof(fc.double(), fc.string()),
          splitDoor: fc.boolean(),
          nextToWall: fc.boolean(),
        }),
      ),
    });
    fc.assert(
      fc.property(wild, (raw) => {
        const data = normalizeCabinetData(raw);
        const order = computeDoorOrder(data);
        for (const p of order.pieces) {
          expect(
            Number.isFinite(p.width) && p.width > 0 && Number.isFinite(p.height) && p.height > 0,
          ).toBe(true);
        }
        for (const h of order.hinges) expect(Number.isFinite(h.size) && h.size > 0).toBe(true);
        const expectedParts = orderedCabinets(data.cabinets).reduce(
          (s, r) => s + (partsOf(r.type)?.length ?? 0),
          0,
        );
        const partWarnings = order.warnings.filter((w) => w.code !== 'unknown-cabinet-type').length;
        expect(order.pieces.length + partWarnings).toBe(expectedParts);
      }),
      { numRuns: 300 },
    );
  });
});
