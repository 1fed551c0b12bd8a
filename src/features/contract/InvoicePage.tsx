/**
 * /project/:projectId/invoice/:invoiceId: an invoice as printed (Print /
 * Save as PDF, as the door order is) with the contractor's company details,
 * the contract total and what is paid; shared by link (the page's address,
 * for the job's homeowner) or by mail.
 */
import { useParams, Link } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import { useProject, useProjectMoney, useProjectQuotes } from '../../hooks';
import { contractTotalCents, invoiceNumberText, paidCents } from '../../domain/contractMoney';
import { formatMoney } from '../../i18n/format';
import { Spinner } from '../../ui/Spinner';
import { KIND_WORDS } from './Invoices';
import './contract.css';

export function InvoicePage() {
  const { projectId, invoiceId } = useParams<{ projectId: string; invoiceId: string }>();
  const { t, i18n } = useLingui();
  const project = useProject(projectId);
  const quotes = useProjectQuotes(projectId);
  const money = useProjectMoney(projectId);
  if (project === undefined || quotes === undefined || money === undefined)
    return <Spinner label={t`Loading the invoice…`} />;
  const invoice = money.invoices.find((i) => i.id === invoiceId);
  const quote = quotes.find((q) => q.status === 'accepted');
  if (!project || !invoice || !quote)
    return (
      <main className="container">
        <p>{t`Invoice not found`}</p>
      </main>
    );
  const contract = contractTotalCents(
    quote.total_cents,
    money.changeOrders.filter((c) => c.status === 'approved'),
  );
  const number = invoiceNumberText(invoice.number) ?? t`Number on sync`;
  const c = quote.contractor_contact;
  const link = window.location.href;
  const name = project.name;
  const issued = invoice.issued_at?.slice(0, 10) ?? '—';
  const due = invoice.due_on ?? '—';
  const mail = `mailto:?subject=${encodeURIComponent(t`Invoice ${number} — ${name}`)}&body=${encodeURIComponent(link)}`;
  const co = money.changeOrders.find((x) => x.id === invoice.change_order_id);
  return (
    <main className="container invoice-page">
      <p className="no-print row-actions">
        <Link to={`/project/${project.id}/contract`}>{t`Back to the contract`}</Link>{' '}
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t`Print or save as PDF`}
        </button>{' '}
        <button
          type="button"
          className="btn"
          onClick={() => void navigator.clipboard?.writeText(link)}
        >
          {t`Copy the link`}
        </button>{' '}
        <a className="btn" href={mail}>{t`Send by mail`}</a>
      </p>
      <article className="invoice-sheet">
        <header>
          <div>
            <strong>{c.company || c.name}</strong>
            {c.company && c.name ? <div>{c.name}</div> : null}
            {c.phone ? <div>{c.phone}</div> : null}
            {c.email ? <div>{c.email}</div> : null}
          </div>
          <div className="invoice-title">
            <h1>{t`Invoice ${number}`}</h1>
            <div>{t`Issued: ${issued}`}</div>
            <div>{t`Due: ${due}`}</div>
          </div>
        </header>
        <p>{t`Job: ${name}`}</p>
        <table className="money-table">
          <tbody>
            <tr>
              <td>
                {i18n._(KIND_WORDS[invoice.kind])}
                {co ? ` ${co.number}` : ''}
              </td>
              <td className="num">{formatMoney(invoice.amount_cents, quote.currency)}</td>
            </tr>
          </tbody>
        </table>
        <dl className="invoice-sum">
          <dt>{t`Amount due`}</dt>
          <dd className="strong">
            {formatMoney(
              invoice.amount_cents - paidCents(money.payments, invoice.id),
              quote.currency,
            )}
          </dd>
          <dt>{t`Contract total (accepted quote and approved change orders)`}</dt>
          <dd>{formatMoney(contract, quote.currency)}</dd>
          <dt>{t`Paid on the contract so far`}</dt>
          <dd>{formatMoney(paidCents(money.payments), quote.currency)}</dd>
        </dl>
      </article>
    </main>
  );
}
