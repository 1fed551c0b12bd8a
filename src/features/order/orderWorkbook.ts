/**
 * The door order as an Excel workbook (.xlsx, built with exceljs), for door
 * makers whose shop software imports spreadsheets: the pieces, the hinges, the
 * checks and the job on their own sheets. Widths and heights are numbers
 * (inches, exact to 4 decimals: 8.3125) so a formula can use them; the tape-measure
 * fractions are text so Excel never turns "3/8" into a date. exceljs is
 * about 1 MB, so it is loaded only when the contractor asks for the workbook.
 */
import { formatExactDecimal, formatFraction } from '../../domain/fractions';
import {
  ORDER_COLUMNS,
  PRICE_COLUMNS,
  lineRedChecks,
  type OrderExport,
} from '../../domain/orderExport';

/** The sheets, in order (exactly these names). */
export const WORKBOOK_SHEETS = [
  'Doors and drawer fronts',
  'Hinges',
  'Checks',
  'Job details',
] as const;

/** The pieces sheet's columns: the CSV's, so both read the same way. */
export const PIECE_SHEET_COLUMNS = ORDER_COLUMNS;
export const HINGE_SHEET_COLUMNS = [
  'Qty',
  'Size (in)',
  'Size (fraction)',
  'Part number',
  'Rule',
] as const;
export const CHECK_SHEET_COLUMNS = ['Level', 'Cabinet', 'Message'] as const;

/** Columns that hold inches as numbers (shown to 3 decimals, a 4th when it has one: 8.3125). */
const INCH_COLUMNS = new Set<string>(['Width (in)', 'Height (in)', 'Size (in)']);
/** Columns that hold text Excel must not reinterpret (fractions read as dates, numbers as numbers). */
const TEXT_COLUMNS = new Set<string>([
  'Width (fraction)',
  'Height (fraction)',
  'Size (fraction)',
  'PO number',
  'NRS',
  'Part number',
  'Contractor phone',
]);

type Cell = string | number;

/**
 * Builds the workbook of an order export; resolves to the .xlsx bytes.
 * Sheets `WORKBOOK_SHEETS`: one row per order line (numbers for inches and
 * quantities), one per hinge size (with the price list's part number), every
 * order check and part left off the order, and the job's fields as label/value rows.
 */
export async function buildOrderWorkbook(x: OrderExport): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Refacing';
  const priced = x.totals !== undefined;

  const addSheet = (name: string, head: readonly string[], rows: Cell[][]) => {
    const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = head.map((h) => ({
      header: h,
      key: h,
      width: Math.max(10, Math.min(48, h.length + 4)),
      style: INCH_COLUMNS.has(h)
        ? { numFmt: '0.000#' }
        : TEXT_COLUMNS.has(h)
          ? { numFmt: '@' }
          : {},
    }));
    ws.getRow(1).font = { bold: true };
    for (const r of rows) ws.addRow(r);
    return ws;
  };

  const c = x.job.contractor;
  addSheet(
    WORKBOOK_SHEETS[0],
    [...PIECE_SHEET_COLUMNS, ...(priced ? PRICE_COLUMNS : [])],
    x.lines.map((l) => [
      l.item,
      l.qty,
      Number(formatExactDecimal(l.width)),
      formatFraction(l.width),
      Number(formatExactDecimal(l.height)),
      formatFraction(l.height),
      l.item === 'Door' ? x.styles.door : '',
      l.item === 'Drawer front' ? x.styles.drawerFront : '',
      x.styles.color,
      x.styles.finish,
      x.styles.nrs,
      x.styles.overlay,
      l.hingesPerPiece,
      l.cabinets,
      x.job.poNumber,
      x.job.customer,
      x.job.address,
      c.company,
      c.name,
      c.phone,
      c.email,
      x.job.orderDate,
      lineRedChecks(x, l),
      ...(priced && l.price
        ? [l.price.pieceSqFt, l.price.lineSqFt, l.price.ratePerSqFt, l.price.linePrice]
        : []),
    ]),
  );
  addSheet(
    WORKBOOK_SHEETS[1],
    [...HINGE_SHEET_COLUMNS, ...(priced ? ['Price'] : [])],
    x.hinges.map((h) => [
      h.qty,
      Number(formatExactDecimal(h.size)),
      formatFraction(h.size),
      h.partNumber,
      x.hingeRuleText,
      ...(priced ? [h.price ?? 0] : []),
    ]),
  );
  addSheet(WORKBOOK_SHEETS[2], CHECK_SHEET_COLUMNS, [
    ...x.checks.map((ch): Cell[] => [
      ch.level === 'error' ? 'Error' : 'Warning',
      ch.cabinet === null ? 'Job' : ch.cabinet,
      ch.message,
    ]),
    ...x.notOrdered.map((n): Cell[] => [
      'Not on this order',
      n.cabinet,
      `${n.cabinetType || 'no type'}${n.part ? `, ${n.part}` : ''}: ${n.reason}`,
    ]),
  ]).getColumn(3).width = 90;
  const details: Cell[][] = [
    ['PO number', x.job.poNumber],
    ['Customer', x.job.customer],
    ['Job address', x.job.address],
    ['Order date', x.job.orderDate],
    ['Contractor company', c.company],
    ['Contractor name', c.name],
    ['Contractor phone', c.phone],
    ['Contractor email', c.email],
    ['Door style', x.styles.door],
    ['Drawer-front style', x.styles.drawerFront],
    ['Color', x.styles.color],
    ['Finish', x.styles.finish],
    ['NRS', x.styles.nrs],
    ['Overlay', x.styles.overlay],
    ['Hinges', x.hingeRuleText],
  ];
  if (x.totals)
    details.push(
      ['Currency', x.totals.currency],
      ['Doors', x.totals.doors],
      ['Drawer fronts', x.totals.drawerFronts],
      ['Hinges (with boring)', x.totals.hinges],
      ['Total', x.totals.total],
    );
  const job = addSheet(WORKBOOK_SHEETS[3], ['Field', 'Value'], details);
  job.getColumn(2).width = 60;
  job.getColumn(2).numFmt = '@';
  return await wb.xlsx.writeBuffer();
}
