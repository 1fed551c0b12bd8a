/**
 * The homeowner's words for the quotes it received: the line kinds and the statuses
 * (src/domain/quoteComparison.ts keeps the English labels, free of Lingui), and how a quote names
 * its contractor. Messages live in this feature's catalog (quotesReceived); each function takes
 * the Lingui instance of the render (`useLingui().i18n`), so a screen and a document each read
 * their own language.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { QUOTE_STATUS_LABELS } from '../../domain/quoteComparison';
import { contractorName, type QuoteContact } from '../../domain/quoteComparison';
import type { QuoteLineKind } from '../../domain/quoteTotals';

/** The words a homeowner reads for each kind of line (the domain's QUOTE_KIND_LABELS). */
export const KIND_MESSAGES: Readonly<Record<QuoteLineKind, MessageDescriptor>> = {
  door: msg`Doors`,
  drawerFront: msg`Drawer fronts`,
  hinge: msg`Hinges`,
  finish: msg`Finish`,
  labor: msg`Labor`,
  removal: msg`Removal`,
  delivery: msg`Delivery`,
  other: msg`Other`,
};

/** A quote's status in the homeowner's words (the domain's QUOTE_STATUS_LABELS). */
export const STATUS_MESSAGES: Readonly<
  Record<keyof typeof QUOTE_STATUS_LABELS, MessageDescriptor>
> = {
  draft: msg`Draft`,
  sent: msg`Waiting for your answer`,
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  withdrawn: msg`Withdrawn by the contractor`,
  expired: msg`Expired`,
  superseded: msg`Replaced by a newer version`,
};

/** A line kind in `i18n`'s language. */
export function kindText(i18n: I18n, kind: QuoteLineKind): string {
  return i18n._(KIND_MESSAGES[kind]);
}

/** A status in `i18n`'s language. */
export function statusText(i18n: I18n, status: keyof typeof QUOTE_STATUS_LABELS): string {
  return i18n._(STATUS_MESSAGES[status]);
}

/**
 * How the quote names its contractor ({@link contractorName}: company and person, else either,
 * else the email), and "Contractor" in `i18n`'s language when the quote carries none of them.
 */
export function contractorText(i18n: I18n, contact: QuoteContact | null | undefined): string {
  const c = contact ?? {};
  const named = [c.name, c.company, c.email].some((s) => (s ?? '').trim() !== '');
  return named ? contractorName(c) : i18n._(msg`Contractor`);
}
