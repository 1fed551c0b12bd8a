import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from '../../auth/useAuth';
import { useJob, useProfile, useProject, useQuote } from '../../hooks';
import { readPriceList } from '../../domain/pricing';
import { customerName } from '../../domain/projectLabels';
import { QuoteSheet, type QuoteFrom } from './QuoteSheet';
import { isTouchDevice, shareTextOrDownload } from '../../ui/share';
import { quotePlainText } from './quotePlainText';
import './quotes.css';

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * /quote/:quoteId/print: the quote as a sheet to print or save as PDF, in
 * the door order's style. The contractor's details are those stamped on the
 * quote when it was sent, else the profile's. Share (Web Share with the
 * quote as text) on tablets and phones that have it.
 */
export function QuotePrintPage() {
  const { t } = useLingui();
  const { quoteId } = useParams();
  const quote = useQuote(quoteId);
  const project = useProject(quote?.project_id);
  const job = useJob(quote?.project_id);
  const profile = useProfile();
  const user = useAuth((s) => s.user);
  const touch = useMemo(() => isTouchDevice(), []);
  const [shareNote, setShareNote] = useState<string | null>(null);
  if (quote === undefined || profile === undefined)
    return <Spinner label={t`Loading the quote…`} />;
  if (quote === null)
    return (
      <main className="container card">
        <Trans>Quote not found on this device.</Trans>{' '}
        <Link to="/quotes" className="btn">
          <Trans>My quotes</Trans>
        </Link>
      </main>
    );
  const c = quote.contractor_contact;
  const from: QuoteFrom =
    c.name || c.email
      ? { company: str(c.company), name: str(c.name), email: str(c.email), phone: str(c.phone) }
      : {
          company: readPriceList(profile?.price_list)?.company ?? '',
          name: [str(profile?.first_name), str(profile?.last_name)].filter(Boolean).join(' '),
          email: str(profile?.email) || (user?.email ?? ''),
          phone: str(profile?.phone),
        };
  const customer = project ? customerName(job?.homeowner, project.name) : '';
  const address = str(project?.details?.address);

  async function share() {
    if (!quote) return;
    setShareNote(null);
    const title = customer ? t`Quote — ${customer}` : t`Quote — cabinet refacing`;
    const outcome = await shareTextOrDownload(
      title,
      quotePlainText(quote, from, customer, t),
      'quote.txt',
    );
    if (outcome === 'downloaded')
      setShareNote(t`Sharing is not available here, so the quote was downloaded as text.`);
  }

  return (
    <main className="container qt-print">
      <div className="no-print btn-row qt-actions">
        <Link to={`/quote/${quote.id}`} className="btn">
          <Trans>Back to the quote</Trans>
        </Link>
        {touch ? (
          <button type="button" className="btn" onClick={() => void share()}>
            <Trans>Share</Trans>
          </button>
        ) : null}
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          <Trans>Print / PDF</Trans>
        </button>
      </div>
      {shareNote ? (
        <p className="alert alert-info no-print" role="status">
          {shareNote}
        </p>
      ) : null}
      <QuoteSheet quote={quote} from={from} customer={customer} address={address} />
    </main>
  );
}
