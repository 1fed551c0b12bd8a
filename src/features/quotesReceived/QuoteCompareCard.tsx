import { Link } from 'react-router-dom';
import { format, parseISO } from 'date-fns';
import type { QuoteRow } from '../../data/types';
import {
  QUOTE_KIND_LABELS,
  formatCents,
  includedKinds,
  isPastValidUntil,
  piecesQuoted,
  pricePerDoorCents,
  contractorName,
} from '../../domain/quoteComparison';
import { QUOTE_LINE_KINDS } from '../../domain/quoteTotals';
import type { ContractorRating } from '../../domain/reviewText';
import { ContractorRatingLine } from '../../ui/ContractorRatingLine';

export type { ContractorRating } from '../../domain/reviewText';

/** A YYYY-MM-DD date as "Dec 25, 2026". */
export function dayText(date: string): string {
  const d = parseISO(date);
  return Number.isNaN(d.getTime()) ? date : format(d, 'PP');
}

/**
 * One quote in the side-by-side comparison: the contractor, the total, the
 * price per door (doors and drawer fronts), what is included (every kind of
 * line, ticked or not), the valid-until date and, when reviews exist, the
 * contractor's rating and review count (`rating`; none is shown without it:
 * no made-up stars). Links to the quote in full, where it is accepted.
 */
export function QuoteCompareCard({
  quote,
  today,
  rating,
}: {
  quote: QuoteRow;
  /** YYYY-MM-DD. */
  today: string;
  rating?: ContractorRating | undefined;
}) {
  const name = contractorName(quote.contractor_contact);
  const perDoor = pricePerDoorCents(quote.total_cents, quote.lines);
  const pieces = piecesQuoted(quote.lines);
  const included = new Set(includedKinds(quote.lines));
  const expired = isPastValidUntil(quote.valid_until, today);
  const headingId = `quote-${quote.id}-name`;
  return (
    <article className="card qc-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="qc-name">
        {name}
      </h2>
      <ContractorRatingLine
        contractorId={quote.contractor_id}
        rating={rating && rating.count > 0 ? rating : undefined}
        name={name}
      />
      <dl className="qc-figures">
        <dt>Total</dt>
        <dd className="qc-total">{formatCents(quote.total_cents, quote.currency)}</dd>
        <dt>Price per door</dt>
        <dd>
          {perDoor === null
            ? 'No doors quoted'
            : `${formatCents(perDoor, quote.currency)} (${pieces} doors and drawer fronts)`}
        </dd>
        <dt>Valid until</dt>
        <dd>
          {quote.valid_until ? dayText(quote.valid_until) : 'No date given'}
          {expired ? <span className="badge qc-expired"> Expired</span> : null}
        </dd>
      </dl>
      <h3 className="qc-included-heading">What is included</h3>
      <ul className="qc-included" aria-label={`Included in ${name}'s quote`}>
        {QUOTE_LINE_KINDS.map((k) => (
          <li key={k} className={included.has(k) ? 'qc-yes' : 'qc-no'}>
            <span aria-hidden="true">{included.has(k) ? '✓' : '–'}</span> {QUOTE_KIND_LABELS[k]}
            <span className="visually-hidden">
              {included.has(k) ? ': included' : ': not included'}
            </span>
          </li>
        ))}
      </ul>
      <Link
        to={`/project/${quote.project_id}/quotes/${quote.id}`}
        className="btn btn-primary btn-block"
        aria-label={`View the quote from ${name}`}
      >
        View the quote
      </Link>
    </article>
  );
}
