/**
 * Conflicts log: every details path or column both sides changed, as reported
 * by push_changes (status merged), with the server's previous value and ours.
 * The user reviews them on the sync page.
 */
import { activeContext, type RepoContext } from './repoContext';

/** Builds the conflicts repository over a context (the app uses `conflictsRepo`). */
export function createConflictsRepo(ctx: RepoContext) {
  return {
    /** Marks every conflict as seen (the top-bar badge stops counting them). */
    async markAllSeen(): Promise<void> {
      const db = ctx.getDb();
      await db.conflicts.where('seen').equals(0).modify({ seen: 1 });
    },
    /** Removes every logged conflict. */
    async clear(): Promise<void> {
      await ctx.getDb().conflicts.clear();
    },
  };
}

export type ConflictsRepo = ReturnType<typeof createConflictsRepo>;

/** The app's conflicts repository (active user's database). */
export const conflictsRepo: ConflictsRepo = createConflictsRepo(activeContext);
