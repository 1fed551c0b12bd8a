/**
 * "Contract and payments" on the project page, once the job has an accepted
 * quote: the contract total (the accepted quote plus the approved change
 * orders), the balance, and the way to the contract page, where change
 * orders, invoices and payments live (loaded on demand). For the job's
 * homeowner and its contractor of record; a change order waiting for the
 * homeowner's signature is called out.
 */
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { useProjectMoney, useProjectQuotes } from '../../hooks';
import { contractTotalCents, paidCents } from '../../domain/contractMoney';
import { formatMoney } from '../../i18n/format';

export function ProjectContractLink({ projectId }: { projectId: string }) {
  const { t } = useLingui();
  const quotes = useProjectQuotes(projectId);
  const money = useProjectMoney(projectId);
  const quote = quotes?.find((q) => q.status === 'accepted');
  if (!quote || !money) return null;
  const contract = contractTotalCents(
    quote.total_cents,
    money.changeOrders.filter((c) => c.status === 'approved'),
  );
  const total = formatMoney(contract, quote.currency);
  const balance = formatMoney(contract - paidCents(money.payments), quote.currency);
  const waiting = money.changeOrders.filter((c) => c.status === 'sent').length;
  return (
    <section className="card section-card" aria-labelledby="contract-heading">
      <h2 id="contract-heading">
        <Trans>Contract and payments</Trans>
      </h2>
      <p>{t`Contract total: ${total} · Balance: ${balance}`}</p>
      {waiting > 0 ? (
        <p>
          <span className="badge badge-warning">{t`A change order waits for the homeowner's signature`}</span>
        </p>
      ) : null}
      <Link to={`/project/${projectId}/contract`} className="btn btn-primary">
        <Trans>Open the contract</Trans>
      </Link>
    </section>
  );
}
