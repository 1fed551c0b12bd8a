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
  ENGLISH_FILE_WORDS,
  ORDER_COLUMNS,
  PRICE_COLUMNS,
  lineRedChecks,
  type OrderColumn,
  type OrderExport,
  type OrderExportLeftOut,
  type OrderFileWords,
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
/** The job details sheet's labels (its first column), and its own two headings. */
export const DETAIL_FIELDS = [
  'Field',
  'Value',
  'PO number',
  'Customer',
  'Job address',
  'Order date',
  'Contractor company',
  'Contractor name',
  'Contractor phone',
  'Contractor email',
  'Door style',
  'Drawer-front style',
  'Color',
  'Finish',
  'NRS',
  'Overlay',
  'Hinges',
  'Currency',
  'Doors',
  'Drawer fronts',
  'Hinges (with boring)',
  'Total',
] as const;
/** The words the checks sheet writes in its cells. */
export const CHECK_SHEET_WORDS = ['Error', 'Warning', 'Job', 'Price', 'Not on this order'] as const;

/** Every fixed text of the workbook other than the pieces' columns, by its English. */
export type WorkbookText =
  | (typeof WORKBOOK_SHEETS)[number]
  | (typeof HINGE_SHEET_COLUMNS)[number]
  | (typeof CHECK_SHEET_COLUMNS)[number]
  | (typeof DETAIL_FIELDS)[number]
  | (typeof CHECK_SHEET_WORDS)[number];

/**
 * The workbook's words in the door maker's language: the CSV's (headings, items, checks), every
 * other fixed text, a part left off the order ("Wall, Door 2: not measured"), and the job's hinge
 * rule and overlay lines.
 */
export interface WorkbookWords extends OrderFileWords {
  text: (english: WorkbookText) => string;
  leftOut: (n: OrderExportLeftOut) => string;
  hingeRule: (x: OrderExport) => string;
  overlay: (x: OrderExport) => string;
}

/** The workbook in English: the texts as the constants above name them. */
export const ENGLISH_WORKBOOK_WORDS: WorkbookWords = {
  ...ENGLISH_FILE_WORDS,
  text: (english) => english,
  leftOut: (n) => `${n.cabinetType || 'no type'}${n.part ? `, ${n.part}` : ''}: ${n.reason}`,
  hingeRule: (x) => x.hingeRuleText,
  overlay: (x) => x.styles.overlay,
};

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

const ORDER_COLUMN_NAMES = new Set<string>([...ORDER_COLUMNS, ...PRICE_COLUMNS]);

/**
 * Builds the workbook of an order export; resolves to the .xlsx bytes.
 * Sheets `WORKBOOK_SHEETS`: one row per order line (numbers for inches and
 * quantities), one per hinge size (with the price list's part number), every
 * order check and part left off the order, and the job's fields as label/value rows. `words`:
 * every heading, sheet name and fixed word in the door maker's language (English by default).
 */
export async function buildOrderWorkbook(
  x: OrderExport,
  words: WorkbookWords = ENGLISH_WORKBOOK_WORDS,
): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Refacing';
  const priced = x.totals !== undefined;
  const w = words.text;

  /** `head`: the columns' English names (their number formats go by them), written in `words`. */
  const addSheet = (name: string, head: readonly string[], rows: Cell[][]) => {
    const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = head.map((h) => ({
      header: ORDER_COLUMN_NAMES.has(h) ? words.column(h as OrderColumn) : w(h as WorkbookText),
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
    w(WORKBOOK_SHEETS[0]),
    [...PIECE_SHEET_COLUMNS, ...(priced ? PRICE_COLUMNS : [])],
    x.lines.map((l) => [
      words.item(l.item),
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
      words.overlay(x),
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
      lineRedChecks(x, l, words.check),
      ...(priced && l.price
        ? [l.price.pieceSqFt, l.price.lineSqFt, l.price.ratePerSqFt, l.price.linePrice]
        : []),
    ]),
  );
  addSheet(
    w(WORKBOOK_SHEETS[1]),
    [...HINGE_SHEET_COLUMNS, ...(priced ? ['Price'] : [])],
    x.hinges.map((h) => [
      h.qty,
      Number(formatExactDecimal(h.size)),
      formatFraction(h.size),
      h.partNumber,
      words.hingeRule(x),
      ...(priced ? [h.price ?? 0] : []),
    ]),
  );
  addSheet(w(WORKBOOK_SHEETS[2]), CHECK_SHEET_COLUMNS, [
    ...x.checks.map((ch): Cell[] => [
      w(ch.level === 'error' ? 'Error' : 'Warning'),
      ch.cabinet === null ? w('Job') : ch.cabinet,
      words.check(ch),
    ]),
    ...x.notOrdered.map((n): Cell[] => [w('Not on this order'), n.cabinet, words.leftOut(n)]),
  ]).getColumn(3).width = 90;
  const details: [WorkbookText, Cell][] = [
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
    ['Overlay', words.overlay(x)],
    ['Hinges', words.hingeRule(x)],
  ];
  if (x.totals)
    details.push(
      ['Currency', x.totals.currency],
      ['Doors', x.totals.doors],
      ['Drawer fronts', x.totals.drawerFronts],
      ['Hinges (with boring)', x.totals.hinges],
      ['Total', x.totals.total],
    );
  const job = addSheet(
    w(WORKBOOK_SHEETS[3]),
    ['Field', 'Value'],
    details.map(([label, value]) => [w(label), value]),
  );
  job.getColumn(2).width = 60;
  job.getColumn(2).numFmt = '@';
  return await wb.xlsx.writeBuffer();
}
