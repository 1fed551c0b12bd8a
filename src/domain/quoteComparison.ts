/**
 * What a homeowner compares between the quotes it received: the total, the
 * price per door, what is included and until when the price holds. Pure
 * functions over quote rows' plain fields (no dates from the clock: callers
 * pass today's date).
 */
import { formatMoney } from './pricing';
import { QUOTE_LINE_KINDS, type QuoteLine, type QuoteLineKind } from './quoteTotals';

/** The words a homeowner reads for each kind of line. */
export const QUOTE_KIND_LABELS: Record<QuoteLineKind, string> = {
  door: 'Doors',
  drawerFront: 'Drawer fronts',
  hinge: 'Hinges',
  finish: 'Finish',
  labor: 'Labor',
  removal: 'Removal',
  delivery: 'Delivery',
  other: 'Other',
};

/** The fields of a quote row the comparison reads. */
export interface ComparableQuote {
  id: string;
  contractor_id: string;
  revision: number;
  status: string;
  lines: readonly QuoteLine[];
  total_cents: number;
  /** YYYY-MM-DD or null. */
  valid_until: string | null;
}

/**
 * The number of pieces quoted: the quantities of the door and drawer-front
 * lines added up (a drawer front is a door to the homeowner's eye: both are
 * faces replaced on the cabinets). 0 when the quote has none.
 */
export function piecesQuoted(lines: readonly QuoteLine[]): number {
  let pieces = 0;
  for (const l of lines) {
    if ((l.kind === 'door' || l.kind === 'drawerFront') && Number.isFinite(l.quantity))
      pieces += l.quantity;
  }
  return Math.round(pieces * 1000) / 1000;
}

/**
 * The all-in price per door in whole cents: the quote's total (tax included)
 * divided by the doors and drawer fronts it covers, rounded half up to a
 * cent; null when it covers no door or drawer front (nothing to divide by).
 */
export function pricePerDoorCents(totalCents: number, lines: readonly QuoteLine[]): number | null {
  const pieces = piecesQuoted(lines);
  if (pieces <= 0 || !Number.isFinite(totalCents)) return null;
  return Math.round(totalCents / pieces);
}

/** The kinds of line a quote includes, in the fixed order of {@link QUOTE_LINE_KINDS}. */
export function includedKinds(lines: readonly QuoteLine[]): QuoteLineKind[] {
  const present = new Set(lines.map((l) => l.kind));
  return QUOTE_LINE_KINDS.filter((k) => present.has(k));
}

/** True when the quote's valid-until date (YYYY-MM-DD) is before `today` (YYYY-MM-DD): it holds through that day. */
export function isPastValidUntil(validUntil: string | null, today: string): boolean {
  return validUntil !== null && validUntil < today;
}

/**
 * The quotes a homeowner can still choose between: sent quotes only (not a
 * superseded, withdrawn, declined or expired one), the newest revision of each
 * contractor, cheapest first (then by contractor id, so the order is stable).
 */
export function currentSentQuotes<Q extends ComparableQuote>(rows: readonly Q[]): Q[] {
  const newest = new Map<string, Q>();
  for (const q of rows) {
    if (q.status !== 'sent') continue;
    const seen = newest.get(q.contractor_id);
    if (!seen || q.revision > seen.revision) newest.set(q.contractor_id, q);
  }
  return [...newest.values()].sort(
    (a, b) => a.total_cents - b.total_cents || a.contractor_id.localeCompare(b.contractor_id),
  );
}

/** Whole cents as money, e.g. 123456 → "$1,234.56" (USD, en-US). */
export function formatCents(cents: number, currency = 'USD', locale?: string): string {
  return formatMoney(Math.round(cents) / 100, currency, locale);
}

/** The contact the server copied on a quote when it was sent. */
export interface QuoteContact {
  name?: string;
  company?: string;
  email?: string;
  phone?: string;
}

/**
 * How a quote names its contractor to the homeowner: "Park Cabinet Co. (Nina
 * Park)", else the company or the person's name, else the email;
 * "Contractor" when the quote carries none.
 */
export function contractorName(contact: QuoteContact | null | undefined): string {
  const c = contact ?? {};
  const name = c.name?.trim();
  const company = c.company?.trim();
  if (company && name && company !== name) return `${company} (${name})`;
  return company || name || c.email?.trim() || 'Contractor';
}

/** A quote's status in the homeowner's words. */
export const QUOTE_STATUS_LABELS: Record<
  'draft' | 'sent' | 'accepted' | 'declined' | 'withdrawn' | 'expired' | 'superseded',
  string
> = {
  draft: 'Draft',
  sent: 'Waiting for your answer',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn by the contractor',
  expired: 'Expired',
  superseded: 'Replaced by a newer version',
};
