/**
 * Shared projects the device must fetch whole (after a membership arrived,
 * see src/data/membership.ts): the project row and its file rows by id, as
 * the user is now allowed to read them. Their versions are older than the
 * pull cursors, so the ordinary pull would never bring them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { applyServerRows } from '../src/data/applyServerRows';
import type { RefacingDb } from '../src/data/db';
import { MEMBERS_FETCH_KEY, pendingSharedFetches } from '../src/data/membership';
import { classifyPostgrest, networkFailure, type Failure } from './errors';

/** Fetches each queued shared project and its files; a project no longer readable is simply dropped from the queue. */
export async function fetchSharedProjects(
  db: RefacingDb,
  supabase: SupabaseClient,
  nowIso: string,
): Promise<{ failure: Failure | null; applied: number }> {
  let applied = 0;
  for (const projectId of await pendingSharedFetches(db)) {
    let projects: Record<string, unknown>[];
    let files: Record<string, unknown>[];
    try {
      const [p, f] = await Promise.all([
        supabase.from('projects').select('*').eq('id', projectId),
        supabase.from('project_files').select('*').eq('project_id', projectId),
      ]);
      const failure = classifyPostgrest(p.error, p.status) ?? classifyPostgrest(f.error, f.status);
      if (failure) return { failure, applied };
      projects = (p.data as Record<string, unknown>[] | null) ?? [];
      files = (f.data as Record<string, unknown>[] | null) ?? [];
    } catch (error) {
      return { failure: networkFailure(error), applied };
    }
    applied += await applyServerRows(db, 'projects', projects, nowIso);
    if (projects.length) applied += await applyServerRows(db, 'project_files', files, nowIso);
    await db.transaction('rw', db.sync_state, async () => {
      const left = (await pendingSharedFetches(db)).filter((id) => id !== projectId);
      await db.sync_state.put({ key: MEMBERS_FETCH_KEY, value: left });
    });
  }
  return { failure: null, applied };
}
