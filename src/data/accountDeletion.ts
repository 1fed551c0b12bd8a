/**
 * Deleting the signed-in account on the server, with nothing left behind:
 * the account's Storage objects first, through the Storage API (the only
 * way hosted Supabase lets them go, and the one that removes the bytes),
 * then `rpc('delete_my_account')`, which refuses while any of those files
 * remain. All with the user's own session: the browser never holds a
 * service key. Contract: supabase/migrations (my_account_storage_paths,
 * delete_my_account).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import type { RefacingDb } from './db';

/** The bucket of project files (sync/push.ts FILES_BUCKET). */
const FILES_BUCKET = 'project-files';
/** Storage's limit of paths per remove call. */
const REMOVE_BATCH = 1000;

export type AccountDeletionResult =
  | { ok: true; filesRemoved: number }
  /** `offline`: the server could not be reached (nothing or only some files were removed; retry online). */
  | { ok: false; reason: 'offline' | 'failed'; message: string };

/** Changes on this device the server does not have yet: queued ops plus dead letters. */
export async function unsyncedChangeCount(db: RefacingDb): Promise<number> {
  return (await db.outbox.count()) + (await db.dead_letters.count());
}

/** supabase-js reports a failed fetch as an error without an HTTP status or SQLSTATE. */
function isNetworkError(error: {
  message?: string;
  code?: string;
  status?: number;
  name?: string;
}): boolean {
  const text = `${error.name ?? ''} ${error.message ?? ''}`;
  return /fetch|network|load failed|connection/i.test(text) && !error.code && !error.status;
}

/**
 * Remove every Storage object of the caller's projects (listed by the server
 * with `my_account_storage_paths()`), then delete the account. Resolves
 * `{ ok: false, reason: 'offline' }` when the network fails (the account is
 * intact; removed files were the account's anyway), `{ ok: false, reason:
 * 'failed' }` on any other error. Never throws.
 */
export async function deleteAccountOnServer(
  client: SupabaseClient<Database>,
): Promise<AccountDeletionResult> {
  const fail = (error: {
    message?: string;
    code?: string;
    status?: number;
    name?: string;
  }): AccountDeletionResult => ({
    ok: false,
    reason: isNetworkError(error) ? 'offline' : 'failed',
    message: error.message ?? error.name ?? 'Account deletion failed',
  });
  try {
    // The listing is capped at the server's max_rows (1,000 on hosted): list, remove, list again
    // until nothing is left; a listing that removed nothing new stops (delete_my_account then says why).
    let filesRemoved = 0;
    let previous: string | null = null;
    for (;;) {
      const listed = await client.rpc('my_account_storage_paths');
      if (listed.error) return fail(listed.error);
      const paths = ((listed.data ?? []) as unknown[]).filter(
        (p): p is string => typeof p === 'string',
      );
      if (paths.length === 0 || paths.join('\n') === previous) break;
      previous = paths.join('\n');
      for (let i = 0; i < paths.length; i += REMOVE_BATCH) {
        const removed = await client.storage
          .from(FILES_BUCKET)
          .remove(paths.slice(i, i + REMOVE_BATCH));
        if (removed.error) return fail(removed.error);
      }
      filesRemoved += paths.length;
    }
    const deleted = await client.rpc('delete_my_account');
    if (deleted.error) return fail(deleted.error);
    return { ok: true, filesRemoved };
  } catch (e) {
    return fail(e as Error);
  }
}
