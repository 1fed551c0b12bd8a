/**
 * Text forms of the door order shared by the Order view and its CSV: cabinet
 * references of a merged line, and the CSV itself (papaparse).
 */
import Papa from 'papaparse';
import type { DoorOrder, OrderLine, OrderLineRef } from '../../domain/doorOrder';
import { formatDecimal, formatFraction } from '../../domain/fractions';

/** "#3 Base 2/1 Door 2" (cabinet number 1-based), "×2" for a split item. */
export function refText(ref: OrderLineRef): string {
  return `#${ref.row + 1} ${ref.cabinetType} ${ref.part} ${ref.index + 1}${ref.quantity === 2 ? ' (split ×2)' : ''}`;
}

/** All references of a line, comma-separated. */
export function lineRefs(line: OrderLine): string {
  return line.refs.map(refText).join(', ');
}

export const ORDER_CSV_COLUMNS = [
  'Item',
  'Quantity',
  'Width',
  'Width (in)',
  'Height',
  'Height (in)',
  'Hinge size',
  'Hinge size (in)',
  'Cabinets',
] as const;

/**
 * The order as CSV: a row per merged door line, per drawer-front line, then
 * per hinge size. Sizes in tape-measure fractions and 3-place decimals.
 */
export function orderCsv(order: DoorOrder): string {
  const rows: string[][] = [];
  const line = (item: string, l: OrderLine) =>
    rows.push([item, String(l.quantity), formatFraction(l.width), formatDecimal(l.width), formatFraction(l.height), formatDecimal(l.height), '', '', lineRefs(l)]);
  for (const l of order.doors) line('Door', l);
  for (const l of order.drawerFronts) line('Drawer front', l);
  for (const h of order.hinges) rows.push(['Hinge', String(h.quantity), '', '', '', '', formatFraction(h.size), formatDecimal(h.size), '']);
  return Papa.unparse({ fields: [...ORDER_CSV_COLUMNS], data: rows }, { newline: '\r\n' });
}
