import { domainText } from '../../i18n/domainTexts';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Spinner } from '../../ui/Spinner';
import { getActiveDb } from '../../data/activeUser';
import { contractorName } from '../../domain/quoteComparison';
import { ratingSummary } from '../../domain/reviewText';
import { useActiveUserId, useContractorReviews } from '../../hooks';
import { ratingText } from '../../ui/ContractorRatingLine';
import { ReviewCard } from '../../ui/ReviewCard';

/**
 * The contractor's name as its newest quote on this device gives it (else
 * "Contractor"), and whether the user may read its reviews as far as this
 * device knows: it holds a quote from the contractor, or is the contractor.
 */
function useContractorLabel(
  contractorId: string | undefined,
): { label: string; readsReviews: boolean } | undefined {
  const userId = useActiveUserId();
  return useLiveQuery(async () => {
    const db = getActiveDb();
    if (!db || !contractorId) return undefined;
    const quotes = await db.quotes
      .where('[contractor_id+status]')
      .between([contractorId, ''], [contractorId, '\uffff'])
      .toArray();
    const newest = quotes.sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
    return {
      label: contractorName(newest?.contractor_contact),
      readsReviews: newest !== undefined || contractorId === db.userId,
    };
  }, [userId, contractorId]);
}

/** Where "See reviews" was followed from (ContractorRatingLine puts it in the link's state). */
interface ReviewsBack {
  back: string;
}

/**
 * The way back to the page "See reviews" was followed from, by its path:
 * the quotes compared, the project, else the dashboard (a link opened on
 * its own). Only a path of this app is followed.
 */
function wayBack(state: unknown): { to: string; label: MessageDescriptor } {
  const back = (state as Partial<ReviewsBack> | null)?.back;
  if (typeof back !== 'string' || !/^\/[^/\\]/.test(back))
    return { to: '/dashboard', label: msg`Back to Dashboard` };
  if (/^\/project\/[^/?#]+\/quotes(?:[?#]|$)/.test(back))
    return { to: back, label: msg`Back to the quotes` };
  if (/^\/project\/[^/?#]+(?:[?#]|$)/.test(back)) return { to: back, label: msg`Back to project` };
  return { to: back, label: msg`Back` };
}

/**
 * /contractor/:contractorId: a contractor's reviews with its replies, newest
 * first, and its average. What shows is what the database lets the user
 * read (a homeowner holding a quote from that contractor, the contractor
 * and its organization's admin, the reviewer); otherwise it says so. A
 * contractor nobody reviewed yet reads "No reviews yet", to the homeowner
 * comparing its quote too. The way back goes to the page the link was
 * followed from (the quotes compared, the project), else the dashboard.
 */
export function ContractorReviewsPage() {
  const { contractorId } = useParams();
  const reviews = useContractorReviews(contractorId);
  // Without a quote's contact the domain says "Contractor": in the language shown.
  const known = useContractorLabel(contractorId);
  const name = known === undefined ? undefined : domainText(known.label);
  const { t, i18n } = useLingui();
  const back = wayBack(useLocation().state);
  if (reviews === undefined || known === undefined || name === undefined)
    return <Spinner label={t`Loading reviews…`} />;
  const summary = ratingSummary(reviews.map((r) => r.rating));
  const none = reviews.length === 0 && known.readsReviews;
  return (
    <main className="container">
      <div className="page-head">
        <h1>
          <Trans>Reviews of {name}</Trans>
        </h1>
        <Link to={back.to} className="btn">
          {i18n._(back.label)}
        </Link>
      </div>
      <section className="card section-card" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">
          {summary ? ratingText(summary) : none ? t`No reviews yet` : t`Reviews`}
        </h2>
        {none ? (
          <p>
            <Trans>
              Nobody has reviewed {name} yet. A review is written by the homeowner once the job is
              done, and shows here.
            </Trans>
          </p>
        ) : reviews.length === 0 ? (
          <p>
            <Trans>
              No reviews of this contractor that you can see. Reviews show to homeowners who hold a
              quote from the contractor, and to the contractor&apos;s team.
            </Trans>
          </p>
        ) : (
          <ul className="review-list">
            {reviews.map((r) => (
              <li key={r.id}>
                <ReviewCard review={r} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
