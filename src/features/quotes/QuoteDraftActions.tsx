import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { quotesRepo, type QuoteRow } from '../../data';
import type { QuoteTotals } from '../../domain/quoteTotals';
import { QuoteTotalsBox } from './QuoteTotalsBox';

/**
 * The foot of the draft editor: the totals (live; the last saved ones while
 * a field has a message), the lines still at $0.00, and Send, Preview /
 * print and Delete draft (confirmed first).
 */
export function QuoteDraftActions({
  quote,
  totals,
  zeroLines,
  blocked,
  empty,
  onSend,
}: {
  quote: QuoteRow;
  /** The live figures and tax percent, null while a field has a message. */
  totals: (QuoteTotals & { rate: number }) | null;
  zeroLines: number;
  /** A field has a message: nothing can be sent. */
  blocked: boolean;
  /** No line yet: the server sends no quote without one. */
  empty: boolean;
  onSend: () => Promise<void>;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <section className="card section-card qt-send">
      {totals ? (
        <QuoteTotalsBox totals={totals} rate={totals.rate} />
      ) : (
        <QuoteTotalsBox
          totals={{
            subtotalCents: quote.subtotal_cents,
            taxCents: quote.tax_cents,
            totalCents: quote.total_cents,
          }}
          rate={quote.tax_rate}
          note={t`These are the totals last saved: a field above has a problem.`}
        />
      )}
      {zeroLines > 0 ? (
        <p className="alert alert-warn">
          {zeroLines === 1
            ? t`1 line is at $0.00: price it or remove it before sending.`
            : t`${zeroLines} lines are at $0.00: price them or remove them before sending.`}
        </p>
      ) : null}
      {empty ? (
        <p className="alert alert-info">
          <Trans>Add at least one line before sending.</Trans>
        </p>
      ) : null}
      <div className="btn-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={blocked || empty}
          onClick={() => void onSend()}
        >
          <Trans>Send quote</Trans>
        </button>
        <Link to={`/quote/${quote.id}/print`} className="btn">
          <Trans>Preview / print</Trans>
        </Link>
        <button type="button" className="btn btn-ghost" onClick={() => setConfirmDelete(true)}>
          <Trans>Delete draft</Trans>
        </button>
      </div>
      {confirmDelete ? (
        <ConfirmDialog
          title={t`Delete this draft quote?`}
          message={t`The draft and its lines are deleted. A quote already sent is not affected.`}
          confirmLabel={t`Delete draft`}
          danger
          onClose={() => setConfirmDelete(false)}
          onConfirm={async () => {
            const r = await quotesRepo.removeDraft(quote.id);
            if (!r.ok) return t`This draft was already sent or deleted.`;
            void navigate('/quotes', { replace: true });
            return null;
          }}
        />
      ) : null}
    </section>
  );
}
