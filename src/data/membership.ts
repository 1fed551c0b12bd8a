/**
 * Project memberships on the device (shared projects). Pulled member rows are
 * stored like other synced rows (applyServerRows); the signed-in user's own
 * rows also change which projects the device holds:
 * - a membership new to the device (joined, assigned by an org admin, or
 *   invited again) queues the project for a fetch by id
 *   (`MEMBERS_FETCH_KEY`): its rows and files are older than the pull
 *   cursors, so the ordinary pull would never bring them;
 * - a tombstone (the server's answer gives the user no role on the job any
 *   more: removed, or reassigned away and not an organization admin of it)
 *   drops the project from the device with its files, cached blobs, queued
 *   ops, dead letters and conflicts, so no stale copy stays editable. The
 *   server keeps a live row for everyone on the job (the owning homeowner
 *   and the organization admins included), so only the answer decides.
 */
import type { RefacingDb } from './db';
import { MEMBERS_FETCH_KEY } from './syncStateKeys';
import type { ProjectMemberRow } from './types';
import type { JobRole } from '../domain/jobRole';

/** Ids of projects waiting to be fetched after a membership arrived. */
export async function pendingSharedFetches(db: RefacingDb): Promise<string[]> {
  const v = (await db.sync_state.get(MEMBERS_FETCH_KEY))?.value;
  return Array.isArray(v) ? (v as string[]) : [];
}

/**
 * Removes a project the user lost access to, and everything of it on this
 * device (its people rows too). Runs
 * inside the caller's transaction (tables: projects, project_files,
 * messages, message_reads, file_blobs, outbox, dead_letters, conflicts,
 * project_members).
 */
export async function dropSharedProject(db: RefacingDb, projectId: string): Promise<boolean> {
  const fileIds = await db.project_files.where('project_id').equals(projectId).primaryKeys();
  const messageIds = await db.messages.where('project_id').equals(projectId).primaryKeys();
  const rowKeys: [string, string][] = [
    ['projects', projectId],
    ...fileIds.map((id) => ['project_files', id] as [string, string]),
    ...messageIds.map((id) => ['messages', id] as [string, string]),
  ];
  await db.outbox.where('[table+id]').anyOf(rowKeys).delete();
  // Queued file and message inserts whose row was never pulled: find them by their project.
  const ofProject = (table: string, changes: Record<string, unknown> | undefined) =>
    (table === 'project_files' || table === 'messages') && changes?.project_id === projectId;
  await db.outbox.filter((op) => ofProject(op.table, op.changes)).delete();
  const ids = [projectId, ...fileIds, ...messageIds];
  await db.dead_letters.where('op.id').anyOf(ids).delete();
  await db.dead_letters.filter((d) => ofProject(d.op.table, d.op.changes)).delete();
  await db.conflicts.where('rowId').anyOf(ids).delete();
  await db.file_blobs.bulkDelete(fileIds);
  await db.project_files.bulkDelete(fileIds);
  await db.messages.bulkDelete(messageIds);
  await db.message_reads.where('project_id').equals(projectId).delete();
  await db.project_members
    .where('project_id')
    .equals(projectId)
    .filter((r) => r.user_id !== db.userId)
    .delete();
  await db.projects.delete(projectId);
  return true;
}

/** The tables a membership change writes (applyServerRows opens them for project_members rows). */
export function membershipTables(db: RefacingDb) {
  return [
    db.project_members,
    db.projects,
    db.project_files,
    db.messages,
    db.message_reads,
    db.file_blobs,
    db.outbox,
    db.dead_letters,
    db.conflicts,
    db.sync_state,
  ];
}

/** A member row just written by applyServerRows, and the device's copy before it. */
export interface MembershipChange {
  row: ProjectMemberRow;
  previous: { deleted_at: string | null } | undefined;
}

/**
 * The effect of newly written project_members rows on the device's
 * projects (see the module comment), in the rows' order. Only the
 * signed-in user's own rows count. Runs inside applyServerRows'
 * transaction (membershipTables).
 */
export async function applyMembershipChanges(
  db: RefacingDb,
  changes: readonly MembershipChange[],
): Promise<void> {
  const me = db.userId;
  const fetch = new Set(await pendingSharedFetches(db));
  for (const { row, previous } of changes) {
    if (row.user_id !== me) continue;
    if (row.deleted_at) {
      fetch.delete(row.project_id);
      await dropSharedProject(db, row.project_id);
    } else if (!previous || previous.deleted_at) {
      // New to this device (joined, assigned, or re-invited): fetch it whole, as its rows and
      // files are older than the pull cursors. A job the user created is already here whole.
      if ((await db.projects.get(row.project_id))?.user_id === me) continue;
      fetch.add(row.project_id);
    }
  }
  await db.sync_state.put({ key: MEMBERS_FETCH_KEY, value: [...fetch] });
}

/** The signed-in user's live role on a project (the server's answer), or null when none. */
export async function myMemberRole(db: RefacingDb, projectId: string): Promise<JobRole | null> {
  const rows = await db.project_members.where('project_id').equals(projectId).toArray();
  const mine = rows.find((r) => r.user_id === db.userId && !r.deleted_at);
  return mine?.role ?? null;
}
