/**
 * A contractor's reviews on the device, for whoever reads them: the whole
 * review rows the server syncs to the people a review is about (the
 * reviewer, the contractor and her team's admin, the people on the job),
 * and the reviews other readers get from `contractor_reviews` (a homeowner
 * comparing quotes: no reviewer or job id, the reviewer as "Hannah H."),
 * kept in the store `contractor_reviews` as last read so they show offline.
 */
import type { RefacingDb } from './db';
import type { ContractorReviewRow, ReviewRow } from './types';

/** One review as the contractor's reviews and rating show it. */
export interface ShownReview {
  id: string;
  contractor_id: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  body: string;
  reply: string | null;
  replied_at: string | null;
  created_at: string;
  /** 0 while the server has not confirmed it (only the reviewer's own device). */
  version: number;
  /** "Hannah H." on a review read from outside its job; null on a whole row (the reader knows the job). */
  reviewer_name: string | null;
}

function fromRow(r: ReviewRow): ShownReview {
  return {
    id: r.id,
    contractor_id: r.contractor_id,
    rating: r.rating,
    body: r.body,
    reply: r.reply,
    replied_at: r.replied_at,
    created_at: r.created_at,
    version: r.version,
    reviewer_name: null,
  };
}

function fromPublic(r: ContractorReviewRow): ShownReview {
  return {
    id: r.id,
    contractor_id: r.contractor_id,
    rating: r.rating,
    body: r.body,
    reply: r.reply,
    replied_at: r.replied_at,
    created_at: r.created_at,
    version: 1,
    reviewer_name: r.reviewer_name,
  };
}

/**
 * The live reviews of `contractorIds` on the device, newest first: the whole
 * rows, then the reviews read from outside their job that no whole row
 * already gives (the same review id is shown once).
 */
export async function readContractorReviews(
  db: RefacingDb,
  contractorIds: readonly string[],
): Promise<ShownReview[]> {
  if (contractorIds.length === 0) return [];
  const [whole, read] = await Promise.all([
    db.reviews.where('contractor_id').anyOf(contractorIds).toArray(),
    db.contractor_reviews.where('contractor_id').anyOf(contractorIds).toArray(),
  ]);
  const out = new Map<string, ShownReview>();
  for (const r of whole) if (!r.deleted_at) out.set(r.id, fromRow(r));
  for (const r of read) if (!out.has(r.id)) out.set(r.id, fromPublic(r));
  return [...out.values()].sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id),
  );
}

/**
 * Keeps what `contractor_reviews` answered for `contractorIds`: their
 * stored reviews are replaced by `rows` (a review no longer answered is
 * gone, as on the server). Rows of other contractors are ignored.
 */
export async function storeContractorReviews(
  db: RefacingDb,
  contractorIds: readonly string[],
  rows: readonly ContractorReviewRow[],
): Promise<void> {
  if (contractorIds.length === 0) return;
  const asked = new Set(contractorIds);
  await db.transaction('rw', db.contractor_reviews, async () => {
    await db.contractor_reviews.where('contractor_id').anyOf(contractorIds).delete();
    await db.contractor_reviews.bulkPut(rows.filter((r) => asked.has(r.contractor_id)));
  });
}
