/**
 * Words and small readers the quote screens share: money in dollars from
 * integer cents, the status in plain words, today's date on this device,
 * and the connection state (the actions that need the server say so
 * offline).
 */
import { useState, useSyncExternalStore } from 'react';
import { format } from 'date-fns';
import { syncStatus, type ConnectionState } from '../../../sync/status';
import type { QuoteRow, QuoteStatus } from '../../data';
import type { QuoteLineKind } from '../../domain/quoteTotals';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Integer cents as dollars, e.g. 123450 → "$1,234.50". */
export function money(cents: number): string {
  return usd.format(cents / 100);
}

/** The quote statuses as a contractor says them. */
export const STATUS_WORDS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  superseded: 'Replaced by a revision',
};

/** What each line kind is called on the quote. */
export const KIND_WORDS: Record<QuoteLineKind, string> = {
  door: 'Door',
  drawerFront: 'Drawer front',
  hinge: 'Hinges',
  finish: 'Finish',
  labor: 'Labor',
  removal: 'Removal',
  delivery: 'Delivery',
  other: 'Other',
};

/** The kinds a contractor adds by hand (doors, drawer fronts and hinges come from the door order). */
export const ADDABLE_KINDS: readonly QuoteLineKind[] = [
  'labor',
  'removal',
  'delivery',
  'finish',
  'other',
];

/** A date or time as people read it ("Nov 25, 2026"); "—" when absent. */
export function day(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00` : iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, 'PP');
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

/** "Quote 2 for Smith kitchen" style title of a quote. */
export function quoteTitle(q: Pick<QuoteRow, 'revision'>, projectName: string | null): string {
  return `Quote${q.revision > 1 ? ` (revision ${q.revision})` : ''}${projectName ? ` — ${projectName}` : ''}`;
}
