/** The door order workbook read back with exceljs: its sheets, numbers as numbers, fractions as text. */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { normalizeCabinetData } from '../../domain/cabinetData';
import { computeDoorOrder } from '../../domain/doorOrder';
import { buildOrderExport } from '../../domain/orderExport';
import { priceListSchema } from '../../domain/pricing';
import { WORKBOOK_SHEETS, buildOrderWorkbook } from './orderWorkbook';

const kitchen = (
  JSON.parse(
    readFileSync(
      new URL('../../../tests/fixtures/jobs/kitchen-full-overlay.json', import.meta.url),
      'utf8',
    ),
  ) as { cabinetData: Record<string, unknown> }
).cabinetData;

describe('order workbook', () => {
  it('has the four sheets; inches are numbers, fractions text; hinge part numbers carried', async () => {
    const data = normalizeCabinetData(kitchen);
    const prices = priceListSchema.parse({
      doorPerSqFt: 20,
      drawerFrontPerSqFt: 15,
      hingeParts: [{ size: 0.5, partNumber: 'H-050' }],
    });
    const x = buildOrderExport(
      computeDoorOrder(data),
      data.form,
      { customer: 'Rivera, Ana', address: '12 Oak St', orderDate: '2026-11-23', poNumber: '3/8' },
      {
        checks: [{ level: 'error', cabinet: null, message: 'Job: color not entered' }],
        prices,
      },
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await buildOrderWorkbook(x));
    expect(wb.worksheets.map((w) => w.name)).toEqual([...WORKBOOK_SHEETS]);

    const pieces = wb.getWorksheet('Doors and drawer fronts')!;
    expect(pieces.rowCount).toBe(x.lines.length + 1);
    const head = (pieces.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => head.indexOf(name) + 1;
    const second = pieces.getRow(3);
    expect(second.getCell(col('Width (in)')).value).toBe(17.376);
    expect(second.getCell(col('Width (fraction)')).value).toBe('17 3/8"');
    expect(second.getCell(col('Qty')).value).toBe(2);
    expect(second.getCell(col('PO number')).value).toBe('3/8');
    // The exact decimal to 4 places, and the red checks on the row.
    expect(second.getCell(col('Height (in)')).value).toBe(32.1563);
    expect(second.getCell(col('Height (in)')).numFmt).toBe('0.000#');
    expect(second.getCell(col('Red checks')).value).toBe('Job: color not entered');
    expect(second.getCell(col('Line price')).value).toBe(x.lines[1]!.price!.linePrice);

    const hinges = wb.getWorksheet('Hinges')!;
    expect(hinges.getRow(2).values).toEqual([undefined, 12, 0.5, '1/2"', 'H-050', '2 per door', 0]);
    const checks = wb.getWorksheet('Checks')!;
    expect(checks.getRow(2).values).toEqual([undefined, 'Error', 'Job', 'Job: color not entered']);
    const job = wb.getWorksheet('Job details')!;
    const fields: Record<string, unknown> = {};
    job.eachRow((r, n) => {
      if (n > 1) fields[r.getCell(1).text] = r.getCell(2).value;
    });
    expect(fields).toMatchObject({
      Customer: 'Rivera, Ana',
      'PO number': '3/8',
      Total: x.totals!.total,
    });
  });
});
