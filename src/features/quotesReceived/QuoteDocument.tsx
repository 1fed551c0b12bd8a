import { format } from 'date-fns';
import type { QuoteRow } from '../../data/types';
import { formatSize } from '../../domain/fractions';
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
    q.width !== undefined && q.height !== undefined ? ` × ${formatSize(q.width, q.height)}` : '';
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
        Quote details
        {quote.revision > 1 ? ` (version ${quote.revision})` : ''}
      </h2>
      <p className="muted">
        {contractorName(quote.contractor_contact)}
        {' · '}
        {[c.email, c.phone].filter(Boolean).join(' · ')}
        {quote.sent_at ? ` · Sent ${format(new Date(quote.sent_at), 'PP')}` : ''}
      </p>
      <ol className="qa-lines" aria-label="Lines of the quote">
        {quote.lines.map((l, i) => (
          <li key={i} className="qa-line">
            <div className="qa-line-what">
              {l.description || QUOTE_KIND_LABELS[l.kind]}{' '}
              <span className="muted">({QUOTE_KIND_LABELS[l.kind]})</span>
            </div>
            <div className="qa-line-math">
              <span className="muted">
                {quantityText(l)} at {money(l.unit_cents)}
                {l.sqft !== undefined ? ` per sq ft × ${l.sqft} sq ft` : ''}
              </span>
              <span className="qa-amount">{amounts ? money(amounts[i] ?? 0) : '—'}</span>
            </div>
          </li>
        ))}
      </ol>
      <dl className="qa-sums">
        <dt>Subtotal</dt>
        <dd>{money(quote.subtotal_cents)}</dd>
        <dt>Tax ({quote.tax_rate}%)</dt>
        <dd>{money(quote.tax_cents)}</dd>
        <dt>Total</dt>
        <dd className="qc-total">{money(quote.total_cents)}</dd>
      </dl>
      <p>Valid until: {quote.valid_until ? dayText(quote.valid_until) : 'No date given'}</p>
      {quote.notes ? <p>Notes: {quote.notes}</p> : null}
    </section>
  );
}
