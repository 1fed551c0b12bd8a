/**
 * Dashboard queries on IndexedDB indexes: the project list
 * (filter, search, newest first) and the per-status counts. Tombstones are
 * kept out of the `_liveOwnerId`/`_liveContractorId`/`_liveStatus` indexes, so
 * counts are index counts.
 */
import Dexie from 'dexie';
import { toProjectRow, type ProjectRecord, type RefacingDb } from './db';
import { searchQueryWords } from './searchWords';
import type { DataRole, ProjectCounts, ProjectRow, ProjectStatus } from './types';

export interface ProjectQuery {
  status?: ProjectStatus | 'all';
  search?: string;
  role: DataRole;
  /** At most this many rows (the dashboard's page); all when absent. */
  limit?: number;
}

const STATUSES: readonly ProjectStatus[] = ['draft', 'active', 'completed', 'archived'];

function visibleTo(db: RefacingDb, role: DataRole): (p: ProjectRecord) => boolean {
  const me = db.userId;
  if (role === 'homeowner') return (p) => p._liveOwnerId === me;
  if (role === 'contractor') return (p) => p._liveContractorId === me;
  return (p) => !p.deleted_at;
}

/** The derived field holding the user's id on the projects a homeowner or contractor sees. */
function liveIdField(role: DataRole): '_liveOwnerId' | '_liveContractorId' {
  return role === 'homeowner' ? '_liveOwnerId' : '_liveContractorId';
}

function byNewest(a: ProjectRow, b: ProjectRow): number {
  return a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;
}

/**
 * Live projects the dashboard shows, newest first: homeowner → owner_user_id
 * = me; contractor → assigned_contractor_id = me; org_admin → every live row
 * it has. `search` matches when every query word is a prefix of a word of the
 * name, address, phone (digits) or email.
 */
export async function queryProjects(db: RefacingDb, q: ProjectQuery): Promise<ProjectRow[]> {
  const me = db.userId;
  const status = q.status && q.status !== 'all' ? q.status : null;
  const words = q.search ? searchQueryWords(q.search) : [];
  const limit = q.limit ?? Infinity;
  let rows: ProjectRecord[];
  if (words.length > 0) {
    const first = words.reduce((a, b) => (b.length > a.length ? b : a));
    const visible = visibleTo(db, q.role);
    rows = await db.projects
      .where('_words')
      .startsWith(first)
      .distinct()
      .filter(
        (p) =>
          visible(p) &&
          (!status || p.status === status) &&
          words.every((w) => p._words.some((pw) => pw.startsWith(w))),
      )
      .toArray();
    rows.sort(byNewest);
    rows = rows.slice(0, limit);
  } else {
    // Newest first straight from a date-ordered index, reading only the page asked for.
    const [index, lower, upper] =
      q.role === 'org_admin'
        ? status
          ? ['[_liveStatus+created_at]', [status, Dexie.minKey], [status, Dexie.maxKey]]
          : ['created_at', Dexie.minKey, Dexie.maxKey]
        : status
          ? [
              `[${liveIdField(q.role)}+status+created_at]`,
              [me, status, Dexie.minKey],
              [me, status, Dexie.maxKey],
            ]
          : [`[${liveIdField(q.role)}+created_at]`, [me, Dexie.minKey], [me, Dexie.maxKey]];
    let collection = db.projects.where(index).between(lower, upper, true, true).reverse();
    if (q.role === 'org_admin' && !status) collection = collection.filter((p) => !p.deleted_at);
    rows = Number.isFinite(limit)
      ? await collection.limit(limit).toArray()
      : await collection.toArray();
  }
  return rows.map(toProjectRow);
}

/**
 * Live project counts per status for the filter chips (product rules "Screens and routes"), counted on
 * the date-ordered indexes (tombstones carry no `_liveOwnerId`/`_liveContractorId`/`_liveStatus`).
 */
export async function countProjects(db: RefacingDb, role: DataRole): Promise<ProjectCounts> {
  const me = db.userId;
  const field = liveIdField(role);
  const count = (status: ProjectStatus | null): Promise<number> => {
    if (role === 'org_admin') {
      return status
        ? db.projects
            .where('[_liveStatus+created_at]')
            .between([status, Dexie.minKey], [status, Dexie.maxKey], true, true)
            .count()
        : db.projects
            .where('[_liveStatus+created_at]')
            .between([Dexie.minKey, Dexie.minKey], [Dexie.maxKey, Dexie.maxKey], true, true)
            .count();
    }
    return status
      ? db.projects
          .where(`[${field}+status+created_at]`)
          .between([me, status, Dexie.minKey], [me, status, Dexie.maxKey], true, true)
          .count()
      : db.projects
          .where(`[${field}+created_at]`)
          .between([me, Dexie.minKey], [me, Dexie.maxKey], true, true)
          .count();
  };
  // `all` counts every live row, including statuses outside the chips (e.g. the create form's Pending).
  const [all, draft, active, completed, archived] = await Promise.all(
    [null, ...STATUSES].map(count),
  );
  return {
    all: all ?? 0,
    draft: draft ?? 0,
    active: active ?? 0,
    completed: completed ?? 0,
    archived: archived ?? 0,
  };
}

/** Every live project on the device (an org admin's: the organization's, as synced), newest first. */
export async function queryAllProjects(db: RefacingDb): Promise<ProjectRow[]> {
  const rows = await db.projects
    .orderBy('created_at')
    .reverse()
    .filter((p) => !p.deleted_at)
    .toArray();
  return rows.map(toProjectRow);
}
