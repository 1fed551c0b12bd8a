import { describe, expect, it } from 'vitest';
import { describePath, describeValue } from './describePath';

const details = {
  cabinetData: {
    cabinetRows: [
      { id: 1, type: 'Wall' },
      { id: 3, type: 'Base 1/1' },
    ],
  },
};

describe('describePath', () => {
  it.each([
    [['details', 'cabinetData', 'itemState', '3_0', 'width'], 'Cabinet 2 · Door · Width'],
    [['details', 'cabinetData', 'itemState', '3_1', 'height'], 'Cabinet 2 · Front · Height'],
    [['details', 'cabinetData', 'itemState', '9_0', 'width'], 'Cabinet 9 · Part 1 · Width'],
    [
      ['details', 'cabinetData', 'itemState', '1_0', 'stileRailOverride', 'topRail'],
      'Cabinet 1 · Door · Custom stile & rail · Top Rail',
    ],
    [['details', 'cabinetData', 'stileRail', 'leftStile'], 'Stile & Rail Dimensions · Left Stile'],
    [['details', 'cabinetData', 'form', 'drawerFront'], 'Cabinet Details · Drawer Front'],
    [['details', 'address'], 'Address'],
    [['name'], 'Name'],
  ])('%j → %s', (path, words) => {
    expect(describePath(path, details)).toBe(words);
  });
  it('reads the cabinet map: numbers are places in its order, minted ids are never shown', () => {
    const map = {
      cabinetData: {
        cabinets: {
          'f00d-1': { type: 'Base 1/1', order: 'a1' },
          '1': { type: 'Wall', order: 'a0' },
        },
      },
    };
    expect(describePath(['details', 'cabinetData', 'itemState', 'f00d-1_0', 'width'], map)).toBe(
      'Cabinet 2 · Door · Width',
    );
    expect(describePath(['details', 'cabinetData', 'cabinets', 'f00d-1', 'order'], map)).toBe(
      'Cabinet 2 · Position',
    );
    expect(describePath(['details', 'cabinetData', 'cabinets', 'gone-2'], map)).toBe(
      'A removed cabinet',
    );
    expect(describePath(['details', 'cabinetData', 'itemState', 'gone-2_0', 'width'], map)).toBe(
      'A removed cabinet · Part 1 · Width',
    );
  });

  it("a move reads as the cabinet's place, never its order key; sizes as fractions", () => {
    const map = {
      cabinetData: {
        cabinets: {
          x: { type: 'Wall', order: 'a0' },
          y: { type: 'Wall', order: 'a1' },
          z: { type: 'Tall', order: 'a2' },
        },
      },
    };
    const order = ['details', 'cabinetData', 'cabinets', 'z', 'order'];
    expect(describeValue('a0V', order, map)).toBe('Cabinet 2 of 3');
    expect(describeValue('Zz', order, map)).toBe('Cabinet 1 of 3');
    expect(describeValue('a0V', order, map)).not.toContain('a0V');
    expect(describeValue({ type: 'Tall', order: 'a3' }, order.slice(0, 4), map)).toBe(
      'Tall, Cabinet 3 of 3',
    );
    const width = ['details', 'cabinetData', 'itemState', 'x_0', 'width'];
    expect(describeValue('15.625', width, map)).toBe('15 5/8"');
    expect(describeValue(undefined, width, map)).toBe('(empty)');
  });

  it('values', () => {
    expect(describeValue(null)).toBe('(empty)');
    expect(describeValue(true)).toBe('Yes');
    expect(describeValue('14.5')).toBe('14.5');
  });
});

describe('in Spanish', () => {
  it('field names, places and values read in Spanish through the catalog', async () => {
    const { activateLocale } = await import('../i18n/i18n');
    await activateLocale('es');
    try {
      expect(describePath(['details', 'cabinetData', 'itemState', '3_0', 'width'], details)).toBe(
        'Gabinete 2 · Puerta · Ancho',
      );
      expect(describePath(['details', 'address'], details)).toBe('Dirección');
      expect(describePath(['name'], details)).toBe('Nombre');
      expect(describePath(['details', 'cabinetData', 'stileRail', 'leftStile'], details)).toBe(
        'Medidas de montantes y rieles · Montante izquierdo',
      );
      expect(describeValue(true)).toBe('Sí');
      expect(describeValue('')).toBe('(vacío)');
      expect(describeValue(undefined)).toBe('(vacío)');
    } finally {
      await activateLocale('en');
    }
  });
});
