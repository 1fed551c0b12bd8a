/**
 * Read hooks of the local quotes (`undefined` while loading or while no user
 * database is open). What a user has here is what RLS let it pull: a
 * contractor its own quotes, a homeowner the quotes sent to its projects (no
 * drafts), an org admin its people's.
 */
import { useLiveRead } from './liveRead';
import { getActiveDb } from '../data/activeUser';
import type { QuoteRow, QuoteStatus } from '../data/types';
import { useActiveUserId } from './useActiveUserId';

/** Live quotes of a project, newest revision first. */
export function useProjectQuotes(projectId: string | undefined): QuoteRow[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db || !projectId) return undefined;
    const rows = await db.quotes.where('project_id').equals(projectId).toArray();
    return rows
      .filter((q) => !q.deleted_at)
      .sort((a, b) => b.revision - a.revision || b.created_at.localeCompare(a.created_at));
  }, [userId, projectId]);
}

/** One quote: the row, null when missing or deleted, undefined while loading. */
export function useQuote(id: string | undefined): QuoteRow | null | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    if (!id) return null;
    const q = await db.quotes.get(id);
    return q && !q.deleted_at ? q : null;
  }, [userId, id]);
}

/** The signed-in contractor's live quotes, optionally of one status, newest first. */
export function useMyQuotes(status?: QuoteStatus): QuoteRow[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    const rows = status
      ? await db.quotes.where('[contractor_id+status]').equals([db.userId, status]).toArray()
      : await db.quotes
          .where('[contractor_id+status]')
          .between([db.userId, ''], [db.userId, '\uffff'])
          .toArray();
    return rows
      .filter((q) => !q.deleted_at)
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  }, [userId, status]);
}

/**
 * Quotes the signed-in homeowner received: every live quote on the device by
 * someone else that is no longer a draft (RLS lets a homeowner pull only the
 * sent quotes of her projects), newest first.
 */
export function useReceivedQuotes(): QuoteRow[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    const rows = await db.quotes.toArray();
    return rows
      .filter((q) => !q.deleted_at && q.status !== 'draft' && q.contractor_id !== db.userId)
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  }, [userId]);
}
