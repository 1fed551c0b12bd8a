/**
 * Every key of the local `sync_state` table, in one place: what each record
 * holds and who writes it (all writers are in src/data).
 */

/** A table's pull cursor (xid8 as digits): written after a complete pull (syncStore.ts). */
export function cursorKey(table: string): string {
  return `cursor:${table}`;
}

/** ISO time of the last run that synced everything (syncStore.ts `recordRun`). */
export const LAST_SYNCED_KEY = 'lastSyncedAt';

/** True while the server refuses the session: "sign in again" (syncStore.ts `recordRun`). */
export const AUTH_REQUIRED_KEY = 'authRequired';

/** The last service worker run's record (syncStore.ts `recordRun`). */
export const LAST_BACKGROUND_SYNC_KEY = 'lastBackgroundSync';

/**
 * The highest outbox seq ever sent to the server (outbox.ts). An op at or
 * below it may already be applied and recorded there under its op_id (a
 * push whose reply was lost), so no later edit is ever folded into it: the
 * retry would be answered `duplicate` and the folded edit lost. One record,
 * written before each push_changes call, instead of a flag on every op.
 */
export const SENT_THROUGH_KEY = 'outbox:sentThrough';

/** Rows to fetch fresh from the server after a discarded dead letter (deadLettersRepo.ts). */
export const REFETCH_KEY = 'refetch';

/** Ids of shared projects to fetch whole after a membership arrived (membership.ts). */
export const MEMBERS_FETCH_KEY = 'members:fetch';

/**
 * Storage objects whose file rows the server has tombstoned but which
 * Storage has not confirmed deleting yet (string[] of paths; pushResults.ts
 * adds, syncStore.ts removes).
 */
export const REMOVALS_KEY = 'storage:pendingRemovals';
