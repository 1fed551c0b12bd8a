/**
 * Read hooks of project threads (`undefined` while loading or while no user
 * database is open): a thread's newest page with delivery states, unread
 * counts, and the other side's read marker for "Seen".
 */
import { useLiveRead } from './liveRead';
import { getActiveDb } from '../data/activeUser';
import { othersReadUpTo, threadPage, unreadCounts, type ThreadPage } from '../data/messageQueries';
import { useActiveUserId } from './useActiveUserId';

/** The newest `limit` messages of a project's thread, oldest first, live. */
export function useThread(projectId: string | undefined, limit: number): ThreadPage | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db || !projectId) return undefined;
    return threadPage(db, projectId, limit);
  }, [userId, projectId, limit]);
}

/** Unread messages per project id (projects with none are absent), live. */
export function useUnreadCounts(): Map<string, number> | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    return db ? unreadCounts(db) : undefined;
  }, [userId]);
}

/** The latest time another reader of the project has read its thread up to ('' when none), live. */
export function useOthersReadUpTo(projectId: string | undefined): string | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db || !projectId) return undefined;
    return othersReadUpTo(db, projectId);
  }, [userId, projectId]);
}
