/**
 * The invoices past due that the dashboard lists: issued, due before today,
 * not paid in full (isOverdue, src/domain/contractMoney.ts), each with what
 * is still owed on it and how many days late it is, oldest due first. The
 * device computes this from its own rows, so the list shows offline; the
 * server holds the same rows (who reads an invoice is its RLS: the job's
 * homeowner, its contractor of record and his admin).
 * Pure: today is an argument (a local calendar day, YYYY-MM-DD).
 */
import { isOverdue, paidCents } from './contractMoney';

/** The columns of an invoice the list reads. */
export interface OverdueInvoiceInput {
  id: string;
  project_id: string;
  status: string;
  /** YYYY-MM-DD, or null while planned. */
  due_on: string | null;
  /** Cents. */
  amount_cents: number;
  deleted_at: string | null;
}

/** The columns of a payment the list reads. */
export interface OverduePaymentInput {
  amount_cents: number;
  invoice_id: string | null;
  deleted_at: string | null;
}

/** One overdue invoice: the row, what is owed on it (cents, > 0), and whole days since it was due (≥ 1). */
export interface OverdueInvoice<I extends OverdueInvoiceInput> {
  invoice: I;
  outstandingCents: number;
  daysLate: number;
}

/** Whole days from calendar day `from` to `to` (both YYYY-MM-DD), counted in UTC so no time zone shift moves them. */
function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/**
 * The overdue invoices among `invoices` (deleted ones left out), with the
 * amount outstanding per invoice: its amount less the live payments recorded
 * against it (a payment against no invoice lowers the job's balance, not an
 * invoice's). Oldest due first, then the larger amount owed.
 */
export function overdueInvoices<I extends OverdueInvoiceInput>(
  invoices: readonly I[],
  payments: readonly OverduePaymentInput[],
  today: string,
): OverdueInvoice<I>[] {
  return invoices
    .filter((i) => !i.deleted_at && isOverdue(i, payments, today))
    .map((invoice) => ({
      invoice,
      outstandingCents: invoice.amount_cents - paidCents(payments, invoice.id),
      daysLate: daysBetween(invoice.due_on!, today),
    }))
    .sort(
      (a, b) =>
        a.invoice.due_on!.localeCompare(b.invoice.due_on!) ||
        b.outstandingCents - a.outstandingCents,
    );
}

/** The sum owed on `list` (cents). */
export function overdueTotalCents(list: readonly { outstandingCents: number }[]): number {
  return list.reduce((s, o) => s + o.outstandingCents, 0);
}
