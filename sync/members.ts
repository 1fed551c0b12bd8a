/**
 * Shared projects the device must fetch whole (after a membership arrived:
 * the store queues them when it applies the member rows): the project rows, their file rows, messages,
 * read markers and the job's people rows (who is who, with names) by id, as
 * the user is now allowed to read them, 100 projects per request, each table
 * paged under the server's row cap (pagedRead.ts: 100 projects can hold far
 * more than 1,000 messages). Their
 * versions are older than the pull cursors, so the ordinary pull would never
 * bring them; rows the device already has are ignored by version.
 */
import { classifyPostgrest, networkFailure, type Failure } from './errors';
import type { SyncStore } from './store';
import type { SyncClient } from './transport';
import { readAllPages, type PageAnswer } from './pagedRead';

/** Projects per fetch request (keeps the URL of the `in.(…)` filter short). */
const FETCH_CHUNK = 100;

/** Fetches the queued shared projects and their files; projects no longer readable are simply dropped from the queue. */
export async function fetchSharedProjects(
  store: SyncStore,
  supabase: SyncClient,
  nowIso: string,
): Promise<{ failure: Failure | null; applied: number }> {
  let applied = 0;
  const queued = await store.sharedFetches();
  for (let i = 0; i < queued.length; i += FETCH_CHUNK) {
    const chunk = queued.slice(i, i + FETCH_CHUNK);
    let projects: Record<string, unknown>[];
    let files: Record<string, unknown>[];
    let messages: Record<string, unknown>[];
    let reads: Record<string, unknown>[];
    let people: Record<string, unknown>[];
    /** Every row of `table` whose `key` is one of the chunk's projects, page by page. */
    const rowsOf = (table: string, key: string): Promise<PageAnswer> =>
      readAllPages((after, limit) => {
        let q = supabase.from(table).select('*').in(key, chunk);
        if (after !== null) q = q.gt('id', after);
        return q.order('id').limit(limit);
      });
    try {
      const [p, f, m, r, w] = await Promise.all([
        rowsOf('projects', 'id'),
        rowsOf('project_files', 'project_id'),
        rowsOf('messages', 'project_id'),
        rowsOf('message_reads', 'project_id'),
        rowsOf('project_members', 'project_id'),
      ]);
      const failure =
        classifyPostgrest(p.error, p.status) ??
        classifyPostgrest(f.error, f.status) ??
        classifyPostgrest(m.error, m.status) ??
        classifyPostgrest(r.error, r.status) ??
        classifyPostgrest(w.error, w.status);
      if (failure) return { failure, applied };
      projects = p.data ?? [];
      files = f.data ?? [];
      messages = m.data ?? [];
      reads = r.data ?? [];
      people = w.data ?? [];
    } catch (error) {
      return { failure: networkFailure(error), applied };
    }
    applied += await store.applyServerRows('projects', projects, nowIso);
    applied += await store.applyServerRows('project_files', files, nowIso);
    applied += await store.applyServerRows('messages', messages, nowIso);
    applied += await store.applyServerRows('message_reads', reads, nowIso);
    // The people of the job joined with it: their rows are as old as the job's.
    applied += await store.applyServerRows('project_members', people, nowIso);
    await store.sharedFetched(chunk);
  }
  return { failure: null, applied };
}
