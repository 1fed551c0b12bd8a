import { Link } from 'react-router-dom';
import type { ContractorRating } from '../domain/reviewText';

/** "4.5 out of 5 (2 reviews)", the same words everywhere a contractor's standing shows. */
export function ratingText(rating: ContractorRating): string {
  return `${rating.average.toFixed(1)} out of 5 (${rating.count} ${
    rating.count === 1 ? 'review' : 'reviews'
  })`;
}

/**
 * A contractor's average and count with the way to its reviews, or "No
 * reviews yet" (never made-up stars).
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
  return (
    <p className="qc-rating">
      <span>{rating ? ratingText(rating) : 'No reviews yet'}</span>{' '}
      <Link to={`/contractor/${contractorId}`}>
        See reviews<span className="visually-hidden"> of {name}</span>
      </Link>
    </p>
  );
}
