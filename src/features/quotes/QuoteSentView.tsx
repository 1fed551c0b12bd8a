import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { quotesRepo, type QuoteRow } from '../../data';
import { QuoteLinesView } from './QuoteLinesView';
import { QuoteSendState } from './QuoteSendState';
import { QuoteTotalsBox } from './QuoteTotalsBox';
import { withdrawQuote } from './quoteApi';
import { day, useConnection } from './quoteText';
import { errorText } from '../../remote/rpc';

/**
 * A quote that is no longer a draft, read only (the server froze it when it
 * was sent): where it stands, its lines and totals, and what the contractor
 * may do: Revise (a new draft with the same content), Withdraw (needs the
 * server; offline the button says so) and print.
 */
export function QuoteSentView({ quote }: { quote: QuoteRow }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const connection = useConnection();
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const reachedServer = quote.sent_at !== null;
  const canRevise = ['sent', 'declined', 'expired', 'withdrawn'].includes(quote.status);
  const canWithdraw = quote.status === 'sent' && reachedServer;

  async function revise() {
    const row = await quotesRepo.createDraft(quote.project_id, {
      lines: quote.lines,
      tax_rate: quote.tax_rate,
      valid_until: quote.valid_until,
      notes: quote.notes,
    });
    void navigate(`/quote/${row.id}`);
  }

  return (
    <>
      <QuoteSendState quote={quote} />
      <section className="card section-card">
        <h2>
          <Trans>Lines</Trans>
        </h2>
        <div className="qt-scroll">
          <QuoteLinesView quote={quote} />
        </div>
        <QuoteTotalsBox
          totals={{
            subtotalCents: quote.subtotal_cents,
            taxCents: quote.tax_cents,
            totalCents: quote.total_cents,
          }}
          rate={quote.tax_rate}
        />
        <dl className="dl">
          <dt>
            <Trans>Valid until</Trans>
          </dt>
          <dd>{day(quote.valid_until)}</dd>
          {quote.notes ? (
            <>
              <dt>
                <Trans>Notes</Trans>
              </dt>
              <dd className="qt-notes">{quote.notes}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <div className="btn-row">
        <Link to={`/quote/${quote.id}/print`} className="btn btn-primary">
          <Trans>Print / PDF</Trans>
        </Link>
        {canRevise ? (
          <button type="button" className="btn" onClick={() => void revise()}>
            <Trans>Revise</Trans>
          </button>
        ) : null}
        {canWithdraw ? (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={connection !== 'online'}
            onClick={() => setConfirmWithdraw(true)}
          >
            {connection === 'online' ? t`Withdraw` : t`Withdraw (needs a connection)`}
          </button>
        ) : null}
      </div>
      {confirmWithdraw ? (
        <ConfirmDialog
          title={t`Withdraw this quote?`}
          message={t`The homeowner can no longer accept it. You can send a revision later.`}
          confirmLabel={t`Withdraw`}
          danger
          onClose={() => setConfirmWithdraw(false)}
          onConfirm={async () => {
            const out = await withdrawQuote(quote.id);
            return out.ok ? null : errorText(out);
          }}
        />
      ) : null}
    </>
  );
}
