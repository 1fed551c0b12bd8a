import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QuoteRow } from '../../data/types';
import { useServerReachable } from '../../hooks';
import { declineQuote } from './quoteDecisionApi';
import { errorText } from '../../remote/rpc';

/** The server's limit on a decline reason. */
const REASON_MAX = 500;

/**
 * Decline, with an optional reason the contractor reads. Needs the server,
 * like acceptance: offline the button says so. A reason over 500 characters
 * is refused on the field and kept.
 */
export function DeclineForm({
  quote,
  onDeclined,
  onRefused,
}: {
  quote: QuoteRow;
  onDeclined: (row: QuoteRow) => void;
  /** The server's refusal in its words (null when a new try starts); the page shows it. */
  onRefused: (message: string | null) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const online = useServerReachable();
  const tooLong = reason.trim().length > REASON_MAX;

  async function submit(e: FormEvent) {
    e.preventDefault();
    onRefused(null);
    if (tooLong) return;
    setBusy(true);
    const r = await declineQuote(quote, reason);
    setBusy(false);
    if (r.ok) onDeclined(r.value);
    else onRefused(errorText(r));
  }

  if (!open)
    return (
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        <Trans>Decline this quote</Trans>
      </button>
    );
  return (
    <form
      className="card section-card"
      noValidate
      aria-labelledby="decline-heading"
      onSubmit={(e) => void submit(e)}
    >
      <h2 id="decline-heading">
        <Trans>Decline this quote</Trans>
      </h2>
      <div className="field">
        <label htmlFor="decline-reason">
          <Trans>Reason (optional)</Trans>
        </label>
        <textarea
          id="decline-reason"
          rows={3}
          value={reason}
          aria-invalid={tooLong ? true : undefined}
          aria-describedby={tooLong ? 'decline-reason-err' : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {tooLong ? (
          <p className="field-error" id="decline-reason-err">
            <Trans>Keep the reason under 500 characters</Trans>
          </p>
        ) : null}
      </div>
      <div className="btn-row">
        <button type="submit" className="btn btn-danger" disabled={busy || !online}>
          {!online ? t`Declining needs a connection` : busy ? t`Declining…` : t`Decline`}
        </button>
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
