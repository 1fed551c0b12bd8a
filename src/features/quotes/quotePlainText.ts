/**
 * A quote as plain text, for the share sheet (a message or an email body):
 * who it is from, each line with its amount, the totals and the valid-until
 * date, in the language shown.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { QuoteRow } from '../../data';
import { quoteTotals } from '../../domain/quoteTotals';
import type { Locale } from '../../i18n/locales';
import type { QuoteFrom } from './QuoteSheet';
import { day as dayIn, money as moneyIn } from './quoteText';

/** Turns a message into the language shown (`t` of useLingui, or `i18n._`). */
type Translate = (message: MessageDescriptor) => string;

/**
 * The text of `quote` from `from` for `customer` ("" when unknown); `t` translates into the
 * document's language and `locale` (that language) writes its money and dates.
 */
export function quotePlainText(
  quote: QuoteRow,
  from: QuoteFrom,
  customer: string,
  t: Translate,
  locale?: Locale,
): string {
  const money = (cents: number) => moneyIn(cents, locale);
  const day = (iso: string | null | undefined) => dayIn(iso, locale);
  let cents: (number | null)[];
  try {
    cents = quoteTotals(quote.lines, 0).lineCents;
  } catch {
    cents = quote.lines.map(() => null);
  }
  const who = [from.company, from.name, from.phone, from.email].filter(Boolean).join(' · ');
  const subtotal = money(quote.subtotal_cents);
  const rate = quote.tax_rate;
  const tax = money(quote.tax_cents);
  const total = money(quote.total_cents);
  const until = day(quote.valid_until);
  return [
    customer ? t(msg`Quote for ${customer}`) : t(msg`Quote`),
    who ? t(msg`From ${who}`) : '',
    '',
    ...quote.lines.map(
      (l, i) => `${l.quantity} × ${l.description}: ${cents[i] == null ? '—' : money(cents[i])}`,
    ),
    '',
    t(msg`Subtotal ${subtotal}`),
    t(msg`Tax (${rate} %) ${tax}`),
    t(msg`Total ${total}`),
    t(msg`Valid until ${until}`),
    quote.notes ? `\n${quote.notes}` : '',
  ]
    .filter((s, i, all) => s !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .trim();
}
