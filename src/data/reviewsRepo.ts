/**
 * Reviews repository: the only writer of local review rows. The homeowner
 * who owns a completed project reviews its contractor of record (who is
 * who from the job's synced people rows, the server's answer; one review
 * per project) and may change the stars and text for 30 days; the contractor
 * replies once. Everything works offline through the outbox; the server
 * decides the rest (the project must be completed, nobody reviews
 * themselves), and a refused op becomes a dead letter the sync page shows.
 */
import {
  REVIEW_EDIT_DAYS,
  replyError,
  reviewError,
  type ReviewFieldError,
} from '../domain/reviewText';
import { storableText } from '../domain/userText';
import { jobAnswer } from '../domain/jobRole';
import { newId } from './outbox';
import { activeContext, type RepoContext } from './repoContext';
import { syncedTable } from './syncedTable';
import type { ReviewRow } from './types';
import { failure, type Outcome } from '../../shared/outcome';

/** Why a review write was refused on the device (the server refuses the same). */
export type ReviewWriteError =
  | ReviewFieldError
  | 'not_found'
  | 'not_completed'
  | 'not_signed_off'
  | 'no_contractor'
  | 'not_owner'
  | 'already_reviewed'
  | 'too_late'
  | 'not_contractor'
  | 'already_replied';

/** True when the reviewer `userId` may still change `row` at `nowMs` (an unsent review always may). */
export function reviewEditable(row: ReviewRow, userId: string, nowMs: number): boolean {
  if (row.reviewer_id !== userId || row.deleted_at) return false;
  if (row.version === 0) return true;
  return nowMs <= Date.parse(row.created_at) + REVIEW_EDIT_DAYS * 86_400_000;
}

/** Builds the reviews repository over a context (the app uses `reviewsRepo`). */
export function createReviewsRepo(ctx: RepoContext = activeContext) {
  const reviews = syncedTable<ReviewRow>(ctx, { table: 'reviews' });

  return {
    /**
     * Writes the signed-in homeowner's review of the contractor of
     * `projectId` (works offline): `rating` whole stars 1 to 5, `body` up to
     * 2,000 characters. Refused here when the project is not the user's, not
     * completed, not signed off by the homeowner (a project set to completed
     * without the walkthrough's sign-off is not reviewable: product rule
     * "Sign-off"), has no contractor or already has a review; nothing is
     * written then.
     */
    async write(
      projectId: string,
      rating: number,
      written: string,
    ): Promise<Outcome<ReviewRow, ReviewWriteError>> {
      const body = storableText(written);
      const problem = reviewError(rating, body);
      if (problem) return failure(problem);
      return reviews.write(
        async (db) => {
          const project = await db.projects.get(projectId);
          if (!project || project.deleted_at) return failure('not_found');
          // Who is who is the server's answer on the job's people rows: the homeowner who owns the
          // job (not one invited as its owner) reviews its contractor of record.
          const job = jobAnswer(
            await db.project_members.where('project_id').equals(projectId).toArray(),
            db.userId,
          );
          if (job.me?.role !== 'owner' || job.me.invited) return failure('not_owner');
          if (project.status !== 'completed') return failure('not_completed');
          const signoffs = await db.project_signoffs
            .where('project_id')
            .equals(projectId)
            .toArray();
          if (!signoffs.some((r) => !r.deleted_at)) return failure('not_signed_off');
          const contractorId = job.contractor?.userId;
          if (!contractorId || contractorId === db.userId) return failure('no_contractor');
          if ((await db.reviews.where('project_id').equals(projectId).count()) > 0)
            return failure('already_reviewed');
          const nowIso = new Date(ctx.now()).toISOString();
          const columns = { project_id: projectId, reviewer_id: db.userId, rating, body };
          const row: ReviewRow = {
            id: newId(),
            ...columns,
            contractor_id: contractorId,
            reply: null,
            replied_at: null,
            version: 0,
            created_at: nowIso,
            updated_at: nowIso,
            deleted_at: null,
            txid: '',
          };
          return { ok: true, value: await reviews.create(row, columns) } as const;
        },
        (db) => [db.projects, db.project_members, db.project_signoffs],
      );
    },

    /** Changes the stars and text of one's own review within 30 days of writing it (works offline). */
    async edit(
      id: string,
      rating: number,
      written: string,
    ): Promise<Outcome<ReviewRow, ReviewWriteError>> {
      const body = storableText(written);
      const problem = reviewError(rating, body);
      if (problem) return failure(problem);
      return reviews.write(async (db) => {
        const current = await db.reviews.get(id);
        if (!current || current.deleted_at) return failure('not_found');
        if (current.reviewer_id !== db.userId) return failure('not_owner');
        if (!reviewEditable(current, db.userId, ctx.now())) return failure('too_late');
        const next = await reviews.update(current, { columns: { rating, body } });
        return { ok: true, value: next } as const;
      });
    },

    /** The contractor's one reply to a review of its work (works offline; the server stamps replied_at). */
    async reply(id: string, written: string): Promise<Outcome<ReviewRow, ReviewWriteError>> {
      const reply = storableText(written);
      const problem = replyError(reply);
      if (problem) return failure(problem);
      return reviews.write(async (db) => {
        const current = await db.reviews.get(id);
        if (!current || current.deleted_at) return failure('not_found');
        if (current.contractor_id !== db.userId) return failure('not_contractor');
        if (current.reply !== null) return failure('already_replied');
        const next = await reviews.update(current, {
          columns: { reply },
          local: (at) => ({ replied_at: at }),
        });
        return { ok: true, value: next } as const;
      });
    },
  };
}

export type ReviewsRepo = ReturnType<typeof createReviewsRepo>;

/** The app's reviews repository (active user's database). */
export const reviewsRepo: ReviewsRepo = createReviewsRepo(activeContext);
