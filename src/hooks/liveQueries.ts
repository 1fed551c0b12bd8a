/**
 * Read hooks of the local database (app-contracts.md): all `useLiveQuery` (./liveRead.ts),
 * `undefined` while loading (or while no user database is open). Components
 * read only through these; they update across tabs and after every sync.
 */
import { useLiveRead } from './liveRead';
import { getActiveDb } from '../data/activeUser';
import { toProjectRow } from '../data/db';
import {
  countProjects,
  queryAllProjects,
  queryProjects,
  type ProjectQuery,
} from '../data/projectQueries';
import { lastBackgroundSync } from '../data/statusMirror';
import type { BackgroundSyncRecord } from '../../sync/backgroundTags';
import type {
  ConflictRecord,
  DataRole,
  DeadLetter,
  LocalProjectFile,
  OutboxEntry,
  ProfileRow,
  ProjectCounts,
  ProjectRow,
  SyncTable,
} from '../data/types';
import { useActiveUserId } from './useActiveUserId';
import { countsKey, primedResult, profileKey, projectsKey } from './primed';
import type { RefacingDb } from '../data/db';

/** The signed-in user's profile row, or null when the device has none yet. */
export async function readProfile(db: RefacingDb): Promise<ProfileRow | null> {
  return (await db.profiles.get(db.userId)) ?? null;
}

/** Dashboard list: live projects of the role, newest first, optional status and search. */
export function useProjects(q: ProjectQuery): ProjectRow[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(
    async () => {
      const db = getActiveDb();
      return db ? queryProjects(db, q) : undefined;
    },
    [userId, q.status, q.search, q.role, q.limit],
    primedResult<ProjectRow[]>(projectsKey(userId, q)),
  );
}

/** Filter-chip counts `{ all, draft, active, completed, archived }` of the role. */
export function useProjectCounts(role: DataRole): ProjectCounts | undefined {
  const userId = useActiveUserId();
  return useLiveRead(
    async () => {
      const db = getActiveDb();
      return db ? countProjects(db, role) : undefined;
    },
    [userId, role],
    primedResult<ProjectCounts>(countsKey(userId, role)),
  );
}

/** One project: the row, null when missing or deleted, undefined while loading. */
export function useProject(id: string | undefined): ProjectRow | null | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    if (!id) return null;
    const r = await db.projects.get(id);
    if (!r || r.deleted_at) return null;
    return toProjectRow(r);
  }, [userId, id]);
}

/** The signed-in user's profile: the row, null when not pulled yet, undefined while loading. */
export function useProfile(): ProfileRow | null | undefined {
  const userId = useActiveUserId();
  return useLiveRead(
    async () => {
      const db = getActiveDb();
      return db ? readProfile(db) : undefined;
    },
    [userId],
    primedResult<ProfileRow | null>(profileKey(userId)),
  );
}

/** Live files of a project, newest first, with `pending` and `hasLocalBlob`. */
export function useProjectFiles(projectId: string | undefined): LocalProjectFile[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    if (!projectId) return [];
    const rows = (await db.project_files.where('project_id').equals(projectId).toArray()).filter(
      (r) => !r.deleted_at,
    );
    rows.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    const ids = rows.map((r) => r.id);
    const blobKeys = new Set(await db.file_blobs.where('fileId').anyOf(ids).primaryKeys());
    const pending = new Set(
      (
        await db.outbox
          .where('[table+id]')
          .anyOf(ids.map((id) => ['project_files', id]))
          .toArray()
      ).map((o) => o.id),
    );
    return rows.map((r) => ({
      ...r,
      pending: pending.has(r.id),
      hasLocalBlob: blobKeys.has(r.id),
    }));
  }, [userId, projectId]);
}

/** Dead letters, newest first. */
export function useDeadLetters(): DeadLetter[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    return db ? (await db.dead_letters.toArray()).reverse() : undefined;
  }, [userId]);
}

/** Logged conflicts (overwritten values), newest first. */
export function useConflicts(): ConflictRecord[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    return db ? (await db.conflicts.toArray()).reverse() : undefined;
  }, [userId]);
}

/** Unsynced ops in queue order (the sync page's pending list). */
export function usePendingOps(): OutboxEntry[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    return db ? db.outbox.orderBy('seq').toArray() : undefined;
  }, [userId]);
}

/**
 * Where one row stands with the server: `refused` the changes of it the
 * server did not accept (oldest first), `waiting` true while an edit of it
 * is queued. `undefined` while loading; nothing refused or waiting with no id.
 */
export function useRowSync(
  table: SyncTable,
  id: string | null | undefined,
): { refused: DeadLetter[]; waiting: boolean } | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db || !id) return { refused: [], waiting: false };
    const [letters, queued] = await Promise.all([
      db.dead_letters.where('op.id').equals(id).toArray(),
      db.outbox.where('[table+id]').equals([table, id]).count(),
    ]);
    return { refused: letters.filter((l) => l.op.table === table), waiting: queued > 0 };
  }, [table, id, userId]);
}

/**
 * `useRowSync` for each of `ids` of `table` at once (the dashboard's page of cards): one live
 * read of their dead letters and queued ops rather than one per card. A map by id, every id
 * present; undefined while loading.
 */
export function useRowSyncs(
  table: SyncTable,
  ids: readonly string[],
): Map<string, { refused: DeadLetter[]; waiting: boolean }> | undefined {
  const userId = useActiveUserId();
  // The ids as one string: a new array of the same ids (every render) reads nothing again.
  const key = ids.join(',');
  return useLiveRead(async () => {
    const db = getActiveDb();
    const out = new Map(ids.map((id) => [id, { refused: [] as DeadLetter[], waiting: false }]));
    if (!db || ids.length === 0) return out;
    const [letters, queued] = await Promise.all([
      db.dead_letters.where('op.id').anyOf(ids).toArray(),
      // The index keys alone ([table, id]): the queued ops' bodies are not needed.
      db.outbox
        .where('[table+id]')
        .anyOf(ids.map((id) => [table, id]))
        .keys(),
    ]);
    for (const l of letters) if (l.op.table === table) out.get(l.op.id)?.refused.push(l);
    for (const k of queued) {
      const state = out.get((k as unknown as [string, string])[1]);
      if (state) state.waiting = true;
    }
    return out;
  }, [table, key, userId]);
}

/** True while an edit of the row waits in the outbox (false with no row id); undefined while loading. */
export function useRowUnsynced(table: SyncTable, id: string | null): boolean | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db || !id) return false;
    return (await db.outbox.where('[table+id]').equals([table, id]).count()) > 0;
  }, [table, id, userId]);
}

/** Every live project on the device, newest first (the organization page's list). */
export function useAllProjects(): ProjectRow[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    return db ? queryAllProjects(db) : undefined;
  }, [userId]);
}

/** The last background sync's record from the user's database (null when none ran). */
export function useLastBackgroundSync(): BackgroundSyncRecord | null | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    return db ? lastBackgroundSync(db) : null;
  }, [userId]);
}
