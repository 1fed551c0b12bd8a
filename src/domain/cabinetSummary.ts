/**
 * The dashboard card's cabinet summary (product rules "Screens and routes" Dashboard: "cabinet summary"),
 * e.g. "12 cabinets · 18 doors · 9 drawer fronts", or "No cabinets yet".
 */
import { isPlainObject, storedCabinetTypes } from './storedCabinets';
import { PART_INFO, itemKey, partsOf } from './cabinetTypes';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** How many cabinets stored builder data holds (either shape, see storedCabinets.ts); 0 for none or unreadable. */
export function cabinetCount(cabinetData: unknown): number {
  return storedCabinetTypes(cabinetData).size;
}

/**
 * Counts cabinets (every row, known type or not), door leaves (a split item
 * counts 2, as on the order) and drawer fronts over the cabinet types' parts, measured or not.
 * Input: `project.details.cabinetData` as stored (either shape, see
 * `readCabinets`), or `undefined` (a project without builder data). Never throws.
 */
export function cabinetSummary(cabinetData: unknown): string {
  const cabinets = storedCabinetTypes(cabinetData);
  const stored = isPlainObject(cabinetData) ? cabinetData.itemState : undefined;
  const itemState = (isPlainObject(stored) ? stored : {}) as Record<
    string,
    { splitDoor?: unknown } | undefined
  >;
  if (cabinets.size === 0) return 'No cabinets yet';
  let doors = 0;
  let fronts = 0;
  for (const [id, type] of cabinets) {
    const parts = partsOf(type) ?? [];
    parts.forEach((part, index) => {
      const item = itemState[itemKey(id, index)];
      const leaves = item?.splitDoor === true ? 2 : 1;
      if (PART_INFO[part].kind === 'drawerFront') fronts += leaves;
      else doors += leaves;
    });
  }
  return [
    plural(cabinets.size, 'cabinet', 'cabinets'),
    plural(doors, 'door', 'doors'),
    plural(fronts, 'drawer front', 'drawer fronts'),
  ].join(' · ');
}
