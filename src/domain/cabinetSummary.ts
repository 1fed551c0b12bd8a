/**
 * The dashboard card's cabinet summary (product rules "Screens and routes" Dashboard: "cabinet summary"),
 * e.g. "12 cabinets · 18 doors · 9 drawer fronts", or "No cabinets yet".
 */
import type { CabinetData } from './cabinetData';
import { PART_INFO, itemKey, partsOf } from './cabinetTypes';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Counts cabinets (every row, known type or not), door leaves (a split item
 * counts 2, as on the order) and drawer fronts over the cabinet types' parts, measured or not.
 * Accepts `undefined` (a project without builder data). Never throws.
 */
export function cabinetSummary(
  cabinetData: Pick<CabinetData, 'cabinetRows' | 'itemState'> | undefined,
): string {
  const rows = Array.isArray(cabinetData?.cabinetRows) ? cabinetData.cabinetRows : [];
  if (rows.length === 0) return 'No cabinets yet';
  let doors = 0;
  let fronts = 0;
  for (const row of rows) {
    const parts = partsOf(typeof row?.type === 'string' ? row.type : '') ?? [];
    parts.forEach((part, index) => {
      const item = cabinetData?.itemState?.[itemKey(row.id, index)];
      const leaves = item?.splitDoor === true ? 2 : 1;
      if (PART_INFO[part].kind === 'drawerFront') fronts += leaves;
      else doors += leaves;
    });
  }
  return [
    plural(rows.length, 'cabinet', 'cabinets'),
    plural(doors, 'door', 'doors'),
    plural(fronts, 'drawer front', 'drawer fronts'),
  ].join(' · ');
}
