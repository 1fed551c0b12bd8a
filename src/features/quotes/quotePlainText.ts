/**
 * A quote as plain text, for the share sheet (a message or an email body):
 * who it is from, each line with its amount, the totals and the valid-until
 * date.
 */
import type { QuoteRow } from '../../data';
import { quoteTotals } from '../../domain/quoteTotals';
import type { QuoteFrom } from './QuoteSheet';
import { day, money } from './quoteText';

/** The text of `quote` from `from` for `customer` ("" when unknown). */
export function quotePlainText(quote: QuoteRow, from: QuoteFrom, customer: string): string {
  let cents: (number | null)[];
  try {
    cents = quoteTotals(quote.lines, 0).lineCents;
  } catch {
    cents = quote.lines.map(() => null);
  }
  const who = [from.company, from.name, from.phone, from.email].filter(Boolean).join(' · ');
  return [
    `Quote${customer ? ` for ${customer}` : ''}`,
    who ? `From ${who}` : '',
    '',
    ...quote.lines.map(
      (l, i) => `${l.quantity} × ${l.description}: ${cents[i] == null ? '—' : money(cents[i])}`,
    ),
    '',
    `Subtotal ${money(quote.subtotal_cents)}`,
    `Tax (${quote.tax_rate} %) ${money(quote.tax_cents)}`,
    `Total ${money(quote.total_cents)}`,
    `Valid until ${day(quote.valid_until)}`,
    quote.notes ? `\n${quote.notes}` : '',
  ]
    .filter((s, i, all) => s !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .trim();
}
