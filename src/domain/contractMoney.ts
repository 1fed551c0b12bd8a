/**
 * The contract after the yes, in integer cents: what a change order holds
 * (the job as edited against the contract, from the door order), the
 * contract total, the payment schedule and its deposit cap, what is paid and
 * what is overdue. The database computes and checks the same figures
 * (migration contract_money); these are what the device shows offline.
 * Pure: no clock (today is an argument), no I/O.
 */
import { doorOrderKey, updateFromDoorOrder } from './quoteDoorOrderUpdate';
import { quoteTotals, type QuoteLine } from './quoteTotals';
import { DEFAULT_DEPOSIT_CAP } from './pricing';

/** The lines of a change order: what the job gains and what it loses (credits), each positive. */
export interface ChangeOrderLines {
  lines: QuoteLine[];
  credits: QuoteLine[];
}

/**
 * The door-order lines of the contract: the accepted quote's lines with each
 * approved change order's lines added and its credits taken off, by door-order
 * key (kind and finished size, src/domain/quoteDoorOrderUpdate.ts); the
 * contractor's own lines (labor, delivery, …) are the quote's as they are.
 */
export function contractLines(
  quote: readonly QuoteLine[],
  approved: readonly ChangeOrderLines[],
): QuoteLine[] {
  const out: QuoteLine[] = [];
  const byKey = new Map<string, number>();
  const add = (line: QuoteLine, sign: 1 | -1) => {
    const key = doorOrderKey(line);
    const at = key === null ? undefined : byKey.get(key);
    if (at === undefined) {
      if (sign < 0) return;
      if (key !== null) byKey.set(key, out.length);
      out.push({ ...line });
      return;
    }
    out[at] = { ...out[at]!, quantity: out[at]!.quantity + sign * line.quantity };
  };
  for (const l of quote) add(l, 1);
  for (const c of approved) {
    for (const l of c.lines) add(l, 1);
    for (const l of c.credits) add(l, -1);
  }
  return out.filter((l) => l.quantity > 0);
}

/**
 * What changed on the job against the contract, as a change order: parts
 * the door order gained (a new size priced from the price list, `fromOrder`
 * as doorOrderQuoteLines gives it; more of a size at the contract's price),
 * and credits for parts it lost (fewer of a size, a size gone, at the
 * contract's price). A resized part is the old size credited and the new
 * one added. Empty lists when nothing changed.
 */
export function changeOrderFromDoorOrder(
  contract: readonly QuoteLine[],
  fromOrder: readonly QuoteLine[],
): ChangeOrderLines {
  const u = updateFromDoorOrder(contract, fromOrder);
  const lines: QuoteLine[] = [...u.added];
  const credits: QuoteLine[] = [...u.removed];
  for (const { before, after } of u.changed) {
    const delta = after.quantity - before.quantity;
    if (delta > 0) lines.push({ ...before, quantity: delta });
    else if (delta < 0) credits.push({ ...before, quantity: -delta });
  }
  return { lines, credits };
}

/** A change order's figures in cents (negative for a net credit), with the quote's tax rate (percent). */
export function changeOrderTotals(
  co: ChangeOrderLines,
  taxRatePercent: number,
): { subtotalCents: number; taxCents: number; totalCents: number } {
  const gained = quoteTotals(co.lines, 0).subtotalCents;
  const lost = quoteTotals(co.credits, 0).subtotalCents;
  const subtotal = gained - lost;
  // Half away from zero, as Postgres rounds a numeric.
  const raw = (subtotal * Math.round(taxRatePercent * 1000)) / 100_000;
  const tax = Math.sign(raw) * Math.round(Math.abs(raw));
  return { subtotalCents: subtotal, taxCents: tax, totalCents: subtotal + tax };
}

/** The contract in cents: the accepted quote's total plus the approved change orders' totals. */
export function contractTotalCents(
  quoteTotalCents: number,
  approved: readonly { total_cents: number }[],
): number {
  return approved.reduce((sum, c) => sum + c.total_cents, quoteTotalCents);
}

// The cap's default lives with the price list that overrides it (pricing.ts imports nothing here).
export { DEFAULT_DEPOSIT_CAP };

/** The deposit cap on a contract (cents): the lesser of `percent` of it and `cents`. */
export function depositCapCents(
  contractCents: number,
  cap: { percent: number; cents: number } = DEFAULT_DEPOSIT_CAP,
): number {
  return Math.min(Math.round((contractCents * cap.percent) / 100), cap.cents);
}

/** The three steps of the schedule on the accepted quote, in order. */
export const SCHEDULE_STEPS = ['deposit', 'doors_received', 'completion'] as const;
export type ScheduleStep = (typeof SCHEDULE_STEPS)[number];

/**
 * A schedule to start from (cents): the deposit at the cap, half of the rest
 * when the doors arrive, the rest on completion. Sums to the contract.
 */
export function suggestedSchedule(
  contractCents: number,
  cap: { percent: number; cents: number } = DEFAULT_DEPOSIT_CAP,
): Record<ScheduleStep, number> {
  const deposit = Math.max(0, Math.min(depositCapCents(contractCents, cap), contractCents));
  const doors = Math.round((contractCents - deposit) / 2);
  return { deposit, doors_received: doors, completion: contractCents - deposit - doors };
}

/** The sum of live payments (cents), all or those of one invoice. */
export function paidCents(
  payments: readonly {
    amount_cents: number;
    invoice_id: string | null;
    deleted_at: string | null;
  }[],
  invoiceId?: string,
): number {
  return payments
    .filter((p) => !p.deleted_at && (invoiceId === undefined || p.invoice_id === invoiceId))
    .reduce((s, p) => s + p.amount_cents, 0);
}

/** An invoice the device shows as overdue: issued, due before `today` (YYYY-MM-DD), not paid in full. */
export function isOverdue(
  invoice: { status: string; due_on: string | null; amount_cents: number; id: string },
  payments: readonly {
    amount_cents: number;
    invoice_id: string | null;
    deleted_at: string | null;
  }[],
  today: string,
): boolean {
  return (
    invoice.status === 'issued' &&
    invoice.due_on !== null &&
    invoice.due_on < today &&
    paidCents(payments, invoice.id) < invoice.amount_cents
  );
}

/** An invoice number as printed: "INV-0007". */
export function invoiceNumberText(n: number | null): string | null {
  return n === null ? null : `INV-${String(n).padStart(4, '0')}`;
}

/**
 * Dollars typed in a field ("1,250.50", "$300") as whole cents, or null when
 * it is not an amount of at most 2 decimals more than 0 and at most $100,000,000.
 */
export function parseDollars(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return cents > 0 && cents <= 10_000_000_000 ? cents : null;
}
