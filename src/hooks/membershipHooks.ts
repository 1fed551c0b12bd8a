/**
 * Read hooks of shared projects (project memberships), on the local database
 * like the other hooks: they work offline and update after every sync.
 */
import { useLiveRead } from './liveRead';
import type { RefacingDb } from '../data/db';
import { primedResult, sharedKey } from './primed';
import { getActiveDb } from '../data/activeUser';
import { toProjectRow } from '../data/db';
import type { ProfileRow, ProjectMemberRow, ProjectRow } from '../data/types';
import { useActiveUserId } from './useActiveUserId';
import {
  creatorAnswer,
  isSharedWith,
  jobAnswer,
  toJobPerson,
  type JobAnswer,
} from '../domain/jobRole';
import { resolveRole } from '../auth/roles';

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

/**
 * Projects shared with the user of `db`, newest first: those the server's
 * answer puts them on by an invitation (a contractor invited to edit, a
 * viewer, a homeowner invited as a contractor's client), not their own.
 */
export async function readSharedProjects(db: RefacingDb): Promise<SharedProject[]> {
  const mine = (await db.project_members.where('user_id').equals(db.userId).toArray()).filter((m) =>
    isSharedWith(toJobPerson(m)),
  );
  const projects = await db.projects.bulkGet(mine.map((m) => m.project_id));
  const out: SharedProject[] = [];
  projects.forEach((p, i) => {
    if (!p || p.deleted_at) return;
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

/**
 * Who is who on a project for the user of `db` (product rules "Who is who
 * on a job"): the server's answer from the synced people rows. A project
 * this device created holds no row of the user until the server has it;
 * then its creator's answer stands in (see creatorAnswer). Undefined when
 * the project is not on the device and has no rows.
 */
export async function readJob(db: RefacingDb, projectId: string): Promise<JobAnswer> {
  const rows = await db.project_members.where('project_id').equals(projectId).toArray();
  const answer = jobAnswer(rows, db.userId);
  if (answer.me || rows.some((r) => r.user_id === db.userId)) return answer;
  const project = await db.projects.get(projectId);
  if (!project || project.deleted_at || project.user_id !== db.userId) return answer;
  const profile = await db.profiles.get(db.userId);
  return creatorAnswer(db.userId, creatorName(profile), resolveRole(profile?.role, undefined));
}

/**
 * `readJob` for each of `projectIds` at once (the dashboard's page of cards): one read of their
 * people rows, and the creator's stand-in only for the projects that have no row of the user.
 * A map by project id, every id present.
 */
export async function readJobs(
  db: RefacingDb,
  projectIds: readonly string[],
): Promise<Map<string, JobAnswer>> {
  const byProject = new Map<string, ProjectMemberRow[]>(projectIds.map((id) => [id, []]));
  for (const row of await db.project_members.where('project_id').anyOf(projectIds).toArray())
    byProject.get(row.project_id)?.push(row);
  const out = new Map<string, JobAnswer>();
  const unanswered: string[] = [];
  for (const [id, rows] of byProject) {
    const answer = jobAnswer(rows, db.userId);
    out.set(id, answer);
    if (!answer.me && !rows.some((r) => r.user_id === db.userId)) unanswered.push(id);
  }
  if (unanswered.length === 0) return out;
  const projects = await db.projects.bulkGet(unanswered);
  const made = unanswered.filter((_, i) => {
    const p = projects[i];
    return p && !p.deleted_at && p.user_id === db.userId;
  });
  if (made.length === 0) return out;
  const profile = await db.profiles.get(db.userId);
  const stand = creatorAnswer(
    db.userId,
    creatorName(profile),
    resolveRole(profile?.role, undefined),
  );
  for (const id of made) out.set(id, stand);
  return out;
}

/** The creator's name as its stand-in answer says it: the profile's name, else its email, else "You". */
function creatorName(profile: ProfileRow | undefined): string {
  return (
    [profile?.first_name, profile?.last_name]
      .map((v) => v?.trim())
      .filter(Boolean)
      .join(' ') ||
    profile?.email ||
    'You'
  );
}

/**
 * Who is who on each of `projectIds` for the signed-in user (`readJobs`), as one live read for
 * the whole list rather than one per card; undefined while loading.
 */
export function useJobs(projectIds: readonly string[]): Map<string, JobAnswer> | undefined {
  const userId = useActiveUserId();
  // The ids as one string: a new array of the same ids (every render) reads nothing again.
  const key = projectIds.join(',');
  return useLiveRead(async () => {
    const db = getActiveDb();
    return db ? readJobs(db, projectIds) : undefined;
  }, [userId, key]);
}

/** Who is who on a project for the signed-in user; undefined while loading. */
export function useJob(projectId: string | undefined): JobAnswer | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    if (!projectId) return jobAnswer([], db.userId);
    return readJob(db, projectId);
  }, [userId, projectId]);
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

/**
 * The contractor of record of every job on the device, by project id (the
 * server's answer on the synced people rows, role `contractor`); a job
 * this device created that the server has not answered for yet has its
 * creator as contractor when the account is on the contractor's side (see
 * creatorAnswer). A job without a contractor is absent.
 */
export async function readJobContractors(db: RefacingDb): Promise<Map<string, string>> {
  const rows = await db.project_members.toArray();
  const out = new Map<string, string>();
  const answered = new Set<string>();
  for (const r of rows) {
    answered.add(r.project_id);
    if (!r.deleted_at && r.role === 'contractor') out.set(r.project_id, r.user_id);
  }
  const profile = await db.profiles.get(db.userId);
  if (resolveRole(profile?.role, undefined) !== 'homeowner') {
    const made = await db.projects
      .filter((p) => !p.deleted_at && p.user_id === db.userId && !answered.has(p.id))
      .primaryKeys();
    for (const id of made) out.set(String(id), db.userId);
  }
  return out;
}

/** {@link readJobContractors} for the signed-in user; undefined while loading. */
export function useJobContractors(): Map<string, string> | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    return db ? readJobContractors(db) : undefined;
  }, [userId]);
}
