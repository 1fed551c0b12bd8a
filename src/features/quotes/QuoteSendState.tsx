import { useNavigate } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { deadLettersRepo, quotesRepo, type QuoteRow } from '../../data';
import { useDeadLetters } from '../../hooks';
import { day, statusWords, useConnection } from './quoteText';
import { refusalText } from '../rowSync/refusalText';

/**
 * Where a sent quote stands, in words: waiting for the connection ("Will be
 * sent when you're online"), on its way, sent with the date, or decided.
 * When the server refused the queued quote (a dead letter) it says why and
 * what to do: copy it into a new draft, fix it and send again.
 */
export function QuoteSendState({ quote }: { quote: QuoteRow }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const connection = useConnection();
  const letters = useDeadLetters();
  const refused = letters?.find((l) => l.op.table === 'quotes' && l.op.id === quote.id);

  async function copyToDraft(letterId: number | undefined) {
    const row = await quotesRepo.createDraft(quote.project_id, {
      lines: quote.lines,
      tax_rate: quote.tax_rate,
      valid_until: quote.valid_until,
      notes: quote.notes,
    });
    if (letterId !== undefined) await deadLettersRepo.discard(letterId);
    void navigate(`/quote/${row.id}`, { replace: true });
  }

  if (refused)
    return (
      <div className="alert alert-error" role="alert">
        <p>
          <strong>
            <Trans>The server refused this quote:</Trans>
          </strong>{' '}
          {refusalText(refused)}
        </p>
        <p>
          <Trans>
            It was not sent. Copy it into a new draft, fix what the message names, and send it
            again.
          </Trans>
        </p>
        <button type="button" className="btn" onClick={() => void copyToDraft(refused.id)}>
          <Trans>Copy into a new draft</Trans>
        </button>
      </div>
    );
  if (quote.status === 'sent' && !quote.sent_at)
    return (
      <p className="alert alert-info" role="status">
        {connection === 'online' ? t`Sending…` : t`Will be sent when you're online`}
      </p>
    );
  const sent = day(quote.sent_at);
  const decided = day(quote.decided_at);
  const signed = day(quote.signed_at ?? quote.decided_at);
  const signer = quote.signer_name;
  const reason = quote.decline_reason;
  const text =
    quote.status === 'sent'
      ? t`Sent ${sent}`
      : quote.status === 'accepted'
        ? signer
          ? t`Accepted by ${signer} on ${signed}`
          : t`Accepted by the homeowner on ${signed}`
        : quote.status === 'declined'
          ? reason
            ? t`Declined ${decided}: “${reason}”`
            : t`Declined ${decided}`
          : quote.status === 'withdrawn'
            ? t`Withdrawn ${decided}`
            : statusWords(quote.status);
  return (
    <p
      className={`alert ${quote.status === 'accepted' ? 'alert-success' : 'alert-info'}`}
      role="status"
    >
      {text}
    </p>
  );
}
