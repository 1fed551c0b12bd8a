import { useNavigate } from 'react-router-dom';
import { deadLettersRepo, quotesRepo, type QuoteRow } from '../../data';
import { useDeadLetters } from '../../hooks';
import { STATUS_WORDS, day, useConnection } from './quoteText';
import { refusalText } from '../rowSync/refusalText';

/**
 * Where a sent quote stands, in words: waiting for the connection ("Will be
 * sent when you're online"), on its way, sent with the date, or decided.
 * When the server refused the queued quote (a dead letter) it says why and
 * what to do: copy it into a new draft, fix it and send again.
 */
export function QuoteSendState({ quote }: { quote: QuoteRow }) {
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
          <strong>The server refused this quote:</strong> {refusalText(refused)}
        </p>
        <p>
          It was not sent. Copy it into a new draft, fix what the message names, and send it again.
        </p>
        <button type="button" className="btn" onClick={() => void copyToDraft(refused.id)}>
          Copy into a new draft
        </button>
      </div>
    );
  if (quote.status === 'sent' && !quote.sent_at)
    return (
      <p className="alert alert-info" role="status">
        {connection === 'online' ? 'Sending…' : "Will be sent when you're online"}
      </p>
    );
  const text =
    quote.status === 'sent'
      ? `Sent ${day(quote.sent_at)}`
      : quote.status === 'accepted'
        ? `Accepted by ${quote.signer_name ?? 'the homeowner'} on ${day(quote.signed_at ?? quote.decided_at)}`
        : quote.status === 'declined'
          ? `Declined ${day(quote.decided_at)}${quote.decline_reason ? `: “${quote.decline_reason}”` : ''}`
          : quote.status === 'withdrawn'
            ? `Withdrawn ${day(quote.decided_at)}`
            : STATUS_WORDS[quote.status];
  return (
    <p
      className={`alert ${quote.status === 'accepted' ? 'alert-success' : 'alert-info'}`}
      role="status"
    >
      {text}
    </p>
  );
}
