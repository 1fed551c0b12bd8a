/**
 * Counts of the trade's parts as a person reads them, with each language's plural rules (ICU
 * `plural`; Spanish has its own: "1 puerta", "0 puertas"). Call inside a render or a function
 * that runs after the catalog is active.
 */
import { plural } from '@lingui/core/macro';

/** "1 door" / "2 doors". */
export function doorCount(count: number): string {
  return plural(count, { one: '# door', other: '# doors' });
}

/** "1 drawer front" / "2 drawer fronts". */
export function drawerFrontCount(count: number): string {
  return plural(count, { one: '# drawer front', other: '# drawer fronts' });
}

/** "1 hinge" / "2 hinges". */
export function hingeCount(count: number): string {
  return plural(count, { one: '# hinge', other: '# hinges' });
}

/** "1 cabinet" / "2 cabinets". */
export function cabinetCount(count: number): string {
  return plural(count, { one: '# cabinet', other: '# cabinets' });
}
