import { domainText } from '../../i18n/domainTexts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { Spinner } from '../../ui/Spinner';
import { getActiveDb } from '../../data/activeUser';
import { contractorName } from '../../domain/quoteComparison';
import { ratingSummary } from '../../domain/reviewText';
import { useActiveUserId, useContractorReviews } from '../../hooks';
import { ratingText } from '../../ui/ContractorRatingLine';
import { ReviewCard } from '../../ui/ReviewCard';

/** The contractor's name as its newest quote on this device gives it, else "Contractor". */
function useContractorLabel(contractorId: string | undefined): string | undefined {
  const userId = useActiveUserId();
  return useLiveQuery(async () => {
    const db = getActiveDb();
    if (!db || !contractorId) return undefined;
    const quotes = await db.quotes
      .where('[contractor_id+status]')
      .between([contractorId, ''], [contractorId, '\uffff'])
      .toArray();
    const newest = quotes.sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
    return contractorName(newest?.contractor_contact);
  }, [userId, contractorId]);
}

/**
 * /contractor/:contractorId: a contractor's reviews with its replies, newest
 * first, and its average. What shows is what the database lets the user
 * read (a homeowner holding a quote from that contractor, the contractor
 * and its organization's admin, the reviewer); otherwise it says so.
 */
export function ContractorReviewsPage() {
  const { contractorId } = useParams();
  const reviews = useContractorReviews(contractorId);
  // Without a quote's contact the domain says "Contractor": in the language shown.
  const label = useContractorLabel(contractorId);
  const name = label === undefined ? undefined : domainText(label);
  const { t } = useLingui();
  if (reviews === undefined || name === undefined) return <Spinner label={t`Loading reviews…`} />;
  const summary = ratingSummary(reviews.map((r) => r.rating));
  return (
    <main className="container">
      <div className="page-head">
        <h1>
          <Trans>Reviews of {name}</Trans>
        </h1>
        <Link to="/dashboard" className="btn">
          <Trans>Back to Dashboard</Trans>
        </Link>
      </div>
      <section className="card section-card" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">{summary ? ratingText(summary) : t`Reviews`}</h2>
        {reviews.length === 0 ? (
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
