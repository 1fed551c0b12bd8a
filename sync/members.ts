/**
 * Shared projects the device must fetch whole (after a membership arrived,
 * see src/data/membership.ts): the project rows and their file rows by id,
 * as the user is now allowed to read them, 100 projects per request. Their
 * versions are older than the pull cursors, so the ordinary pull would never
 * bring them; rows the device already has are ignored by version.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../src/data/database.types';
import { applyServerRows } from '../src/data/applyServerRows';
import type { RefacingDb } from '../src/data/db';
import { MEMBERS_FETCH_KEY, pendingSharedFetches } from '../src/data/membership';
import { classifyPostgrest, networkFailure, type Failure } from './errors';

/** Projects per fetch request (keeps the URL of the `in.(…)` filter short). */
const FETCH_CHUNK = 100;

/** Fetches the queued shared projects and their files; projects no longer readable are simply dropped from the queue. */
export async function fetchSharedProjects(
  db: RefacingDb,
  supabase: SupabaseClient<Database>,
  nowIso: string,
): Promise<{ failure: Failure | null; applied: number }> {
  let applied = 0;
  const queued = await pendingSharedFetches(db);
  for (let i = 0; i < queued.length; i += FETCH_CHUNK) {
    const chunk = queued.slice(i, i + FETCH_CHUNK);
    let projects: Record<string, unknown>[];
    let files: Record<string, unknown>[];
    try {
      const [p, f] = await Promise.all([
        supabase.from('projects').select('*').in('id', chunk),
        supabase.from('project_files').select('*').in('project_id', chunk),
      ]);
      const failure = classifyPostgrest(p.error, p.status) ?? classifyPostgrest(f.error, f.status);
      if (failure) return { failure, applied };
      projects = (p.data as Record<string, unknown>[] | null) ?? [];
      files = (f.data as Record<string, unknown>[] | null) ?? [];
    } catch (error) {
      return { failure: networkFailure(error), applied };
    }
    applied += await applyServerRows(db, 'projects', projects, nowIso);
    applied += await applyServerRows(db, 'project_files', files, nowIso);
    await db.transaction('rw', db.sync_state, async () => {
      const done = new Set(chunk);
      const left = (await pendingSharedFetches(db)).filter((id) => !done.has(id));
      await db.sync_state.put({ key: MEMBERS_FETCH_KEY, value: left });
    });
  }
  return { failure: null, applied };
}
