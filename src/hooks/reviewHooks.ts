/**
 * Read hooks of the local reviews (`undefined` while loading or while no
 * user database is open). What a user has here is what RLS let it pull:
 * its own reviews, the reviews of its work (and its team's, for an org
 * admin), the reviews on projects it reads, and the reviews of every
 * contractor who sent it a quote.
 */
import { useLiveRead } from './liveRead';
import { getActiveDb } from '../data/activeUser';
import type { ReviewRow } from '../data/types';
import { ratingSummary, type ContractorRating } from '../domain/reviewText';
import { useActiveUserId } from './useActiveUserId';

/** The review of a project: the row, null when there is none, undefined while loading. */
export function useProjectReview(projectId: string | undefined): ReviewRow | null | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    if (!projectId) return null;
    const rows = await db.reviews.where('project_id').equals(projectId).toArray();
    return rows.find((r) => !r.deleted_at) ?? null;
  }, [userId, projectId]);
}

/** The live reviews of a contractor the user can read, newest first. */
export function useContractorReviews(contractorId: string | undefined): ReviewRow[] | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db || !contractorId) return undefined;
    const rows = await db.reviews.where('contractor_id').equals(contractorId).toArray();
    return rows
      .filter((r) => !r.deleted_at)
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
  }, [userId, contractorId]);
}

/**
 * Average stars and count per contractor among `contractorIds` (from the
 * reviews the user can read); a contractor without reviews is absent.
 */
export function useContractorRatings(
  contractorIds: readonly string[],
): Record<string, ContractorRating> | undefined {
  const userId = useActiveUserId();
  const key = [...new Set(contractorIds)].sort().join(',');
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    const ids = key ? key.split(',') : [];
    const rows = ids.length ? await db.reviews.where('contractor_id').anyOf(ids).toArray() : [];
    const out: Record<string, ContractorRating> = {};
    for (const id of ids) {
      const summary = ratingSummary(
        rows.filter((r) => r.contractor_id === id && !r.deleted_at).map((r) => r.rating),
      );
      if (summary) out[id] = summary;
    }
    return out;
  }, [userId, key]);
}
