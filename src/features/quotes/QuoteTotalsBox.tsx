import { Trans, useLingui } from '@lingui/react/macro';
import type { QuoteTotals } from '../../domain/quoteTotals';
import type { Locale } from '../../i18n/locales';
import { money as moneyIn } from './quoteText';

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
  // The render's language: the app's on the quote page, the homeowner's on the printed quote.
  const { t, i18n } = useLingui();
  const money = (cents: number) => moneyIn(cents, i18n.locale as Locale);
  return (
    <section className="qt-totals" aria-label={t`Totals`}>
      <dl>
        <dt>
          <Trans>Subtotal</Trans>
        </dt>
        <dd>{money(totals.subtotalCents)}</dd>
        <dt>
          <Trans>Tax ({rate} %)</Trans>
        </dt>
        <dd>{money(totals.taxCents)}</dd>
        <dt className="qt-total">
          <Trans>Total</Trans>
        </dt>
        <dd className="qt-total" data-testid="quote-total">
          {money(totals.totalCents)}
        </dd>
      </dl>
      {note ? <p className="muted qt-note">{note}</p> : null}
    </section>
  );
}
