/**
 * /project/:projectId/invoice/:invoiceId: an invoice as printed (Print /
 * Save as PDF, as the door order is) with the contractor's company details,
 * the contract total and what is paid; shared by link (the page's address,
 * for the job's homeowner) or by mail. The sheet reads in the homeowner's
 * language (src/hooks/documentLanguage.ts), the page around it in the app's.
 */
import { useParams, Link } from 'react-router-dom';
import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import type { InvoiceRow, QuoteRow } from '../../data/types';
import { useJob, useProject, useProjectMoney, useProjectQuotes } from '../../hooks';
import { useQuoteDocumentI18n, useQuoteDocumentLocale } from '../../hooks/documentLanguage';
import { supportedLocale } from '../../i18n/locales';
import { contractTotalCents, invoiceNumberText, paidCents } from '../../domain/contractMoney';
import { formatDate, formatMoney } from '../../i18n/format';
import { Spinner } from '../../ui/Spinner';
import { KIND_WORDS } from './Invoices';
import './contract.css';

export function InvoicePage() {
  const { projectId, invoiceId } = useParams<{ projectId: string; invoiceId: string }>();
  const { t } = useLingui();
  const project = useProject(projectId);
  const quotes = useProjectQuotes(projectId);
  const money = useProjectMoney(projectId);
  const job = useJob(projectId);
  const isHomeowner = job?.me?.role === 'owner' && !job.me.invited;
  const accepted = quotes?.find((q) => q.status === 'accepted');
  // The sheet is the homeowner's document: in her language, the buttons around it in the app's.
  const doc = useQuoteDocumentI18n(useQuoteDocumentLocale(accepted?.id, isHomeowner));
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
  const link = window.location.href;
  const name = project.name;
  const mail = `mailto:?subject=${encodeURIComponent(t`Invoice ${number} — ${name}`)}&body=${encodeURIComponent(link)}`;
  const co = money.changeOrders.find((x) => x.id === invoice.change_order_id);
  const sheet: InvoiceSheetProps = {
    invoice,
    quote,
    contractCents: contract,
    paid: paidCents(money.payments),
    owed: invoice.amount_cents - paidCents(money.payments, invoice.id),
    jobName: name,
    changeOrderNumber: co?.number ?? null,
  };
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
      {doc.i18n ? (
        <I18nProvider i18n={doc.i18n}>
          <div lang={doc.i18n.locale}>
            <InvoiceSheet {...sheet} />
          </div>
        </I18nProvider>
      ) : doc.failed ? (
        // The homeowner's language cannot load offline: the sheet in the app's language.
        <InvoiceSheet {...sheet} />
      ) : (
        <Spinner label={t`Loading the invoice…`} />
      )}
    </main>
  );
}

interface InvoiceSheetProps {
  invoice: InvoiceRow;
  quote: QuoteRow;
  /** The contract total (cents): the accepted quote and the approved change orders. */
  contractCents: number;
  /** Paid on the contract so far (cents). */
  paid: number;
  /** What this invoice still asks for (cents). */
  owed: number;
  jobName: string;
  changeOrderNumber: number | null;
}

/** The invoice as printed, in the language of the Lingui instance around it (the homeowner's). */
function InvoiceSheet({
  invoice,
  quote,
  contractCents,
  paid,
  owed,
  jobName: name,
  changeOrderNumber,
}: InvoiceSheetProps) {
  const { t, i18n } = useLingui();
  const locale = supportedLocale(i18n.locale) ?? undefined;
  const number = invoiceNumberText(invoice.number) ?? t`Number on sync`;
  const c = quote.contractor_contact;
  // Days through Intl in the sheet's language ("Dec 2, 2026" / "2 dic 2026").
  const issued = invoice.issued_at ? formatDate(invoice.issued_at, locale) : '—';
  const due = invoice.due_on ? formatDate(invoice.due_on, locale) : '—';
  return (
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
              {changeOrderNumber !== null ? ` ${changeOrderNumber}` : ''}
            </td>
            <td className="num">{formatMoney(invoice.amount_cents, quote.currency, locale)}</td>
          </tr>
        </tbody>
      </table>
      <dl className="invoice-sum">
        <dt>{t`Amount due`}</dt>
        <dd className="strong">{formatMoney(owed, quote.currency, locale)}</dd>
        <dt>{t`Contract total (accepted quote and approved change orders)`}</dt>
        <dd>{formatMoney(contractCents, quote.currency, locale)}</dd>
        <dt>{t`Paid on the contract so far`}</dt>
        <dd>{formatMoney(paid, quote.currency, locale)}</dd>
      </dl>
    </article>
  );
}
