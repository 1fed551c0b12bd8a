/**
 * Read hooks of project threads (`undefined` while loading or while no user
 * database is open): a thread's newest page with delivery states, unread
 * counts, and the other side's read marker for "Seen".
 */
import { useLiveRead } from './liveRead';
import { getActiveDb } from '../data/activeUser';
import {
  othersReadUpTo,
  threadPage,
  unreadCounts,
  type ThreadConversation,
  type ThreadPage,
} from '../data/messageQueries';
import { useActiveUserId } from './useActiveUserId';

/**
 * The newest `limit` messages of a project's thread, oldest first, live;
 * with `conversation`, only that one (a bidder's, or the rest), else every
 * message the device has.
 */
export function useThread(
  projectId: string | undefined,
  limit: number,
  conversation?: ThreadConversation,
): ThreadPage | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db || !projectId) return undefined;
    return threadPage(db, projectId, limit, conversation);
  }, [userId, projectId, limit, conversationKey(conversation)]);
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

function conversationKey(c: ThreadConversation | undefined): string {
  if (!c) return '';
  return c.bidder !== null ? `bidder:${c.bidder}` : `rest:${c.bidders.join(',')}`;
}
