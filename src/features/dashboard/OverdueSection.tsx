/**
 * Invoices past due on the dashboard (a contractor's jobs, a homeowner's
 * own): read from the local database, so they show offline. The list and
 * its texts load only when an issued invoice's due day is behind, so the
 * dashboard's first screen stays light for everyone else.
 */
import { lazy, Suspense } from 'react';
import { useIssuedInvoices } from '../../hooks';
import { FEATURE_SHARED, withCatalog } from '../../i18n/i18n';
import { QuietBoundary } from '../../ui/QuietBoundary';

/** The list's code and texts (prefetched by the dashboard once it shows). */
export const loadOverdueInvoices = () =>
  withCatalog(FEATURE_SHARED, () => import('./OverdueInvoices'));
const OverdueInvoices = lazy(async () => ({
  default: (await loadOverdueInvoices()).OverdueInvoices,
}));

/** Today on this device as YYYY-MM-DD (en-CA writes the ISO order), without a date library. */
function localToday(): string {
  return new Date().toLocaleDateString('en-CA');
}

/**
 * The dashboard's overdue invoices: nothing while no issued invoice is due
 * before today; otherwise the list (which leaves out those paid in full).
 */
export function OverdueSection() {
  const money = useIssuedInvoices();
  const today = localToday();
  if (!money?.invoices.some((i) => i.due_on !== null && i.due_on < today)) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <OverdueInvoices invoices={money.invoices} payments={money.payments} today={today} />
      </Suspense>
    </QuietBoundary>
  );
}
