import { describe, expect, it } from 'vitest';
import { cabinetSummary } from './cabinetSummary';

describe('cabinetSummary', () => {
  it.each([
    [undefined, 'No cabinets yet'],
    [{ cabinetRows: [], itemState: {} }, 'No cabinets yet'],
    [
      { cabinetRows: [{ id: 0, type: 'Wall' }], itemState: {} },
      '1 cabinet · 1 door · 0 drawer fronts',
    ],
    [
      // Base 2/1 (2 doors, 1 front) + Kite DB 0/3 (3 fronts) + Wall split (2 leaves) + unknown type (counted as a cabinet only)
      {
        cabinetRows: [
          { id: 0, type: 'Base 2/1' },
          { id: 1, type: 'Kite DB 0/3' },
          { id: 2, type: 'Wall' },
          { id: 3, type: 'Corner' },
        ],
        itemState: {
          '2_0': { width: '', height: '', nextToWall: false, splitDoor: true, type: 'Door' },
        },
      },
      '4 cabinets · 4 doors · 4 drawer fronts',
    ],
  ])('%j → %s', (data, expected) => {
    expect(cabinetSummary(data)).toBe(expected);
  });
});
