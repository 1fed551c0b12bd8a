import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { normalizeCabinetData } from '../../domain/cabinetData';
import { computeDoorOrder } from '../../domain/doorOrder';
import { orderCsv } from './orderText';

const raw = JSON.parse(readFileSync(new URL('../../../tests/fixtures/jobs/kitchen-full-overlay.json', import.meta.url), 'utf8')) as { cabinetData: unknown };

describe('orderCsv', () => {
  const csv = orderCsv(computeDoorOrder(normalizeCabinetData(raw.cabinetData)));
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true });

  it('doors, then drawer fronts, then hinges, with fraction and decimal', () => {
    expect(parsed.errors).toEqual([]);
    const items = parsed.data.map((r) => r.Item);
    expect(items.filter((i) => i === 'Door')).toHaveLength(11);
    expect(items.filter((i) => i === 'Drawer front')).toHaveLength(10);
    expect(items.filter((i) => i === 'Hinge')).toHaveLength(2);
    expect(parsed.data[1]).toEqual({
      Item: 'Door',
      Quantity: '2',
      Width: '17 3/8"',
      'Width (in)': '17.376',
      Height: '32 3/16"',
      'Height (in)': '32.156',
      'Hinge size': '',
      'Hinge size (in)': '',
      Cabinets: '#2 Wall Door 1, #14 Wall Door 1',
    });
    expect(parsed.data.at(-1)).toMatchObject({ Item: 'Hinge', Quantity: '22', 'Hinge size': '1 7/16"', 'Hinge size (in)': '1.438' });
  });

  it('split lines say so', () => {
    expect(parsed.data[2]).toMatchObject({ Quantity: '2', Width: '16 3/8"', Cabinets: '#3 Wall Door 1 (split ×2)' });
  });
});
