import { Link } from 'react-router-dom';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QuoteRow } from '../../data/types';
import {
  includedKinds,
  isPastValidUntil,
  piecesQuoted,
  pricePerDoorCents,
} from '../../domain/quoteComparison';
import { QUOTE_LINE_KINDS } from '../../domain/quoteTotals';
import type { ContractorRating } from '../../domain/reviewText';
import { formatDate, formatMoney } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { ContractorRatingLine } from '../../ui/ContractorRatingLine';
import { contractorText, kindText } from './receivedText';

export type { ContractorRating } from '../../domain/reviewText';

/** A YYYY-MM-DD date as "Dec 25, 2026" / "25 dic 2026" (`locale`, else the app's language). */
export function dayText(date: string, locale?: Locale): string {
  return formatDate(date, locale);
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
  const { t, i18n } = useLingui();
  const name = contractorText(i18n, quote.contractor_contact);
  const perDoor = pricePerDoorCents(quote.total_cents, quote.lines);
  const pieces = piecesQuoted(quote.lines);
  const included = new Set(includedKinds(quote.lines));
  const expired = isPastValidUntil(quote.valid_until, today);
  const headingId = `quote-${quote.id}-name`;
  const price = perDoor === null ? '' : formatMoney(perDoor, quote.currency);
  const piecesText = plural(pieces, {
    one: '# door or drawer front',
    other: '# doors and drawer fronts',
  });
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
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd className="qc-total">{formatMoney(quote.total_cents, quote.currency)}</dd>
        <dt>
          <Trans>Price per door</Trans>
        </dt>
        <dd>{perDoor === null ? t`No doors quoted` : t`${price} (${piecesText})`}</dd>
        <dt>
          <Trans>Valid until</Trans>
        </dt>
        <dd>
          {quote.valid_until ? dayText(quote.valid_until) : t`No date given`}
          {expired ? (
            <span className="badge qc-expired">
              {' '}
              <Trans>Expired</Trans>
            </span>
          ) : null}
        </dd>
      </dl>
      <h3 className="qc-included-heading">
        <Trans>What is included</Trans>
      </h3>
      <ul className="qc-included" aria-label={t`Included in ${name}'s quote`}>
        {QUOTE_LINE_KINDS.map((k) => (
          <li key={k} className={included.has(k) ? 'qc-yes' : 'qc-no'}>
            <span aria-hidden="true">{included.has(k) ? '✓' : '–'}</span> {kindText(i18n, k)}
            <span className="visually-hidden">
              {included.has(k) ? t`: included` : t`: not included`}
            </span>
          </li>
        ))}
      </ul>
      <Link
        to={`/project/${quote.project_id}/quotes/${quote.id}`}
        className="btn btn-primary btn-block"
        aria-label={t`View the quote from ${name}`}
      >
        <Trans>View the quote</Trans>
      </Link>
    </article>
  );
}
