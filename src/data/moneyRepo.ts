/**
 * The contract's money on the device: change orders, invoices (the payment
 * schedule and what is issued from it) and payments, the only writer of
 * their local rows (server tables change_orders, invoices, payments). Each
 * write is kept on the device and sent by the outbox, so a contractor
 * records a payment in a driveway without signal. The server decides who
 * may (the job's contractor of record) and computes every total, number and
 * hash; the figures kept here until it answers are the device's own
 * (src/domain/contractMoney.ts). A homeowner approves or declines a change
 * order online (src/remote/changeOrderDecision.ts), like a quote.
 */
import { changeOrderTotals, type ChangeOrderLines } from '../domain/contractMoney';
import { newId } from './outbox';
import { activeContext, type RepoContext } from './repoContext';
import { syncedTable } from './syncedTable';
import { storableChanges } from './userText';
import type {
  ChangeOrderRow,
  InvoiceKind,
  InvoiceRow,
  PaymentMethod,
  PaymentRow,
  QuoteRow,
} from './types';

/** What a new payment holds: cents, the day paid (YYYY-MM-DD), how, an optional reference and invoice. */
export interface NewPayment {
  projectId: string;
  amountCents: number;
  paidOn: string;
  method: PaymentMethod;
  reference?: string;
  invoiceId?: string | null;
}

/** Builds the money repository over a context (the app uses `moneyRepo`). */
export function createMoneyRepo(ctx: RepoContext = activeContext) {
  const changeOrders = syncedTable<ChangeOrderRow>(ctx, { table: 'change_orders' });
  const invoices = syncedTable<InvoiceRow>(ctx, { table: 'invoices' });
  const payments = syncedTable<PaymentRow>(ctx, { table: 'payments' });
  const stamps = () => {
    const at = new Date(ctx.now()).toISOString();
    return { version: 0, created_at: at, updated_at: at, deleted_at: null, txid: '' };
  };

  return {
    /** A change order on the accepted quote `quote`, a draft or sent at once (`send`). */
    async createChangeOrder(
      quote: Pick<QuoteRow, 'id' | 'project_id' | 'tax_rate' | 'currency'>,
      co: ChangeOrderLines & { note?: string },
      send: boolean,
    ): Promise<ChangeOrderRow> {
      const columns = storableChanges('change_orders', {
        project_id: quote.project_id,
        status: send ? 'sent' : 'draft',
        lines: co.lines,
        credits: co.credits,
        note: co.note ?? '',
      });
      const t = changeOrderTotals(co, quote.tax_rate);
      const row: ChangeOrderRow = {
        id: newId(),
        ...columns,
        status: columns.status as ChangeOrderRow['status'],
        quote_id: quote.id,
        contractor_id: '',
        number: 0,
        tax_rate: quote.tax_rate,
        currency: quote.currency,
        subtotal_cents: t.subtotalCents,
        tax_cents: t.taxCents,
        total_cents: t.totalCents,
        contract_before_cents: null,
        content_sha256: null,
        sent_at: null,
        decided_at: null,
        decline_reason: null,
        signer_name: null,
        signed_by: null,
        signed_at: null,
        signed_sha256: null,
        ...stamps(),
      };
      return changeOrders.create(row, columns);
    },

    /** Sends a draft change order to the homeowner, or withdraws one. */
    async setChangeOrderStatus(row: ChangeOrderRow, status: 'sent' | 'withdrawn'): Promise<void> {
      await changeOrders.update(row, { columns: { status } });
    },

    /**
     * An invoice: a step of the schedule (planned, or issued at once) or an
     * approved change order's (its amount is the change order's total).
     */
    async createInvoice(input: {
      quote: Pick<QuoteRow, 'id' | 'project_id'>;
      kind: InvoiceKind;
      amountCents: number;
      changeOrderId?: string;
      issue: boolean;
      dueOn?: string | null;
    }): Promise<InvoiceRow> {
      const columns = {
        project_id: input.quote.project_id,
        kind: input.kind,
        change_order_id: input.changeOrderId ?? null,
        status: input.issue ? 'issued' : 'planned',
        amount_cents: input.amountCents,
        due_on: input.dueOn ?? null,
        note: '',
      };
      const row: InvoiceRow = {
        id: newId(),
        ...columns,
        kind: input.kind,
        status: columns.status as InvoiceRow['status'],
        quote_id: input.quote.id,
        contractor_id: '',
        number: null,
        issued_at: null,
        share_token: '',
        ...stamps(),
      };
      return invoices.create(row, columns);
    },

    /** Changes a planned invoice's amount (cents). */
    async setInvoiceAmount(row: InvoiceRow, amountCents: number): Promise<void> {
      await invoices.update(row, { columns: { amount_cents: amountCents } });
    },

    /** Issues a planned invoice (the server numbers it) or voids one. */
    async setInvoiceStatus(row: InvoiceRow, status: 'issued' | 'void'): Promise<void> {
      await invoices.update(row, { columns: { status } });
    },

    /** Records a payment (works offline). */
    async recordPayment(p: NewPayment): Promise<PaymentRow> {
      const columns = storableChanges('payments', {
        project_id: p.projectId,
        invoice_id: p.invoiceId ?? null,
        method: p.method,
        amount_cents: p.amountCents,
        paid_on: p.paidOn,
        reference: p.reference?.trim() ?? '',
      });
      const row: PaymentRow = {
        id: newId(),
        ...columns,
        method: p.method,
        contractor_id: '',
        recorded_by: null,
        ...stamps(),
      };
      return payments.create(row, columns);
    },

    /** Puts a change order as the server answered it (approved or declined by the homeowner). */
    async applyAnsweredChangeOrder(row: ChangeOrderRow): Promise<void> {
      await changeOrders.applyServerRows([row]);
    },

    /** Deletes a payment recorded by mistake. */
    async removePayment(row: PaymentRow): Promise<void> {
      await payments.remove(row);
    },
  };
}

/** The app's money repository (the active user's database). */
export const moneyRepo = createMoneyRepo();
