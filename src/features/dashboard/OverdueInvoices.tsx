/**
 * The dashboard's list of invoices past due: each with its job, number, due
 * day, days late, the amount still owed and a link to the invoice; the sum
 * owed in the heading. Computed on the device from its rows
 * (src/domain/overdueInvoices.ts), so it shows offline.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useMemo } from 'react';
import { getActiveDb } from '../../data/activeUser';
import type { InvoiceRow, PaymentRow } from '../../data/types';
import { useLiveRead } from '../../hooks/liveRead';
import { useActiveUserId } from '../../hooks/useActiveUserId';
import { invoiceNumberText } from '../../domain/contractMoney';
import { overdueInvoices, overdueTotalCents } from '../../domain/overdueInvoices';
import { formatDate, formatMoney } from '../../i18n/format';
import { projectNameText } from '../../i18n/domainLabels';
import './overdue.css';

/** The names of the projects `ids` (id → name) on the device. */
function useProjectNames(ids: readonly string[]): Map<string, string> | undefined {
  const userId = useActiveUserId();
  const key = ids.join(',');
  return useLiveRead(async () => {
    const db = getActiveDb();
    if (!db) return undefined;
    const rows = await db.projects.bulkGet([...ids]);
    return new Map(rows.flatMap((r) => (r && !r.deleted_at ? [[r.id, r.name] as const] : [])));
  }, [userId, key]);
}

/** The overdue invoices among `invoices` (issued ones) with `payments`, as of `today` (YYYY-MM-DD). */
export function OverdueInvoices({
  invoices,
  payments,
  today,
}: {
  invoices: InvoiceRow[];
  payments: PaymentRow[];
  today: string;
}) {
  const { t } = useLingui();
  const list = useMemo(
    () => overdueInvoices(invoices, payments, today),
    [invoices, payments, today],
  );
  const names = useProjectNames(
    useMemo(() => [...new Set(list.map((o) => o.invoice.project_id))], [list]),
  );
  if (list.length === 0) return null;
  const total = formatMoney(overdueTotalCents(list));
  const count = list.length;
  return (
    <section className="card section-card overdue" aria-labelledby="overdue-heading">
      <h2 id="overdue-heading">
        {plural(count, {
          one: `# overdue invoice: ${total} outstanding`,
          other: `# overdue invoices: ${total} outstanding`,
        })}
      </h2>
      <ul className="overdue-list">
        {list.map(({ invoice: i, outstandingCents, daysLate }) => {
          const number = invoiceNumberText(i.number) ?? t`Invoice`;
          const project = projectNameText(names?.get(i.project_id));
          const due = formatDate(i.due_on ?? '');
          const owed = formatMoney(outstandingCents);
          return (
            <li key={i.id} className="overdue-item">
              <div className="overdue-what">
                <Link to={`/project/${i.project_id}/invoice/${i.id}`}>
                  <Trans>
                    {number} · {project}
                  </Trans>
                </Link>
                <span className="meta">
                  {plural(daysLate, {
                    one: `Due ${due}, # day late`,
                    other: `Due ${due}, # days late`,
                  })}
                </span>
              </div>
              <span className="overdue-owed">
                <Trans>{owed} outstanding</Trans>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
