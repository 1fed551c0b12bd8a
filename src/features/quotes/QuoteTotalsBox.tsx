import type { QuoteTotals } from '../../domain/quoteTotals';
import { money } from './quoteText';

/** Subtotal, tax and total of a quote, in dollars from integer cents; `rate` is the tax percent. */
export function QuoteTotalsBox({
  totals,
  rate,
  note,
}: {
  totals: Pick<QuoteTotals, 'subtotalCents' | 'taxCents' | 'totalCents'>;
  rate: number;
  /** Why these are not the live figures (a field with a message). */
  note?: string;
}) {
  return (
    <section className="qt-totals" aria-label="Totals">
      <dl>
        <dt>Subtotal</dt>
        <dd>{money(totals.subtotalCents)}</dd>
        <dt>Tax ({rate} %)</dt>
        <dd>{money(totals.taxCents)}</dd>
        <dt className="qt-total">Total</dt>
        <dd className="qt-total" data-testid="quote-total">
          {money(totals.totalCents)}
        </dd>
      </dl>
      {note ? <p className="muted qt-note">{note}</p> : null}
    </section>
  );
}
