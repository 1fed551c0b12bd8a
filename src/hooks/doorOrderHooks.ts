/**
 * Read hooks of door orders and door makers (`undefined` while loading or
 * while no user database is open). The device holds what the server lets
 * the user read: a contractor's own makers and his jobs' orders; a
 * homeowner's job's orders (status and dates).
 */
import { useLiveRead } from './liveRead';
import { getActiveDb } from '../data/activeUser';
import type { DoorMakerRow, DoorOrderRow } from '../data/types';
import { useActiveUserId } from './useActiveUserId';

/** The live door orders of a job, first placed first. */
export function useDoorOrders(projectId: string | undefined): DoorOrderRow[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db || !projectId) return undefined;
    const rows = await db.door_orders.where('project_id').equals(projectId).toArray();
    return rows
      .filter((o) => !o.deleted_at)
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
  }, [userId, projectId]);
}

/** The live makers on the device (the signed-in contractor's list), by name. */
export function useDoorMakers(): DoorMakerRow[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    const rows = await db.door_makers.toArray();
    return rows.filter((m) => !m.deleted_at).sort((a, b) => a.name.localeCompare(b.name));
  }, [userId]);
}
