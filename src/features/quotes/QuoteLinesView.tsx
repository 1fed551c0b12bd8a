import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QuoteRow } from '../../data';
import type { Locale } from '../../i18n/locales';
import { formatSize } from '../../domain/fractions';
import { quoteTotals, type QuoteLine } from '../../domain/quoteTotals';
import { money } from './quoteText';

/** "2 × $21.00/sq ft × 2.3333 sq ft" — how a line's amount is made, in `i18n`'s language. */
function howPriced(l: QuoteLine, i18n: I18n): string {
  const unit = money(l.unit_cents, i18n.locale as Locale);
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
  // The render's language: the app's on the quote page, the homeowner's on the printed quote.
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
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
              <span translate="no">{l.description}</span>
              {l.width !== undefined && l.height !== undefined && !l.description.includes('×') ? (
                <span className="qt-per"> {formatSize(l.width, l.height)}</span>
              ) : null}
            </td>
            <td className="qt-how">{howPriced(l, i18n)}</td>
            <td className="qt-amount">{cents[i] == null ? '—' : money(cents[i], locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
