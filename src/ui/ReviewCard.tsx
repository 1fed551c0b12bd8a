import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '../i18n/format';
import './reviews.css';

/** The fields of a review the card shows (a review row has them). */
export interface ReviewShown {
  rating: number;
  body: string;
  reply: string | null;
  replied_at: string | null;
  created_at: string;
  /** 0 while the server has not confirmed it. */
  version: number;
  /** The reviewer as readers outside the job see them ("Hannah H."); absent when not given. */
  reviewer_name?: string | null;
}

function day(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDate(d);
}

/**
 * One review as text (never HTML): its stars, the date (and the reviewer's
 * first name and initial when given), the text, and the
 * contractor's reply when there is one. "Waiting to send" while the server
 * has not confirmed it.
 */
export function ReviewCard({ review }: { review: ReviewShown }) {
  const { t } = useLingui();
  return (
    <article
      className="review"
      aria-label={t`Review, ${ph({ rating: review.rating })} out of 5 stars`}
    >
      <p className="review-head">
        <span className="review-stars-text" aria-hidden="true">
          {'★'.repeat(review.rating)}
          {'☆'.repeat(5 - review.rating)}
        </span>{' '}
        <strong>
          <Trans>{ph({ rating: review.rating })} out of 5</Trans>
        </strong>{' '}
        <span className="muted">
          {review.version === 0 ? t`Waiting to send` : day(review.created_at)}
          {review.reviewer_name ? ` · ${review.reviewer_name}` : null}
        </span>
      </p>
      {review.body ? <p className="review-body">{review.body}</p> : null}
      {review.reply !== null ? (
        <div className="review-reply">
          <p className="review-reply-head">
            <strong>
              <Trans>Contractor&apos;s reply</Trans>
            </strong>{' '}
            <span className="muted">{day(review.replied_at)}</span>
          </p>
          <p className="review-body">{review.reply}</p>
        </div>
      ) : null}
    </article>
  );
}
