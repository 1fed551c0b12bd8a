/**
 * Words and small readers the quote screens share: money from integer
 * cents, dates, the status and line kinds in the language shown, today's
 * date on this device, and the connection state (the actions that need the
 * server say so offline). Messages live in this feature's catalog (quotes).
 */
import { useState, useSyncExternalStore } from 'react';
import { format } from 'date-fns';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { syncStatus, type ConnectionState } from '../../../sync/status';
import type { QuoteRequestSummary, QuoteRow, QuoteStatus } from '../../data';
import type { QuoteLineKind } from '../../domain/quoteTotals';
import { projectTypeText } from '../../i18n/domainLabels';
import { formatDate, formatMoney } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';
import type { Locale } from '../../i18n/locales';

/** Integer cents as dollars in the language shown (or a document's `locale`), e.g. 123450 → "$1,234.50". */
export function money(cents: number, locale?: Locale): string {
  return formatMoney(cents, 'USD', locale);
}

/** The quote statuses as a contractor says them. */
export const STATUS_MESSAGES: Record<QuoteStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  sent: msg`Sent`,
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  withdrawn: msg`Withdrawn`,
  expired: msg`Expired`,
  superseded: msg`Replaced by a revision`,
};

/** A status in the language shown (call in a render). */
export function statusWords(status: QuoteStatus): string {
  return i18n._(STATUS_MESSAGES[status]);
}

/** What each line kind is called on the quote. */
export const KIND_MESSAGES: Record<QuoteLineKind, MessageDescriptor> = {
  door: msg`Door`,
  drawerFront: msg`Drawer front`,
  hinge: msg`Hinges`,
  finish: msg`Finish`,
  labor: msg`Labor`,
  removal: msg`Removal`,
  delivery: msg`Delivery`,
  other: msg`Other`,
};

/** A line kind in the language shown (call in a render). */
export function kindWords(kind: QuoteLineKind): string {
  return i18n._(KIND_MESSAGES[kind]);
}

/** The description a new line of each kind starts with (the homeowner reads it). */
export const NEW_LINE_MESSAGES: Record<QuoteLineKind, MessageDescriptor> = {
  door: msg`Doors`,
  drawerFront: msg`Drawer fronts`,
  hinge: msg`Hinges with boring`,
  finish: msg`Finish`,
  labor: msg`Labor`,
  removal: msg`Removal`,
  delivery: msg`Delivery`,
  other: msg`Other`,
};

/**
 * The kinds a contractor adds by hand: doors and drawer fronts too, so a
 * quote without a measured job still says what it covers (hinges come from
 * the door order).
 */
export const ADDABLE_KINDS: readonly QuoteLineKind[] = [
  'door',
  'drawerFront',
  'labor',
  'removal',
  'delivery',
  'finish',
  'other',
];

/** A date as people read it in the language shown (or a document's `locale`): "Nov 25, 2026"; "—" when absent. */
export function day(iso: string | null | undefined, locale?: Locale): string {
  if (!iso) return '—';
  return formatDate(iso.length === 10 ? iso : new Date(iso), locale);
}

/** Today on this device as YYYY-MM-DD (fixed for the page's life: a quote is written in one sitting). */
export function useToday(): string {
  const [today] = useState(() => format(new Date(), 'yyyy-MM-dd'));
  return today;
}

/** The connection state, live. */
export function useConnection(): ConnectionState {
  return useSyncExternalStore(
    syncStatus.subscribe,
    () => syncStatus.get().connection,
    () => syncStatus.get().connection,
  );
}

/**
 * What a bid is for, when this device has no name for the project: the
 * request's job type and ZIP code ("Kitchen · ZIP 62701"), else the
 * words for a project known only from a quote request.
 */
export function requestName(summary: QuoteRequestSummary | null | undefined): string {
  if (!summary) return i18n._(msg`Project from a quote request`);
  const type = summary.project_type ? projectTypeText(summary.project_type) : '';
  const zip = summary.zip;
  return type ? i18n._(msg`${type} · ZIP ${zip}`) : i18n._(msg`Refacing job · ZIP ${zip}`);
}

/** The name a quote goes by: the project's when this device has it, else its request's. */
export function quoteSubject(
  q: Pick<QuoteRow, 'request_summary'>,
  projectName: string | null | undefined,
): string {
  return projectName ?? requestName(q.request_summary);
}

/** "Quote (revision 2) — Smith kitchen" style title of a quote, in the language shown. */
export function quoteTitle(q: Pick<QuoteRow, 'revision'>, subject: string | null): string {
  const revision = q.revision;
  if (subject === null)
    return revision > 1 ? i18n._(msg`Quote (revision ${revision})`) : i18n._(msg`Quote`);
  return revision > 1
    ? i18n._(msg`Quote (revision ${revision}) — ${subject}`)
    : i18n._(msg`Quote — ${subject}`);
}

/** The editor's fixed field messages (src/domain/quoteForm.ts's English) → their messages. */
const FIELD_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  'Enter a description': msg`Enter a description`,
  'Enter a quantity': msg`Enter a quantity`,
  'Enter a number, e.g. 2 or 1.5': msg`Enter a number, e.g. 2 or 1.5`,
  'The quantity must be more than 0': msg`The quantity must be more than 0`,
  'The quantity must be at most 10,000': msg`The quantity must be at most 10,000`,
  'Use at most 3 decimals': msg`Use at most 3 decimals`,
  'Use at most 4 decimals': msg`Use at most 4 decimals`,
  'Count whole pieces, e.g. 14': msg`Count whole pieces, e.g. 14`,
  'Enter a price, e.g. 12.50': msg`Enter a price, e.g. 12.50`,
  'A price cannot be negative': msg`A price cannot be negative`,
  'The price must be at most $100,000.00': msg`The price must be at most $100,000.00`,
  'Use dollars and cents, e.g. 12.50': msg`Use dollars and cents, e.g. 12.50`,
  'Enter the square feet of one piece, e.g. 4.5': msg`Enter the square feet of one piece, e.g. 4.5`,
  'The area must be more than 0 and at most 100 sq ft': msg`The area must be more than 0 and at most 100 sq ft`,
  'Enter the tax rate, e.g. 8.25 (0 for none)': msg`Enter the tax rate, e.g. 8.25 (0 for none)`,
  'The tax rate must be from 0 to 100 %': msg`The tax rate must be from 0 to 100 %`,
  'Choose a valid-until date': msg`Choose a valid-until date`,
  'Enter a date': msg`Enter a date`,
  'The valid-until date is in the past': msg`The valid-until date is in the past`,
};

/** A field message of the quote form in the language shown; a text not listed shows as it is. */
export function fieldText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const message = FIELD_MESSAGES[text];
  return message ? i18n._(message) : text;
}
