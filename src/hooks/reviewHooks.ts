/**
 * Read hooks of reviews (`undefined` while loading or while no user database
 * is open). The whole review rows on the device are what the server syncs
 * to the people a review is about: the reviewer, the contractor reviewed
 * (and her team's admin), the people on its job. A contractor's reviews for
 * everyone else with a reason to read them (a homeowner holding its quote)
 * come from `contractor_reviews`, without the reviewer's or the job's id,
 * and are kept on the device as read (src/data/contractorReviews.ts); the
 * hooks show what the device holds and ask the server again when opened.
 */
import { useEffect } from 'react';
import { useLiveRead } from './liveRead';
import { getActiveDb } from '../data/activeUser';
import {
  readContractorReviews,
  storeContractorReviews,
  type ShownReview,
} from '../data/contractorReviews';
import type { ReviewRow } from '../data/types';
import { ratingSummary, type ContractorRating } from '../domain/reviewText';
import { useActiveUserId } from './useActiveUserId';

export type { ShownReview } from '../data/contractorReviews';

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

/**
 * Asks the server for the reviews of `contractorIds` (a comma-joined key)
 * the user may read from outside their jobs and keeps them on the device.
 * Offline or refused, the device keeps what it last read.
 */
async function refreshContractorReviews(key: string): Promise<void> {
  const db = getActiveDb();
  const ids = key ? key.split(',') : [];
  if (!db || ids.length === 0) return;
  try {
    const { supabase } = await import('../auth/supabase');
    for (let i = 0; i < ids.length; i += 50) {
      const part = ids.slice(i, i + 50);
      const { data, error } = await supabase.rpc('contractor_reviews', { p_contractor_ids: part });
      if (error || !Array.isArray(data)) return;
      if (getActiveDb() !== db) return;
      await storeContractorReviews(db, part, data);
    }
  } catch {
    // Offline or the server unreachable: what the device holds stands.
  }
}

/** Reads the server's reviews of the contractors in `key` once per key and user. */
function useRefreshed(userId: string | null | undefined, key: string): void {
  useEffect(() => {
    if (!userId || !key) return;
    void refreshContractorReviews(key);
  }, [userId, key]);
}

/** The live reviews of a contractor the user can read, newest first. */
export function useContractorReviews(contractorId: string | undefined): ShownReview[] | undefined {
  const userId = useActiveUserId();
  useRefreshed(userId, contractorId ?? '');
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db || !contractorId) return undefined;
    return readContractorReviews(db, [contractorId]);
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
  useRefreshed(userId, key);
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    const ids = key ? key.split(',') : [];
    const rows = await readContractorReviews(db, ids);
    const out: Record<string, ContractorRating> = {};
    for (const id of ids) {
      const summary = ratingSummary(
        rows.filter((r) => r.contractor_id === id).map((r) => r.rating),
      );
      if (summary) out[id] = summary;
    }
    return out;
  }, [userId, key]);
}
