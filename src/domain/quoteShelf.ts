/**
 * Where a quote sits on the contractor's "My quotes" page. A sent quote
 * whose valid-until date has passed is shown as expired even before the
 * server marks it so: the homeowner can no longer accept it.
 */

/** The filter chips of "My quotes", in order, All first as on the dashboard ("all" also shows withdrawn and superseded). */
export const QUOTE_SHELVES = ['all', 'draft', 'sent', 'accepted', 'declined', 'expired'] as const;
export type QuoteShelf = (typeof QUOTE_SHELVES)[number];

/** The shelf of a quote of `status` valid until `validUntil` (YYYY-MM-DD or null) on `today` (YYYY-MM-DD); null: under "All" only. */
export function quoteShelf(
  status: string,
  validUntil: string | null,
  today: string,
): Exclude<QuoteShelf, 'all'> | null {
  if (status === 'sent') return validUntil !== null && validUntil < today ? 'expired' : 'sent';
  if (status === 'draft' || status === 'accepted' || status === 'declined' || status === 'expired')
    return status;
  return null;
}

/** Counts per shelf of `quotes` ("all" counts every quote). */
export function shelfCounts(
  quotes: readonly { status: string; valid_until: string | null }[],
  today: string,
): Record<QuoteShelf, number> {
  const counts: Record<QuoteShelf, number> = {
    draft: 0,
    sent: 0,
    accepted: 0,
    declined: 0,
    expired: 0,
    all: quotes.length,
  };
  for (const q of quotes) {
    const shelf = quoteShelf(q.status, q.valid_until, today);
    if (shelf) counts[shelf] += 1;
  }
  return counts;
}
