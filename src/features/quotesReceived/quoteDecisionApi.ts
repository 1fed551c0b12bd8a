/**
 * The homeowner's answer to a quote: accept (signed) or decline, through the
 * server's RPCs `accept_quote` and `decline_quote`. Acceptance only ever
 * happens on the server: nothing is written on the device until the server
 * has answered, and then the answered row is put on the device at once
 * (quotesRepo.applyAnswered) and a sync brings the rest (the other quotes
 * declined, the contractor on the project, the project active).
 */
import { syncNow } from '../../hooks/sessionActions';
import { callRpc, type Outcome } from '../../remote/rpc';
import { quotesRepo } from '../../data/quotesRepo';
import type { QuoteRow } from '../../data/types';
import { failure } from '../../../shared/outcome';

/** The RPC's row (jsonb) as the device stores it: txid as text, like a pulled row. */
function toQuoteRow(raw: unknown): QuoteRow {
  const row = raw as QuoteRow & { txid: unknown };
  return { ...row, txid: typeof row.txid === 'string' ? row.txid : JSON.stringify(row.txid ?? '') };
}

/**
 * Puts an answered row on the device and syncs; on a refusal, syncs too, so
 * the screen comes to show what happened meanwhile (declined, replaced,
 * withdrawn) under the refusal's words.
 */
async function answered(out: Outcome<unknown>): Promise<Outcome<QuoteRow>> {
  if (!out.ok) {
    syncNow();
    return out;
  }
  const row = toQuoteRow(out.value);
  await quotesRepo.applyAnswered(row);
  syncNow();
  return { ok: true, value: row };
}

/**
 * Accepts `quote` with the typed `signerName`, sending the content hash of
 * the row the homeowner read (so a quote changed meanwhile is refused).
 * Returns the accepted row, or the message to show: offline, or the server's
 * words (already accepted, replaced by a newer version, withdrawn, expired,
 * changed since opened, not the owner, not found).
 */
export async function acceptQuote(quote: QuoteRow, signerName: string): Promise<Outcome<QuoteRow>> {
  if (!quote.content_sha256) return failure('quote.not_on_server');
  return answered(
    await callRpc(
      'accept_quote',
      {
        p_quote_id: quote.id,
        p_content_sha256: quote.content_sha256,
        p_signer_name: signerName.trim(),
      },
      'quote.accept_failed',
    ),
  );
}

/** Declines `quote` with an optional reason (at most 500 characters). Returns the declined row or the message to show. */
export async function declineQuote(quote: QuoteRow, reason: string): Promise<Outcome<QuoteRow>> {
  const trimmed = reason.trim();
  return answered(
    await callRpc(
      'decline_quote',
      trimmed ? { p_quote_id: quote.id, p_reason: trimmed } : { p_quote_id: quote.id },
      'quote.decline_failed',
    ),
  );
}
