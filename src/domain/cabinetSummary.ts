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

/** A project's cabinets, door leaves and drawer fronts (see `cabinetTally`). */
export interface CabinetTally {
  cabinets: number;
  doors: number;
  drawerFronts: number;
}

/**
 * Counts cabinets (every row, known type or not), door leaves (a split item
 * counts 2, as on the order) and drawer fronts over the cabinet types' parts, measured or not.
 * Input: `project.details.cabinetData` as stored (either shape, see
 * `readCabinets`), or `undefined` (a project without builder data). Null when
 * there are no cabinets. Never throws.
 */
export function cabinetTally(cabinetData: unknown): CabinetTally | null {
  const cabinets = storedCabinetTypes(cabinetData);
  const stored = isPlainObject(cabinetData) ? cabinetData.itemState : undefined;
  const itemState = (isPlainObject(stored) ? stored : {}) as Record<
    string,
    { splitDoor?: unknown } | undefined
  >;
  if (cabinets.size === 0) return null;
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
  return { cabinets: cabinets.size, doors, drawerFronts: fronts };
}

/**
 * The summary in English (the CLI's and tests' form; screens show
 * `cabinetSummaryText` from src/i18n/domainLabels.ts, in the language shown).
 */
export function cabinetSummary(cabinetData: unknown): string {
  const tally = cabinetTally(cabinetData);
  if (!tally) return 'No cabinets yet';
  return [
    plural(tally.cabinets, 'cabinet', 'cabinets'),
    plural(tally.doors, 'door', 'doors'),
    plural(tally.drawerFronts, 'drawer front', 'drawer fronts'),
  ].join(' · ');
}
