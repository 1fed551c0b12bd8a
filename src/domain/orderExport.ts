/**
 * The order as a door maker takes it: one table, one row per distinct finished
 * size (doors, then drawer fronts), the job's styles and header on every row so
 * any row still says whose order it is; the hinges as their own table; and
 * every part left off the order plus every order check listed beside it, so
 * nothing is dropped without a word. Pure: the same input gives the same
 * export, and the CSV and JSON are two spellings of it.
 *
 * Lengths are inches (decimal to 3 places and tape-measure fraction to the
 * nearest 1/16"); areas square feet; money in the price list's currency.
 */
import Papa from 'papaparse';
import type { CabinetForm } from './cabinetData';
import { hingesPerPiece, type DoorOrder, type OrderLine, type OrderLineRef } from './doorOrder';
import { formatDecimal, formatFraction } from './fractions';
import { DEFAULT_HINGE_HEIGHT_LIMITS, type HingeRule } from './hingeSummary';
import { ITEM_SIZE_ERROR_TEXT } from './itemSize';
import { OVERLAY_MODE_LABELS, STD_OPTIONS } from './overlay';
import { priceHinges, priceLine, roundCents, type PriceList } from './pricing';

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
}

/** Who and when: printed on every row and page. */
export interface OrderJob {
  /** The project name (the customer, as contractors name jobs). */
  customer: string;
  /** The job site address; "" when unknown. */
  address: string;
  /** Day the order is made, `yyyy-MM-dd`. */
  orderDate: string;
}

/** The first table's columns, in order (exactly these names). */
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
  'NRS',
  'Overlay',
  'Hinges per piece',
  'Cabinets',
  'Customer',
  'Job address',
  'Order date',
] as const;

/** Added after `ORDER_COLUMNS` only when a price list is given. */
export const PRICE_COLUMNS = [
  'Area per piece (sq ft)',
  'Line area (sq ft)',
  'Price per sq ft',
  'Line price',
] as const;

export const HINGE_COLUMNS = ['Hinges', 'Qty', 'Size (in)', 'Size (fraction)', 'Rule'] as const;
export const NOT_ORDERED_COLUMNS = [
  'Not on this order',
  'Cabinet',
  'Cabinet type',
  'Part',
  'Reason',
] as const;
export const CHECK_COLUMNS = ['Order checks', 'Level', 'Cabinet', 'Message'] as const;

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
  price?: { pieceSqFt: number; lineSqFt: number; ratePerSqFt: number; linePrice: number };
}

export interface OrderExportHinge {
  /** Hinge (overlay) size, inches. */
  size: number;
  qty: number;
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

/** The whole export: what the screen lists before download, the CSV and the JSON. */
export interface OrderExport {
  job: OrderJob;
  styles: { door: string; drawerFront: string; color: string; nrs: string; overlay: string };
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
    };
    if (prices) {
      const p = priceLine(prices, l.kind, l.quantity, l.width, l.height);
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
      ? { size: h.size, qty: h.quantity, price: priceHinges(prices, h.quantity) }
      : { size: h.size, qty: h.quantity },
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
    job: { ...job },
    styles: {
      door: form.door,
      drawerFront: form.drawerFront,
      color: form.color,
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
 * The export as CSV text (papaparse, CRLF). The first table starts on line 1
 * with `ORDER_COLUMNS` (+ `PRICE_COLUMNS` with prices), one row per line, so an
 * import that reads one table gets exactly the pieces. Then, each after one
 * empty row and with its own header row: the hinges, the parts not on this
 * order, and the order checks — the last two always present (with "None" when
 * empty) so a reader sees nothing was left out. A spreadsheet shows them as
 * separate tables under each other.
 */
export function orderExportCsv(x: OrderExport): string {
  const priced = x.totals !== undefined;
  const fields: string[] = [...ORDER_COLUMNS, ...(priced ? PRICE_COLUMNS : [])];
  const rows: string[][] = x.lines.map((l) => {
    const row = [
      l.item,
      String(l.qty),
      formatDecimal(l.width),
      formatFraction(l.width),
      formatDecimal(l.height),
      formatFraction(l.height),
      l.item === 'Door' ? x.styles.door : '',
      l.item === 'Drawer front' ? x.styles.drawerFront : '',
      x.styles.color,
      x.styles.nrs,
      x.styles.overlay,
      String(l.hingesPerPiece),
      l.cabinets,
      x.job.customer,
      x.job.address,
      x.job.orderDate,
    ];
    if (priced && l.price)
      row.push(
        area(l.price.pieceSqFt),
        area(l.price.lineSqFt),
        money(l.price.ratePerSqFt),
        money(l.price.linePrice),
      );
    return row;
  });
  const table = (head: readonly string[], body: string[][]) =>
    Papa.unparse({ fields: [...head], data: body }, { newline: '\r\n' });
  const hingeHead = [...HINGE_COLUMNS, ...(priced ? ['Price'] : [])];
  const hingeRows = x.hinges.map((h) => {
    const row = [
      'Hinge',
      String(h.qty),
      formatDecimal(h.size),
      formatFraction(h.size),
      x.hingeRuleText,
    ];
    if (priced) row.push(money(h.price ?? 0));
    return row;
  });
  if (priced && x.totals) {
    hingeRows.push(['Total', '', '', '', '', money(x.totals.hinges)]);
  }
  const notOrdered = x.notOrdered.length
    ? x.notOrdered.map((n) => ['Left out', String(n.cabinet), n.cabinetType, n.part, n.reason])
    : [['None', '', '', '', '']];
  const checks = x.checks.length
    ? x.checks.map((c) => [
        'Check',
        c.level,
        c.cabinet === null ? 'Job' : String(c.cabinet),
        c.message,
      ])
    : [['None', '', '', '']];
  const sections = [
    table(fields, rows),
    table(hingeHead, hingeRows.length ? hingeRows : [['None', '', '', '', '']]),
    table(NOT_ORDERED_COLUMNS, notOrdered),
    table(CHECK_COLUMNS, checks),
  ];
  if (priced && x.totals) {
    const t = x.totals;
    sections.push(
      table(
        ['Totals', 'Amount', 'Currency'],
        [
          ['Doors', money(t.doors), t.currency],
          ['Drawer fronts', money(t.drawerFronts), t.currency],
          ['Hinges', money(t.hinges), t.currency],
          ['Total', money(t.total), t.currency],
        ],
      ),
    );
  }
  return `${sections.join('\r\n\r\n')}\r\n`;
}

/**
 * Splits CSV text written by `orderExportCsv` back into its tables (each an
 * array of row objects keyed by that table's header), by the empty rows
 * between them. Used by readers and tests; papaparse does the parsing.
 */
export function parseOrderExportCsv(csv: string): Record<string, string>[][] {
  const { data } = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const tables: string[][][] = [[]];
  for (const row of data) {
    if (row.length === 1 && row[0] === '') {
      if ((tables.at(-1) ?? []).length) tables.push([]);
    } else tables.at(-1)!.push(row);
  }
  return tables
    .filter((t) => t.length > 0)
    .map(([head, ...body]) =>
      body.map((r) => Object.fromEntries((head ?? []).map((h, i) => [h, r[i] ?? '']))),
    );
}

/** The export as JSON text (pretty, numbers unrounded). */
export function orderExportJson(x: OrderExport): string {
  return `${JSON.stringify(x, null, 2)}\n`;
}

/** The default by-height rule, for the job setting's first switch to it. */
export const DEFAULT_BY_HEIGHT_RULE: HingeRule = {
  mode: 'byHeight',
  upTo: DEFAULT_HINGE_HEIGHT_LIMITS,
};
