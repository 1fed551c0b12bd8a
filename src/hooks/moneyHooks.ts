/**
 * Read hooks of a job's money (`undefined` while loading or while no user
 * database is open): its change orders, invoices and payments, as the server
 * lets the user read them (the job's homeowner, contractor of record and
 * his admin), and the contractor's overdue invoices for the dashboard.
 */
import { useLiveRead } from './liveRead';
import { getActiveDb } from '../data/activeUser';
import type { ChangeOrderRow, InvoiceRow, PaymentRow } from '../data/types';
import { useActiveUserId } from './useActiveUserId';

/** A job's live change orders, invoices and payments, oldest first. */
export interface ProjectMoneyRows {
  changeOrders: ChangeOrderRow[];
  invoices: InvoiceRow[];
  payments: PaymentRow[];
}

const byCreated = (a: { created_at: string }, b: { created_at: string }) =>
  a.created_at.localeCompare(b.created_at);

/** The live money rows of a project. */
export function useProjectMoney(projectId: string | undefined): ProjectMoneyRows | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db || !projectId) return undefined;
    const [changeOrders, invoices, payments] = await Promise.all([
      db.change_orders.where('project_id').equals(projectId).toArray(),
      db.invoices.where('project_id').equals(projectId).toArray(),
      db.payments.where('project_id').equals(projectId).toArray(),
    ]);
    return {
      changeOrders: changeOrders.filter((r) => !r.deleted_at).sort(byCreated),
      invoices: invoices.filter((r) => !r.deleted_at).sort(byCreated),
      payments: payments.filter((r) => !r.deleted_at).sort(byCreated),
    };
  }, [userId, projectId]);
}

/** Every issued invoice and live payment on the device (the dashboard's overdue count). */
export function useIssuedInvoices():
  { invoices: InvoiceRow[]; payments: PaymentRow[] } | undefined {
  const userId = useActiveUserId();
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    const [invoices, payments] = await Promise.all([
      db.invoices.filter((i) => i.status === 'issued' && !i.deleted_at).toArray(),
      db.payments.filter((p) => !p.deleted_at).toArray(),
    ]);
    return { invoices, payments };
  }, [userId]);
}
