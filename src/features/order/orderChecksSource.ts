/**
 * Where the order page gets the builder's order checks of a job. The checks
 * themselves (openings that look wrong, doors that do not match) belong to the
 * builder; until they are connected here the order lists none, and says so.
 */
import type { CabinetData } from '../../domain/cabinetData';
import type { OrderCheck } from '../../domain/orderExport';

/** The order checks of a job, in cabinet order. */
export function jobOrderChecks(data: CabinetData): OrderCheck[] {
  void data;
  return [];
}
