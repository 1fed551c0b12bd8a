import { Trans, useLingui } from '@lingui/react/macro';
import type { QuoteRow } from '../../data/types';
import { formatSize } from '../../domain/fractions';
import { quoteTotals } from '../../domain/quoteTotals';
import { formatDate, formatMoney } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { contractorText, kindText } from './receivedText';

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
 * figures), the valid-until date and the contractor's notes. Words, money
 * and dates in the language of the Lingui instance it renders in.
 */
export function QuoteDocument({ quote }: { quote: QuoteRow }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const amounts = lineAmounts(quote);
  const c = quote.contractor_contact ?? {};
  const money = (cents: number) => formatMoney(cents, quote.currency, locale);
  const revision = quote.revision;
  const sent = quote.sent_at ? formatDate(quote.sent_at, locale) : null;
  const rate = quote.tax_rate;
  const notes = quote.notes;
  const validUntil = quote.valid_until ? formatDate(quote.valid_until, locale) : t`No date given`;
  return (
    <section className="card section-card" aria-labelledby="quote-doc-heading">
      <h2 id="quote-doc-heading">
        {revision > 1 ? t`Quote details (version ${revision})` : t`Quote details`}
      </h2>
      <p className="muted">
        {contractorText(i18n, quote.contractor_contact)}
        {' · '}
        {[c.email, c.phone].filter(Boolean).join(' · ')}
        {sent ? ` · ${t`Sent ${sent}`}` : ''}
      </p>
      <ol className="qa-lines" aria-label={t`Lines of the quote`}>
        {quote.lines.map((l, i) => {
          const quantity = quantityText(l);
          const unit = money(l.unit_cents);
          const sqft = l.sqft;
          return (
            <li key={i} className="qa-line">
              <div className="qa-line-what">
                {l.description || kindText(i18n, l.kind)}{' '}
                <span className="muted">({kindText(i18n, l.kind)})</span>
              </div>
              <div className="qa-line-math">
                <span className="muted">
                  {sqft !== undefined
                    ? t`${quantity} at ${unit} per sq ft × ${sqft} sq ft`
                    : t`${quantity} at ${unit}`}
                </span>
                <span className="qa-amount">{amounts ? money(amounts[i] ?? 0) : '—'}</span>
              </div>
            </li>
          );
        })}
      </ol>
      <dl className="qa-sums">
        <dt>
          <Trans>Subtotal</Trans>
        </dt>
        <dd>{money(quote.subtotal_cents)}</dd>
        <dt>
          <Trans>Tax ({rate}%)</Trans>
        </dt>
        <dd>{money(quote.tax_cents)}</dd>
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd className="qc-total">{money(quote.total_cents)}</dd>
      </dl>
      <p>
        <Trans>Valid until: {validUntil}</Trans>
      </p>
      {notes ? (
        <p>
          <Trans>Notes: {notes}</Trans>
        </p>
      ) : null}
    </section>
  );
}
