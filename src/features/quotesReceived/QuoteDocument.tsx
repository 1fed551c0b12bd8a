import { format } from 'date-fns';
import type { QuoteRow } from '../../data/types';
import { formatFraction } from '../../domain/fractions';
import { QUOTE_KIND_LABELS, formatCents, contractorName } from '../../domain/quoteComparison';
import { quoteTotals } from '../../domain/quoteTotals';
import { dayText } from './QuoteCompareCard';

/** Each line's amount in cents, or null for all when the lines break the rules (then only the stored totals are shown). */
function lineAmounts(q: QuoteRow): number[] | null {
  try {
    return quoteTotals(q.lines, q.tax_rate).lineCents;
  } catch {
    return null;
  }
}

function quantityText(q: QuoteRow['lines'][number]): string {
  const size =
    q.width !== undefined && q.height !== undefined
      ? ` × ${formatFraction(q.width)}" × ${formatFraction(q.height)}"`
      : '';
  return `${q.quantity}${size}`;
}

/**
 * A quote in full, as the homeowner signs it: the contractor and how to
 * reach it, when it was sent, every line (what, kind, quantity, unit price,
 * amount), the subtotal, the tax, the total the server stored (the signed
 * figures), the valid-until date and the contractor's notes.
 */
export function QuoteDocument({ quote }: { quote: QuoteRow }) {
  const amounts = lineAmounts(quote);
  const c = quote.contractor_contact ?? {};
  const money = (cents: number) => formatCents(cents, quote.currency);
  return (
    <section className="card section-card" aria-labelledby="quote-doc-heading">
      <h2 id="quote-doc-heading">
        Quote from {contractorName(quote.contractor_contact)}
        {quote.revision > 1 ? ` (version ${quote.revision})` : ''}
      </h2>
      <p className="muted">
        {[c.email, c.phone].filter(Boolean).join(' · ')}
        {quote.sent_at ? ` · Sent ${format(new Date(quote.sent_at), 'PP')}` : ''}
      </p>
      <div className="qa-table-wrap">
        <table className="qa-lines">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="num">
                Quantity
              </th>
              <th scope="col" className="num">
                Unit price
              </th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((l, i) => (
              <tr key={i}>
                <td>
                  {l.description || QUOTE_KIND_LABELS[l.kind]}
                  <br />
                  <span className="muted">{QUOTE_KIND_LABELS[l.kind]}</span>
                </td>
                <td className="num">{quantityText(l)}</td>
                <td className="num">
                  {money(l.unit_cents)}
                  {l.sqft !== undefined ? ` /sq ft × ${l.sqft}` : ''}
                </td>
                <td className="num">{amounts ? money(amounts[i] ?? 0) : '—'}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="num">
                Subtotal
              </th>
              <td className="num">{money(quote.subtotal_cents)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="num">
                Tax ({quote.tax_rate}%)
              </th>
              <td className="num">{money(quote.tax_cents)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="num">
                Total
              </th>
              <td className="num qc-total">{money(quote.total_cents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p>Valid until: {quote.valid_until ? dayText(quote.valid_until) : 'No date given'}</p>
      {quote.notes ? <p>Notes: {quote.notes}</p> : null}
    </section>
  );
}
