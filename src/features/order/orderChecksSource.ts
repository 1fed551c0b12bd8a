/**
 * Where the order page gets the checks before ordering: the builder's
 * `checkOrder` (red errors keep a part off the order, yellow warnings give a
 * door maker's reason), in the shape the order export lists.
 */
import type { CabinetData } from '../../domain/cabinetData';
import type { DoorOrder } from '../../domain/doorOrder';
import { checkOrder, checkOrderDetails } from '../../domain/orderChecks';
import type { OrderCheck } from '../../domain/orderExport';

/**
 * The order checks of a job: first the order's own (an empty style or color),
 * then the builder's in cabinet order; job-wide checks have `cabinet: null`.
 */
export function jobOrderChecks(data: CabinetData, order: DoorOrder): OrderCheck[] {
  const details = checkOrderDetails(data.form, {
    doors: order.doors.length > 0,
    drawerFronts: order.drawerFronts.length > 0,
  });
  return [...details, ...checkOrder(data).checks].map((c) => ({
    level: c.level,
    cabinet: c.cabinetNumber,
    message: c.message,
    words: c.words,
  }));
}
