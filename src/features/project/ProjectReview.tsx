import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { reviewsRepo, reviewEditable, type ReviewWriteError } from '../../data';
import type { ProjectRow } from '../../data/types';
import type { JobAnswer } from '../../domain/jobRole';
import { msg, ph } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { REVIEW_MESSAGES } from '../../i18n/domainLabels';
import { useDeadLetters, useProjectReview, useProjectSignoff } from '../../hooks';
import { ReplyForm } from './ReplyForm';
import { ReviewCard } from '../../ui/ReviewCard';
import { ReviewForm } from './ReviewForm';
import { refusalText } from '../rowSync/refusalText';

/** The words of a refused write (the field errors are the server's own words). */
const WRITE_TEXTS: Record<ReviewWriteError, MessageDescriptor> = {
  ...REVIEW_MESSAGES,
  not_found: msg`This review is no longer here`,
  not_completed: msg`A project can be reviewed once it is completed`,
  not_signed_off: msg`A job can be reviewed once the homeowner has signed it off`,
  no_contractor: msg`This project has no contractor to review`,
  not_owner: msg`Only the homeowner who owns the project can review its contractor`,
  already_reviewed: msg`This project already has a review`,
  too_late: msg`A review can be changed only in the 30 days after it was written`,
  not_contractor: msg`Only the contractor can reply`,
  already_replied: msg`You have already replied to this review`,
};

/**
 * "Review" on a completed project's page. The homeowner owner reviews the
 * project's contractor (and changes it for 30 days); the contractor sees the
 * review and replies once. Works offline; a review the server refused shows
 * its reason with the way to the sync page. Nothing before completion.
 */
export function ProjectReview({
  project,
  userId,
  job,
}: {
  project: ProjectRow;
  userId: string;
  /** Who is who on the job (the server's answer). */
  job: JobAnswer;
}) {
  const { t, i18n } = useLingui();
  const review = useProjectReview(project.id);
  const signoff = useProjectSignoff(project.id);
  const letters = useDeadLetters();
  const [editing, setEditing] = useState(false);
  const isOwner = job.me?.role === 'owner' && !job.me.invited;
  const contractorId = job.contractor?.userId ?? null;
  const isContractor = !!review && review.contractor_id === userId;
  if (review === undefined || signoff === undefined || project.status !== 'completed') return null;
  if (!isOwner && !isContractor) return null;
  if (isOwner && (!contractorId || contractorId === userId)) return null;
  const refused = review
    ? letters?.find((l) => l.op.table === 'reviews' && l.op.id === review.id)
    : undefined;
  const save = async (rating: number, body: string) => {
    const result = review
      ? await reviewsRepo.edit(review.id, rating, body)
      : await reviewsRepo.write(project.id, rating, body);
    if (!result.ok) return i18n._(WRITE_TEXTS[result.code]);
    setEditing(false);
    return null;
  };

  return (
    <section className="card section-card" aria-labelledby="review-heading">
      <h2 id="review-heading">{isOwner ? t`Review your contractor` : t`Review of your work`}</h2>
      {review === null && signoff === null ? (
        <p className="muted">
          <Trans>You can review your contractor once you have signed off the job.</Trans>
        </p>
      ) : review === null ? (
        <>
          <p className="muted">
            <Trans>How did the job go? Your review helps other homeowners choose.</Trans>
          </p>
          <ReviewForm
            initialRating={null}
            initialBody=""
            submitLabel={t`Post review`}
            onSave={save}
          />
        </>
      ) : editing ? (
        <ReviewForm
          initialRating={review.rating}
          initialBody={review.body}
          submitLabel={t`Save review`}
          onSave={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <ReviewCard review={review} />
          {refused ? (
            <p className="field-error" role="alert">
              <Trans>
                Not saved: {ph({ reason: refusalText(refused) })}{' '}
                <Link to="/sync">See unsynced changes</Link>
              </Trans>
            </p>
          ) : null}
          {isOwner && reviewEditable(review, userId, Date.now()) ? (
            <button type="button" className="btn" onClick={() => setEditing(true)}>
              <Trans>Edit review</Trans>
            </button>
          ) : null}
          {isContractor && review.reply === null ? <ReplyForm reviewId={review.id} /> : null}
        </>
      )}
    </section>
  );
}
