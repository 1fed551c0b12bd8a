import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { QuoteRow } from '../../data';
import { i18n } from '../../i18n/i18n';
import { formatSize } from '../../domain/fractions';
import { quoteTotals, type QuoteLine } from '../../domain/quoteTotals';
import { money } from './quoteText';

/** "2 × $21.00/sq ft × 2.3333 sq ft" — how a line's amount is made. */
function howPriced(l: QuoteLine): string {
  const unit = money(l.unit_cents);
  const quantity = l.quantity;
  const sqft = l.sqft;
  return sqft === undefined
    ? `${quantity} × ${unit}`
    : i18n._(msg`${quantity} × ${sqft} sq ft × ${unit}/sq ft`);
}

/** The amounts of stored lines: figured again with the domain function (the server's rule), never NaN. */
function amounts(lines: QuoteLine[]): (number | null)[] {
  try {
    return quoteTotals(lines, 0).lineCents;
  } catch {
    return lines.map(() => null);
  }
}

/**
 * A quote's lines, read only: the sent quote's page and the printed quote.
 * Door and drawer-front lines show their finished size (inches, tape
 * fractions) and how the area price makes the amount.
 */
export function QuoteLinesView({ quote }: { quote: Pick<QuoteRow, 'lines'> }) {
  const cents = amounts(quote.lines);
  return (
    <table className="qt-table qt-table-view">
      <thead>
        <tr>
          <th scope="col">
            <Trans>Description</Trans>
          </th>
          <th scope="col">
            <Trans>Qty × price</Trans>
          </th>
          <th scope="col" className="qt-amount">
            <Trans>Amount</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {quote.lines.map((l, i) => (
          <tr key={i}>
            <td>
              {l.description}
              {l.width !== undefined && l.height !== undefined && !l.description.includes('×') ? (
                <span className="qt-per"> {formatSize(l.width, l.height)}</span>
              ) : null}
            </td>
            <td className="qt-how">{howPriced(l)}</td>
            <td className="qt-amount">{cents[i] == null ? '—' : money(cents[i])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
