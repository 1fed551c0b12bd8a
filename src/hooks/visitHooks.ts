/**
 * Read hooks of visits (`undefined` while loading or while no user database
 * is open). The device holds the visits the server lets the user read: his
 * own as contractor, those he is on the crew of, his organization's as its
 * admin, and a homeowner's job's.
 */
import { useLiveRead } from './liveRead';
import { getActiveDb } from '../data/activeUser';
import type { VisitRow } from '../data/types';
import { useActiveUserId } from './useActiveUserId';

/** The live visits of a project, soonest first. */
export function useProjectVisits(projectId: string | undefined): VisitRow[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db || !projectId) return undefined;
    const rows = await db.visits.where('project_id').equals(projectId).toArray();
    return rows
      .filter((v) => !v.deleted_at)
      .sort((a, b) => (a.starts_at ?? '').localeCompare(b.starts_at ?? ''));
  }, [userId, projectId]);
}

/** Every live visit on the device, by start time (the calendar). */
export function useAllVisits(): VisitRow[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    const rows = await db.visits.orderBy('starts_at').toArray();
    return rows.filter((v) => !v.deleted_at);
  }, [userId]);
}
