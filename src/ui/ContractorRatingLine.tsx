import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../i18n/format';
import { Link, useLocation } from 'react-router-dom';
import type { ContractorRating } from '../domain/reviewText';

/** "4.5 out of 5 (2 reviews)", the same words everywhere a contractor's standing shows. */
export function ratingText(rating: ContractorRating): string {
  const average = formatNumber(rating.average, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const count = rating.count;
  return plural(count, {
    one: `${average} out of 5 (# review)`,
    other: `${average} out of 5 (# reviews)`,
  });
}

/**
 * A contractor's average and count with the way to its reviews, or "No
 * reviews yet" (never made-up stars). The reviews page leads back here.
 */
export function ContractorRatingLine({
  contractorId,
  rating,
  name,
}: {
  contractorId: string;
  rating: ContractorRating | undefined;
  name: string;
}) {
  const { t } = useLingui();
  const here = useLocation();
  // The reviews page's way back: to this page.
  const back = { back: `${here.pathname}${here.search}` };
  return (
    <p className="qc-rating">
      <span>{rating ? ratingText(rating) : t`No reviews yet`}</span>{' '}
      <Link to={`/contractor/${contractorId}`} state={back}>
        <Trans>
          See reviews<span className="visually-hidden"> of {name}</span>
        </Trans>
      </Link>
    </p>
  );
}
