/**
 * /project/:projectId/contract: the contract after the yes, for the job's
 * contractor of record and its homeowner. The accepted quote plus the
 * approved change orders are the contract; the page shows that sum, what is
 * paid and the balance, then the change orders and the invoices and payments.
 * Figures here are the device's until the server answers (it computes and
 * checks every total).
 */
import { useParams, Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  useActiveUserId,
  useProfile,
  useProject,
  useProjectMoney,
  useProjectQuotes,
} from '../../hooks';
import { contractTotalCents, paidCents } from '../../domain/contractMoney';
import { formatMoney } from '../../i18n/format';
import { Spinner } from '../../ui/Spinner';
import { ChangeOrders } from './ChangeOrders';
import { Invoices } from './Invoices';
import './contract.css';

export function ContractPage() {
  const { projectId } = useParams<{ projectId: string }>();
  const { t } = useLingui();
  const userId = useActiveUserId();
  const project = useProject(projectId);
  const quotes = useProjectQuotes(projectId);
  const money = useProjectMoney(projectId);
  const profile = useProfile();
  if (project === undefined || quotes === undefined || money === undefined)
    return <Spinner label={t`Loading the contract…`} />;
  const quote = quotes.find((q) => q.status === 'accepted');
  if (!project || !quote)
    return (
      <main className="container contract-page">
        <h1>{t`Contract`}</h1>
        <p>{t`This job has no accepted quote yet.`}</p>
      </main>
    );
  const isContractor = project.assigned_contractor_id === userId;
  const isOwner = project.owner_user_id === userId;
  const approved = money.changeOrders.filter((c) => c.status === 'approved');
  const contract = contractTotalCents(quote.total_cents, approved);
  const paid = paidCents(money.payments);
  const name = project.name;
  return (
    <main className="container contract-page">
      <p>
        <Link to={`/project/${project.id}`}>{t`Back to the project`}</Link>
      </p>
      <h1>{t`Contract — ${name}`}</h1>
      <section className="card section-card contract-sum" aria-label={t`Contract total`}>
        <dl>
          <dt>{t`Accepted quote`}</dt>
          <dd>{formatMoney(quote.total_cents, quote.currency)}</dd>
          <dt>{t`Approved change orders`}</dt>
          <dd>{formatMoney(contract - quote.total_cents, quote.currency)}</dd>
          <dt className="strong">{t`Contract total`}</dt>
          <dd className="strong" data-testid="contract-total">
            {formatMoney(contract, quote.currency)}
          </dd>
          <dt>{t`Paid`}</dt>
          <dd>{formatMoney(paid, quote.currency)}</dd>
          <dt className="strong">{t`Balance`}</dt>
          <dd className="strong" data-testid="balance">
            {formatMoney(contract - paid, quote.currency)}
          </dd>
        </dl>
        {isContractor ? (
          <p className="muted">
            <Trans>
              Change the job in the builder after acceptance: what changed shows below as a change
              order to send.
            </Trans>{' '}
            <Link to={`/cabinet-builder/${project.id}`}>{t`Open the builder`}</Link>
          </p>
        ) : null}
      </section>
      <ChangeOrders
        quote={quote}
        changeOrders={money.changeOrders}
        contractCents={contract}
        isContractor={isContractor}
        isOwner={isOwner}
        cabinetData={project.details?.cabinetData}
        priceListRaw={profile?.price_list}
      />
      <Invoices
        quote={quote}
        invoices={money.invoices}
        payments={money.payments}
        changeOrders={money.changeOrders}
        contractCents={contract}
        isContractor={isContractor}
        priceListRaw={profile?.price_list}
      />
    </main>
  );
}
