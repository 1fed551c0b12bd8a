/**
 * The one-table CSV of a placed door order, made from its snapshot (the
 * parts as sent: cabinet, kind, finished size in inches) by the
 * `door-order-mail` function, on Deno and on the local server alike, and
 * attached to the mail to the door maker. The snapshot holds sizes only, so
 * this table has the columns it can fill: the PO number, the cabinet, the
 * piece, its quantity and its finished size as the exact decimal and the
 * tape-measure fraction (the nearest 1/16", as the printed sheet). The
 * headings and the item words in the maker's language (`CsvWords`; English
 * by default), as the sheet the maker reads. Cells a spreadsheet would run as
 * a formula start with an apostrophe.
 */

/** One part of a door order's snapshot (public.door_orders.parts; widths and heights in inches). */
export interface SnapshotPart {
  key: string;
  cabinet: number;
  cabinet_type: string;
  kind: 'door' | 'drawer_front';
  part: string;
  quantity: number;
  width: number;
  height: number;
}

/** The header of the mailed CSV. */
export const DOOR_ORDER_CSV_COLUMNS = [
  'PO number',
  'Cabinet',
  'Cabinet type',
  'Part',
  'Item',
  'Qty',
  'Width (in)',
  'Width (fraction)',
  'Height (in)',
  'Height (fraction)',
] as const;

/** The CSV's words in one language: each heading by its English name, and the two items. */
export interface CsvWords {
  column: (name: (typeof DOOR_ORDER_CSV_COLUMNS)[number]) => string;
  door: string;
  drawerFront: string;
}

/** The CSV's words in English. */
export const ENGLISH_CSV_WORDS: CsvWords = {
  column: (name) => name,
  door: 'Door',
  drawerFront: 'Drawer front',
};

/** `inches` to the nearest 1/16, reduced: `15 7/16"`, `15 1/2"`, `15"` (the sheet's rule, src/domain/fractions.ts). */
export function sixteenthsText(inches: number): string {
  const total = Math.floor(inches * 16 + 0.5);
  const whole = Math.floor(total / 16);
  let num = total % 16;
  let den = 16;
  while (num > 0 && num % 2 === 0) {
    num /= 2;
    den /= 2;
  }
  if (num === 0) return `${whole}"`;
  return whole === 0 ? `${num}/${den}"` : `${whole} ${num}/${den}"`;
}

/** `inches` as the exact decimal, up to 4 places, no trailing zeros. */
export function exactDecimal(inches: number): string {
  return String(Math.round(inches * 10000) / 10000);
}

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The order's CSV text (UTF-8 byte-order mark, CRLF): the header, then one row per part of the snapshot. */
export function doorOrderCsv(
  order: { po_number: string; parts: readonly SnapshotPart[] },
  words: CsvWords = ENGLISH_CSV_WORDS,
): string {
  const rows = order.parts.map((p) => [
    order.po_number,
    String(p.cabinet),
    p.cabinet_type,
    p.part,
    p.kind === 'door' ? words.door : words.drawerFront,
    String(p.quantity),
    exactDecimal(p.width),
    sixteenthsText(p.width),
    exactDecimal(p.height),
    sixteenthsText(p.height),
  ]);
  const lines = [DOOR_ORDER_CSV_COLUMNS.map(words.column), ...rows].map((r) =>
    r.map(cell).join(','),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
