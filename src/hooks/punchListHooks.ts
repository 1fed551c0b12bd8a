/**
 * Read hooks of the walkthrough (`undefined` while loading or while no user
 * database is open): a job's punch list and its sign-off, as the device
 * holds them (synced from the server, written offline).
 */
import { useLiveRead } from './liveRead';
import { getActiveDb } from '../data/activeUser';
import type { ProjectSignoffRow, PunchListItemRow } from '../data/types';
import { useActiveUserId } from './useActiveUserId';

/** The live punch list items of a project, oldest first. */
export function useProjectPunchList(projectId: string | undefined): PunchListItemRow[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db || !projectId) return undefined;
    const rows = await db.punch_list_items.where('project_id').equals(projectId).toArray();
    return rows
      .filter((r) => !r.deleted_at)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  }, [userId, projectId]);
}

/** The project's sign-off, null when it has none. */
export function useProjectSignoff(
  projectId: string | undefined,
): ProjectSignoffRow | null | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db || !projectId) return undefined;
    const rows = await db.project_signoffs.where('project_id').equals(projectId).toArray();
    return rows.find((r) => !r.deleted_at) ?? null;
  }, [userId, projectId]);
}
