/**
 * Read hooks of shared projects (project memberships), on the local database
 * like the other hooks: they work offline and update after every sync.
 */
import { useLiveRead } from './liveRead';
import type { RefacingDb } from '../data/db';
import { primedResult, sharedKey } from './primed';
import { getActiveDb } from '../data/activeUser';
import { toProjectRow } from '../data/db';
import type { ProjectMemberRow, ProjectRow } from '../data/types';
import { useActiveUserId } from './useActiveUserId';

/** A project shared with the signed-in user, with the user's membership on it. */
export interface SharedProject {
  project: ProjectRow;
  membership: ProjectMemberRow;
}

/** The signed-in user's live membership of a project; null when not a member; undefined while loading. */
export function useMyMembership(
  projectId: string | undefined,
): ProjectMemberRow | null | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    if (!projectId) return null;
    const rows = await db.project_members.where('project_id').equals(projectId).toArray();
    return rows.find((r) => r.user_id === db.userId && !r.deleted_at) ?? null;
  }, [userId, projectId]);
}

/** Live members of a project (as far as this device knows), oldest first. */
export function useProjectMembers(projectId: string | undefined): ProjectMemberRow[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    if (!projectId) return [];
    const rows = (await db.project_members.where('project_id').equals(projectId).toArray()).filter(
      (r) => !r.deleted_at,
    );
    return rows.sort((a, b) =>
      a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0,
    );
  }, [userId, projectId]);
}

/** Projects shared with the user of `db` (they are a member, not the creator), newest first. */
export async function readSharedProjects(db: RefacingDb): Promise<SharedProject[]> {
  const mine = (await db.project_members.where('user_id').equals(db.userId).toArray()).filter(
    (m) => !m.deleted_at,
  );
  const projects = await db.projects.bulkGet(mine.map((m) => m.project_id));
  const out: SharedProject[] = [];
  projects.forEach((p, i) => {
    // Projects the user owns or is assigned to are listed as their own.
    if (
      !p ||
      p.deleted_at ||
      p.owner_user_id === db.userId ||
      p.assigned_contractor_id === db.userId
    )
      return;
    out.push({ project: toProjectRow(p), membership: mine[i]! });
  });
  return out.sort((a, b) =>
    a.project.created_at < b.project.created_at
      ? 1
      : a.project.created_at > b.project.created_at
        ? -1
        : 0,
  );
}

/** Live projects shared with the signed-in user (they are a member, not the creator), newest first. */
export function useSharedProjects(): SharedProject[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(
    async () => {
      const db = getActiveDb();
      return db ? readSharedProjects(db) : undefined;
    },
    [userId],
    primedResult<SharedProject[]>(sharedKey(userId)),
  );
}
