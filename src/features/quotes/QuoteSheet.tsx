import { Trans, useLingui } from '@lingui/react/macro';
import type { QuoteRow } from '../../data';
import { QuoteLinesView } from './QuoteLinesView';
import { QuoteTotalsBox } from './QuoteTotalsBox';
import type { Locale } from '../../i18n/locales';
import { day as dayIn } from './quoteText';

/** Who the quote is from, as printed. */
export interface QuoteFrom {
  company: string;
  name: string;
  email: string;
  phone: string;
}

/**
 * The printed quote, in the door order's style: the title and date, the
 * job, who it is from, the lines, the totals, the valid-until date and the
 * notes, then the acceptance block: the signed name, date and content hash
 * once accepted, else blank lines to sign by hand. `customer` is the
 * homeowner's name, '' when unknown; `requestZip` (a quote from a request
 * whose job this device does not have) says she is the homeowner who
 * requested it, and where the job is, instead of a dash.
 */
export function QuoteSheet({
  quote,
  from,
  customer,
  address,
  requestZip = null,
}: {
  quote: QuoteRow;
  from: QuoteFrom;
  customer: string;
  address: string;
  requestZip?: string | null;
}) {
  // The render's language: the homeowner's (QuotePrintPage renders the sheet in its own instance).
  const { t, i18n } = useLingui();
  const day = (iso: string | null | undefined) => dayIn(iso, i18n.locale as Locale);
  const signed = quote.status === 'accepted' && quote.signer_name;
  const revision = quote.revision;
  return (
    <article className="qt-sheet" aria-label={t`Printable quote`}>
      <header className="qt-head">
        <div className="qt-title">
          <h1>
            <Trans>Quote</Trans>
          </h1>
          <span className="qt-date">{day(quote.sent_at ?? quote.updated_at)}</span>
        </div>
        <dl className="qt-job">
          <div>
            <dt>
              <Trans>Customer</Trans>
            </dt>
            {customer ? (
              <dd translate="no">{customer}</dd>
            ) : requestZip !== null ? (
              <dd>
                <Trans>The homeowner who requested this quote</Trans>
              </dd>
            ) : (
              <dd>—</dd>
            )}
          </div>
          <div className="qt-wide">
            <dt>
              <Trans>Job address</Trans>
            </dt>
            {address ? (
              <dd translate="no">{address}</dd>
            ) : requestZip ? (
              <dd>
                <Trans>ZIP code {requestZip}</Trans>
              </dd>
            ) : (
              <dd>—</dd>
            )}
          </div>
          <div>
            <dt>
              <Trans>Quote</Trans>
            </dt>
            <dd>
              {quote.id.slice(0, 8).toUpperCase()}
              {revision > 1 ? t`, revision ${revision}` : ''}
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Valid until</Trans>
            </dt>
            <dd>{day(quote.valid_until)}</dd>
          </div>
        </dl>
        <p className="qt-from">
          <span className="qt-from-label">
            <Trans>From</Trans>
          </span>{' '}
          <span translate="no">
            {from.company ? <strong>{from.company} · </strong> : null}
            <strong>{from.name || from.email || t`Contractor`}</strong>
            {from.phone ? <span> · {from.phone}</span> : null}
            {from.email && from.name ? <span> · {from.email}</span> : null}
          </span>
        </p>
      </header>
      <section className="qt-section" aria-label={t`Lines`}>
        <QuoteLinesView quote={quote} />
      </section>
      <QuoteTotalsBox
        totals={{
          subtotalCents: quote.subtotal_cents,
          taxCents: quote.tax_cents,
          totalCents: quote.total_cents,
        }}
        rate={quote.tax_rate}
      />
      {quote.notes ? (
        <section className="qt-section">
          <h2>
            <Trans>Notes</Trans>
          </h2>
          <p className="qt-notes" translate="no">
            {quote.notes}
          </p>
        </section>
      ) : null}
      <section className="qt-section qt-accept" aria-labelledby="qt-accept-h">
        <h2 id="qt-accept-h">
          <Trans>Acceptance</Trans>
        </h2>
        <p className="qt-small">
          <Trans>
            By signing, the homeowner accepts this quote: the work and the total above, at the
            prices shown, until the valid-until date.
          </Trans>
        </p>
        {signed ? (
          <dl className="qt-signed">
            <dt>
              <Trans>Signed</Trans>
            </dt>
            <dd translate="no">{quote.signer_name}</dd>
            <dt>
              <Trans>Date</Trans>
            </dt>
            <dd>{day(quote.signed_at)}</dd>
            {quote.signed_sha256 ? (
              <>
                <dt>
                  <Trans>Content fingerprint (SHA-256)</Trans>
                </dt>
                <dd className="qt-hash">{quote.signed_sha256}</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <div className="qt-sign-lines">
            <span>
              <Trans>Name</Trans>
            </span>
            <span>
              <Trans>Signature</Trans>
            </span>
            <span>
              <Trans>Date</Trans>
            </span>
          </div>
        )}
      </section>
    </article>
  );
}
