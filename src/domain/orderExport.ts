/**
 * The order as a door maker takes it: one table, one row per distinct finished
 * size (doors, then drawer fronts), the job's styles and header on every row so
 * any row still says whose order it is; the hinges as their own table; and
 * every part left off the order plus every order check listed beside it, so
 * nothing is dropped without a word. Pure: the same input gives the same
 * export, and the CSV and JSON are two spellings of it.
 *
 * Lengths are inches (decimal to 3 places on screen and up to 4 in the CSV
 * and workbook, and tape-measure fraction to the nearest 1/16"); areas square feet; money in the price list's currency.
 */
import Papa from 'papaparse';
import type { CabinetForm } from './cabinetData';
import { hingesPerPiece, type DoorOrder, type OrderLine, type OrderLineRef } from './doorOrder';
import { CSV_FORMULA_CELL } from './csvCells';
import { formatDecimal, formatExactDecimal, formatFraction } from './fractions';
import { DEFAULT_HINGE_HEIGHT_LIMITS, type HingeRule } from './hingeSummary';
import { ITEM_SIZE_ERROR_TEXT } from './itemSize';
import type { CheckWords } from './orderChecks';
import { OVERLAY_MODE_LABELS, STD_OPTIONS } from './overlay';
import { hingePartNumber, priceHinges, priceLine, roundCents, type PriceList } from './pricing';

/**
 * A problem the builder found in the job (e.g. an opening wider than any
 * cabinet of its type). `cabinet` is the cabinet number as the contractor
 * counts it (1-based, as on the builder's cards).
 */
export interface OrderCheck {
  level: 'error' | 'warning';
  /** 1-based cabinet number as the builder shows it; null for a check on the whole job. */
  cabinet: number | null;
  /** One line that already says where ("Cabinet 3 Door 1: …"). */
  message: string;
  /** The same as data, for a sheet in another language (absent: only the English line). */
  words?: CheckWords;
}

/** The contractor who sends the order (company from the price list, the rest from the profile). */
export interface OrderContractor {
  company: string;
  name: string;
  phone: string;
  email: string;
}

/** Who and when: printed on every page and on every row of the CSV. */
export interface OrderJob {
  /** The project name (the customer, as contractors name jobs). */
  customer: string;
  /** The job site address; "" when unknown. */
  address: string;
  /** Day the order is made, `yyyy-MM-dd`. */
  orderDate: string;
  /** The contractor's purchase-order number for this job; "" when none. */
  poNumber?: string;
  /** Who orders; blank fields when unknown. */
  contractor?: OrderContractor;
}

/** The CSV's columns, in order (exactly these names): one row per line, the job on every row. */
export const ORDER_COLUMNS = [
  'Item',
  'Qty',
  'Width (in)',
  'Width (fraction)',
  'Height (in)',
  'Height (fraction)',
  'Door style',
  'Drawer-front style',
  'Color',
  'Finish',
  'NRS',
  'Overlay',
  'Hinges per piece',
  'Cabinets',
  'PO number',
  'Customer',
  'Job address',
  'Contractor company',
  'Contractor name',
  'Contractor phone',
  'Contractor email',
  'Order date',
  'Red checks',
] as const;

/** Starts the CSV: a UTF-8 byte-order mark, so a spreadsheet reads "×" and accents as typed. */
export const CSV_BOM = '\uFEFF';

/** Added after `ORDER_COLUMNS` only when a price list is given. */
export const PRICE_COLUMNS = [
  'Area per piece (sq ft)',
  'Line area (sq ft)',
  'Price per sq ft',
  'Line price',
] as const;

export interface OrderExportLine {
  item: 'Door' | 'Drawer front';
  qty: number;
  /** Finished width of one piece, inches, unrounded. */
  width: number;
  /** Finished height, inches, unrounded. */
  height: number;
  hingesPerPiece: number;
  /** "#3 Base 2/1 Door 2, #5 Wall Door 1 (split ×2)". */
  cabinets: string;
  /** The 1-based numbers of the cabinets the line's pieces come from. */
  cabinetNumbers: number[];
  price?: { pieceSqFt: number; lineSqFt: number; ratePerSqFt: number; linePrice: number };
}

export interface OrderExportHinge {
  /** Hinge (overlay) size, inches. */
  size: number;
  qty: number;
  /** The contractor's part number for this size (price list); "" when none. */
  partNumber: string;
  price?: number;
}

export interface OrderExportLeftOut {
  /** 1-based cabinet number. */
  cabinet: number;
  cabinetType: string;
  /** "Door 2"; "" when the whole cabinet is left out. */
  part: string;
  reason: string;
}

/** The whole export: what the screen lists before download, the CSV, the workbook and the JSON. */
export interface OrderExport {
  job: Required<OrderJob>;
  styles: {
    door: string;
    drawerFront: string;
    color: string;
    finish: string;
    nrs: string;
    overlay: string;
  };
  hingeRule: HingeRule;
  /** "2 per door" or "By door height: 2 up to 40", 3 up to 60", 4 up to 80", 5 above". */
  hingeRuleText: string;
  lines: OrderExportLine[];
  hinges: OrderExportHinge[];
  notOrdered: OrderExportLeftOut[];
  checks: OrderCheck[];
  /** Present only with a price list. */
  totals?: { currency: string; doors: number; drawerFronts: number; hinges: number; total: number };
}

/** "#3 Base 2/1 Door 2" (cabinet number 1-based), " (split ×2)" for a split item. */
export function refText(ref: OrderLineRef): string {
  return `#${ref.row + 1} ${ref.cabinetType} ${ref.part} ${ref.index + 1}${ref.quantity === 2 ? ' (split ×2)' : ''}`;
}

/** All references of a line, comma-separated. */
export function lineRefs(line: OrderLine): string {
  return line.refs.map(refText).join(', ');
}

/** "Full Overlay STD 1 1/2": 1 7/16" (1.438)" — the overlay as the door maker needs it. */
export function overlayText(form: CabinetForm): string {
  const std =
    form.overlaySelect === 'fol'
      ? ` ${STD_OPTIONS.find((o) => o.value === form.stdOption)?.label ?? formatFraction(form.stdOption)}`
      : '';
  return `${OVERLAY_MODE_LABELS[form.overlaySelect]}${std}: ${formatFraction(form.olSize)} (${formatDecimal(form.olSize)})`;
}

/** The hinge rule in the contractor's words. */
export function hingeRuleText(rule: HingeRule | undefined): string {
  if (!rule || rule.mode === 'perDoor') return '2 per door';
  const [a, b, c] = rule.upTo;
  return `By door height: 2 up to ${a}", 3 up to ${b}", 4 up to ${c}", 5 above`;
}

/**
 * Builds the export of a computed order.
 * - `order`: from `computeDoorOrder` (its hinge rule is used for the counts).
 * - `form`: the job's Cabinet Details and overlay (styles, color, NRS, overlay).
 * - `checks`: order checks to list (default none); kept in the given order.
 * - `prices`: the contractor's price list; without it the export has no price
 *   fields at all.
 */
export function buildOrderExport(
  order: DoorOrder,
  form: CabinetForm,
  job: OrderJob,
  options: { checks?: readonly OrderCheck[]; prices?: PriceList | null } = {},
): OrderExport {
  const prices = options.prices ?? null;
  const toLine = (item: OrderExportLine['item'], l: OrderLine): OrderExportLine => {
    const line: OrderExportLine = {
      item,
      qty: l.quantity,
      width: l.width,
      height: l.height,
      hingesPerPiece: hingesPerPiece(order, l),
      cabinets: lineRefs(l),
      cabinetNumbers: [...new Set(l.refs.map((r) => r.row + 1))],
    };
    if (prices) {
      const p = priceLine(prices, l.kind, l.quantity, l.width, l.height);
      if (p)
        line.price = {
          pieceSqFt: p.pieceSqFt,
          lineSqFt: p.lineSqFt,
          ratePerSqFt: p.ratePerSqFt,
          linePrice: p.price,
        };
    }
    return line;
  };
  const lines = [
    ...order.doors.map((l) => toLine('Door', l)),
    ...order.drawerFronts.map((l) => toLine('Drawer front', l)),
  ];
  const hinges: OrderExportHinge[] = order.hinges.map((h) =>
    prices
      ? {
          size: h.size,
          qty: h.quantity,
          partNumber: hingePartNumber(prices, h.size),
          price: priceHinges(prices, h.quantity),
        }
      : { size: h.size, qty: h.quantity, partNumber: '' },
  );
  const notOrdered: OrderExportLeftOut[] = order.warnings.map((w) =>
    w.code === 'unknown-cabinet-type'
      ? { cabinet: w.row + 1, cabinetType: w.cabinetType, part: '', reason: 'unknown cabinet type' }
      : {
          cabinet: w.row + 1,
          cabinetType: w.cabinetType,
          part: `${w.part} ${w.index + 1}`,
          reason: ITEM_SIZE_ERROR_TEXT[w.code],
        },
  );
  const out: OrderExport = {
    job: {
      customer: job.customer,
      address: job.address,
      orderDate: job.orderDate,
      poNumber: job.poNumber ?? '',
      contractor: { ...(job.contractor ?? { company: '', name: '', phone: '', email: '' }) },
    },
    styles: {
      door: form.door,
      drawerFront: form.drawerFront,
      color: form.color,
      finish: form.finish,
      nrs: form.nrs,
      overlay: overlayText(form),
    },
    hingeRule: order.hingeRule ?? { mode: 'perDoor' },
    hingeRuleText: hingeRuleText(order.hingeRule),
    lines,
    hinges,
    notOrdered,
    checks: (options.checks ?? []).map((c) => ({ ...c })),
  };
  if (prices) {
    const sum = (xs: number[]) => roundCents(xs.reduce((s, x) => s + x, 0));
    const doors = sum(lines.filter((l) => l.item === 'Door').map((l) => l.price?.linePrice ?? 0));
    const drawerFronts = sum(
      lines.filter((l) => l.item === 'Drawer front').map((l) => l.price?.linePrice ?? 0),
    );
    const hingeTotal = sum(hinges.map((h) => h.price ?? 0));
    out.totals = {
      currency: prices.currency,
      doors,
      drawerFronts,
      hinges: hingeTotal,
      total: roundCents(doors + drawerFronts + hingeTotal),
    };
  }
  return out;
}

function area(sqFt: number): string {
  return sqFt.toFixed(2);
}

function money(amount: number): string {
  return amount.toFixed(2);
}

/**
 * The red checks (level "error": a missing door style or color, a part not
 * measured…) that hold for a line: those of the whole job and those of the
 * cabinets its pieces come from, joined with "; "; "" when none. The CSV and
 * the workbook put them on the line's row, so an order sent anyway says what
 * is missing wherever it is read.
 */
export function lineRedChecks(
  x: OrderExport,
  line: OrderExportLine,
  check: (c: OrderCheck) => string = (c) => c.message,
): string {
  return x.checks
    .filter(
      (c) => c.level === 'error' && (c.cabinet === null || line.cabinetNumbers.includes(c.cabinet)),
    )
    .map(check)
    .join('; ');
}

/** A column of the CSV (and of the workbook's pieces sheet), by its English name. */
export type OrderColumn = (typeof ORDER_COLUMNS)[number] | (typeof PRICE_COLUMNS)[number];

/**
 * The words of the order's files in the door maker's language: each column's heading (given its
 * English name), a line's item, and an order check's line. {@link ENGLISH_FILE_WORDS} writes them
 * as the constants say; the door order page builds them from the sheet's language.
 */
export interface OrderFileWords {
  column: (name: OrderColumn) => string;
  item: (item: OrderExportLine['item']) => string;
  check: (c: OrderCheck) => string;
}

/** The files' words in English: the column names as listed, the items and checks as the export has them. */
export const ENGLISH_FILE_WORDS: OrderFileWords = {
  column: (name) => name,
  item: (item) => item,
  check: (c) => c.message,
};

/**
 * The export as CSV text (papaparse, CRLF), starting with a UTF-8 byte-order
 * mark (`CSV_BOM`: the text holds "×" and the customer's accents): exactly one
 * rectangular table, `ORDER_COLUMNS` (+ `PRICE_COLUMNS` with prices) on line
 * 1, then one row per line (a distinct finished size with its quantity), the
 * job's columns on every row, and nothing after it, so a spreadsheet or
 * shop-software import reads exactly the pieces. Sizes are the exact decimal
 * (`formatExactDecimal`, up to 4 places) and the tape-measure fraction; "Red
 * checks" holds the line's red checks (`lineRedChecks`). `words`: the headings,
 * items and checks in the door maker's language (English by default). The hinges and the
 * parts not on this order are on the printed sheet and in the workbook. A cell
 * a spreadsheet would run as a formula (a customer named `=HYPERLINK(…)`)
 * starts with an apostrophe (src/domain/csvCells.ts).
 */
export function orderExportCsv(x: OrderExport, words: OrderFileWords = ENGLISH_FILE_WORDS): string {
  const priced = x.totals !== undefined;
  const fields: string[] = [...ORDER_COLUMNS, ...(priced ? PRICE_COLUMNS : [])].map(words.column);
  const c = x.job.contractor;
  const rows: string[][] = x.lines.map((l) => {
    const row = [
      words.item(l.item),
      String(l.qty),
      formatExactDecimal(l.width),
      formatFraction(l.width),
      formatExactDecimal(l.height),
      formatFraction(l.height),
      l.item === 'Door' ? x.styles.door : '',
      l.item === 'Drawer front' ? x.styles.drawerFront : '',
      x.styles.color,
      x.styles.finish,
      x.styles.nrs,
      x.styles.overlay,
      String(l.hingesPerPiece),
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
    ];
    if (priced && l.price)
      row.push(
        area(l.price.pieceSqFt),
        area(l.price.lineSqFt),
        money(l.price.ratePerSqFt),
        money(l.price.linePrice),
      );
    // No price for this kind of piece in the list: blank cells keep the table rectangular.
    else if (priced) row.push('', '', '', '');
    return row;
  });
  return `${CSV_BOM}${Papa.unparse({ fields, data: rows }, { newline: '\r\n', escapeFormulae: CSV_FORMULA_CELL })}\r\n`;
}

/** Reads CSV text written by `orderExportCsv` back as row objects keyed by its header (papaparse). */
export function parseOrderExportCsv(csv: string): Record<string, string>[] {
  const { data } = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  return data;
}

/** The export as JSON text (pretty, numbers unrounded). */
export function orderExportJson(x: OrderExport): string {
  // A check's `words` are for wording it on a screen; the file carries its English line.
  const checks = x.checks.map(({ level, cabinet, message }) => ({ level, cabinet, message }));
  return `${JSON.stringify({ ...x, checks }, null, 2)}\n`;
}

/** The default by-height rule, for the job setting's first switch to it. */
export const DEFAULT_BY_HEIGHT_RULE: HingeRule = {
  mode: 'byHeight',
  upTo: DEFAULT_HINGE_HEIGHT_LIMITS,
};
