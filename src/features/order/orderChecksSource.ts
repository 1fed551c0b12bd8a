/**
 * Where the order page gets the checks before ordering: the builder's
 * `checkOrder` (red errors keep a part off the order, yellow warnings give a
 * door maker's reason), in the shape the order export lists.
 */
import type { CabinetData } from '../../domain/cabinetData';
import { checkOrder } from '../../domain/orderChecks';
import type { OrderCheck } from '../../domain/orderExport';

/** The order checks of a job, in cabinet order; job-wide checks have `cabinet: null`. */
export function jobOrderChecks(data: CabinetData): OrderCheck[] {
  return checkOrder(data).checks.map((c) => ({
    level: c.level,
    cabinet: c.cabinetNumber,
    message: c.message,
  }));
}
