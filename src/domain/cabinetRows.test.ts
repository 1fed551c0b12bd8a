/**
 * The cabinet map: order keys (the same as fractional-indexing's and the
 * server's), list order with the id tie-break, reading every stored shape,
 * and the device's upgrade of older documents.
 */
import fc from 'fast-check';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { describe, expect, it } from 'vitest';
import { normalizeCabinetData } from './cabinetData';
import {
  foldOrderKeys,
  isOrderKey,
  orderKeyAt,
  orderKeyBetween,
  orderedCabinets,
  readCabinets,
  upgradeOrderKeys,
  type CabinetMap,
} from './cabinetRows';
import { cabinetCount, cabinetSummary } from './cabinetSummary';
import { foldOrderKey, indexOrderKey, upgradeStoredCabinetData } from './storedCabinets';

describe('order keys', () => {
  it('upgrade keys are fractional-indexing’s own keys in turn ("a0" … "az", "b00" …)', () => {
    expect(upgradeOrderKeys(4000)).toEqual(generateNKeysBetween(null, null, 4000));
    expect(indexOrderKey(62 + 62 * 62)).toBe('c000');
    expect(isOrderKey(indexOrderKey(62 + 62 * 62 + 5))).toBe(true);
  });

  it('fold keys come after the last key, increase, and are valid keys', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom('a0', 'a5', 'az', 'b0V', 'Zz'),
        (n, last) => {
          const keys = foldOrderKeys(last, n + 2);
          expect(keys.every(isOrderKey)).toBe(true);
          expect(keys[0]! > last).toBe(true);
          for (let i = 1; i < keys.length; i++) expect(keys[i]! > keys[i - 1]!).toBe(true);
          // A key generated after `last` by the library is still after every fold key's neighbour rule.
          expect(foldOrderKey(last, 0) < generateKeyBetween(last, null)).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
    expect(foldOrderKeys(null, 3)).toEqual(['a0', 'a1', 'a2']);
  });

  it('a key between equal neighbours (two devices gave the same key) still works', () => {
    expect(orderKeyBetween('a1', 'a1') > 'a1').toBe(true);
    expect(orderKeyBetween('a2', 'a1') > 'a2').toBe(true);
    expect(orderKeyBetween('not a key', null)).toBe('a0');
    const k = orderKeyBetween('a1', 'a2');
    expect(k > 'a1' && k < 'a2').toBe(true);
  });
});

describe('list order', () => {
  it('sorts by order key, then id, by code units (so every device shows one order)', () => {
    const map: CabinetMap = {
      b: { type: 'Wall', order: 'a1' },
      a: { type: 'Tall', order: 'a1' },
      Z: { type: 'Wall', order: 'a1' },
      first: { type: 'Base 1/1', order: 'a0' },
    };
    expect(orderedCabinets(map).map((r) => r.id)).toEqual(['first', 'Z', 'a', 'b']);
  });

  it('is memoized on the map: the same map gives the same array', () => {
    const map: CabinetMap = { '1': { type: 'Wall', order: 'a0' } };
    expect(orderedCabinets(map)).toBe(orderedCabinets(map));
    expect(orderedCabinets({ ...map })).not.toBe(orderedCabinets(map));
  });

  it('a move key puts the cabinet where asked', () => {
    const rows = orderedCabinets({
      a: { type: 'Wall', order: 'a0' },
      b: { type: 'Wall', order: 'a1' },
      c: { type: 'Wall', order: 'a2' },
    });
    const others = rows.filter((r) => r.id !== 'c');
    const moved = orderedCabinets({
      a: { type: 'Wall', order: 'a0' },
      b: { type: 'Wall', order: 'a1' },
      c: { type: 'Wall', order: orderKeyAt(others, 1) },
    });
    expect(moved.map((r) => r.id)).toEqual(['a', 'c', 'b']);
  });
});

describe('reading stored cabinets (every shape builds wrote)', () => {
  const items = { '4_0': { width: '21', height: '30' }, '7_1': { width: '17', height: '6' } };
  const shapes: [string, unknown, { id: string; type: string }[]][] = [
    [
      'the older array, numeric ids',
      {
        cabinetRows: [
          { id: 4, type: 'Wall' },
          { id: 7, type: 'Base 1/1' },
        ],
      },
      [
        { id: '4', type: 'Wall' },
        { id: '7', type: 'Base 1/1' },
      ],
    ],
    [
      'the older array, ids as text, a missing and a repeated id',
      {
        cabinetRows: [{ id: '4', type: 'Wall' }, { type: 'Tall' }, { id: 4, type: 'Base 1/1' }],
      },
      [
        { id: '4', type: 'Wall' },
        { id: '5', type: 'Tall' },
        { id: '6', type: 'Base 1/1' },
      ],
    ],
    [
      'the map',
      {
        cabinets: {
          'e1d0c0a2-8f7b-4c53-9a7e-0b9d7c1f2a33': { type: 'Wall', order: 'a0V' },
          '4': { type: 'Base 1/1', order: 'a0' },
        },
      },
      [
        { id: '4', type: 'Base 1/1' },
        { id: 'e1d0c0a2-8f7b-4c53-9a7e-0b9d7c1f2a33', type: 'Wall' },
      ],
    ],
    [
      'the map with an older array beside it (an older build’s op applied on the device)',
      {
        cabinets: { x: { type: 'Tall', order: 'a3' }, '4': { type: 'Wall', order: 'a0' } },
        cabinetRows: [
          { id: 4, type: 'Wall' },
          { id: 9, type: 'Base 1/1' },
        ],
      },
      [
        { id: '4', type: 'Wall' },
        { id: 'x', type: 'Tall' },
        { id: '9', type: 'Base 1/1' },
      ],
    ],
    [
      'a map with unusable ids, entries and keys',
      {
        cabinets: {
          bad_id: { type: 'Wall', order: 'a0' },
          ok: { type: 7, order: 'a0' },
          nokey: { type: 'Tall', order: 'a0 0' },
          alsoNoKey: { type: 'Tall' },
          junk: 'Wall',
        },
      },
      [
        { id: 'ok', type: '7' },
        { id: 'alsoNoKey', type: 'Tall' },
        { id: 'nokey', type: 'Tall' },
      ],
    ],
  ];
  for (const [name, stored, rows] of shapes) {
    it(`${name}: cabinets in order; item keys untouched`, () => {
      const d = normalizeCabinetData({ ...(stored as object), itemState: items });
      expect(orderedCabinets(d.cabinets).map(({ id, type }) => ({ id, type }))).toEqual(rows);
      expect(Object.keys(d.itemState)).toEqual(Object.keys(items));
      expect(cabinetCount(stored)).toBe(rows.length);
      // Reading is stable: what the builder saves reads back the same.
      expect(normalizeCabinetData(d)).toEqual(d);
    });
  }

  it('the device upgrade (Dexie) gives the same map the reader gives, and keeps every other field', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({
              id: fc.oneof(fc.nat(60), fc.constant('3'), fc.constant(-1)),
              type: fc.string(),
            }),
            fc.record({ type: fc.constantFrom('Wall', 'Tall') }),
            fc.constant(null),
          ),
          { maxLength: 80 },
        ),
        (cabinetRows) => {
          const stored = { cabinetRows, notes: 'keep', itemState: { '3_0': { width: '1' } } };
          const up = upgradeStoredCabinetData(stored);
          expect(up).not.toHaveProperty('cabinetRows');
          expect(up.notes).toBe('keep');
          expect(up.itemState).toBe(stored.itemState);
          expect(
            readCabinets((up as unknown as { cabinets: unknown }).cabinets, undefined),
          ).toEqual(readCabinets(undefined, cabinetRows));
          expect(upgradeStoredCabinetData(up)).toBe(up);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the dashboard summary reads both shapes alike', () => {
    const itemState = { '1_0': { splitDoor: true }, '1_1': {} };
    expect(cabinetSummary({ cabinetRows: [{ id: 1, type: 'Base 1/1' }], itemState })).toBe(
      cabinetSummary({ cabinets: { '1': { type: 'Base 1/1', order: 'a0' } }, itemState }),
    );
    expect(
      cabinetSummary({ cabinets: { '1': { type: 'Base 1/1', order: 'a0' } }, itemState }),
    ).toBe('1 cabinet · 2 doors · 1 drawer front');
    expect(cabinetSummary({ cabinets: 'junk' })).toBe('No cabinets yet');
  });
});
