import { describe, expect, it } from 'vitest';
import {
  CABINET_TYPES,
  CABINET_TYPE_NAMES,
  PART_INFO,
  isCabinetType,
  itemKey,
  partsOf,
} from './cabinetTypes';

/** Product rules "Records and their fields" table of cabinet types and their parts, in the spec's order. */
const SPEC_TABLE: [string, string[]][] = [
  ['Base 1/1', ['Door', 'Front']],
  ['Wall', ['Door']],
  ['Base 2/1', ['Door', 'Door', 'Front']],
  ['Base Full Ht 1/0', ['Door']],
  ['Base Full Ht 2/0', ['Door', 'Door']],
  ['Kite DB 0/3', ['Front', 'Front', 'Front']],
  ['Kite DB 0/4', ['Front', 'Front', 'Front', 'Front']],
  ['Pantry 2/0', ['Pantry Top Dr', 'Pantry Bott Dr']],
  ['L/S 2/0', ['Door', 'Door']],
  ['Desk/Lap Draw 0/1', ['Front']],
  ['VB 1/1', ['V-base door', 'V-base front']],
  ['VB 2/1', ['V-base door', 'V-base door', 'V-base front']],
  ['VB 2/3', ['V-base door', 'V-base door', 'V-base front', 'V-base front', 'V-base front']],
  ['VB Full HT 1/0', ['V-base door']],
  ['VB Full HT 2/0', ['V-base door', 'V-base door']],
  ['VDB 0/3', ['V-base front', 'V-base front', 'V-base front']],
  ['VDB 0/4', ['V-base front', 'V-base front', 'V-base front', 'V-base front']],
];

describe('cabinet types (product rules "Records and their fields" table)', () => {
  it.each(SPEC_TABLE)('%s → %j', (type, parts) => {
    expect(isCabinetType(type)).toBe(true);
    expect(partsOf(type)).toEqual(parts);
  });

  it('has exactly the 17 types in the spec order', () => {
    expect(CABINET_TYPE_NAMES).toEqual(SPEC_TABLE.map(([type]) => type));
    expect(Object.keys(CABINET_TYPES)).toHaveLength(17);
  });

  it('type names with "1/1" style counts match doors/fronts of the parts', () => {
    for (const type of CABINET_TYPE_NAMES) {
      const m = /(\d)\/(\d)$/.exec(type);
      if (!m) continue;
      const parts = partsOf(type) ?? [];
      expect(parts.filter((p) => PART_INFO[p].kind === 'door').length).toBe(Number(m[1]));
      expect(parts.filter((p) => PART_INFO[p].kind === 'drawerFront').length).toBe(Number(m[2]));
    }
  });

  it('unknown types are not types', () => {
    expect(isCabinetType('Base 3/1')).toBe(false);
    expect(isCabinetType('base 1/1')).toBe(false);
    expect(isCabinetType('toString')).toBe(false);
    expect(partsOf('Corner')).toBeUndefined();
  });

  it('hinged parts: Door, V-base door, Pantry Top Dr, Pantry Bott Dr', () => {
    expect(
      Object.entries(PART_INFO)
        .filter(([, i]) => i.hinged)
        .map(([p]) => p)
        .sort(),
    ).toEqual(['Door', 'Pantry Bott Dr', 'Pantry Top Dr', 'V-base door']);
  });

  it('item keys are rowId_index', () => {
    expect(itemKey('7', 0)).toBe('7_0');
    expect(itemKey('12', 4)).toBe('12_4');
  });
});
