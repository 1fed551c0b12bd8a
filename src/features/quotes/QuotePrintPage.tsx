import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { I18nProvider } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Locale } from '../../i18n/locales';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from '../../auth/useAuth';
import { useJob, useProfile, useProject, useQuote } from '../../hooks';
import { readPriceList } from '../../domain/pricing';
import { quoteCustomerName } from '../../domain/projectLabels';
import { QuoteSheet, type QuoteFrom } from './QuoteSheet';
import { isTouchDevice, shareTextOrDownload } from '../../ui/share';
import { quotePlainText } from './quotePlainText';
import { useQuoteDocumentI18n, useQuoteDocumentLocale } from '../../hooks/documentLanguage';
import './quotes.css';

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * /quote/:quoteId/print: the quote as a sheet to print or save as PDF, in
 * the door order's style. The contractor's details are those stamped on the
 * quote when it was sent, else the profile's. Share (Web Share with the
 * quote as text) on tablets and phones that have it. The sheet and the
 * shared text read in the homeowner's language (src/hooks/documentLanguage.ts);
 * the buttons around it in the app's.
 */
export function QuotePrintPage() {
  const { t, i18n } = useLingui();
  const { quoteId } = useParams();
  const quote = useQuote(quoteId);
  const project = useProject(quote?.project_id);
  const job = useJob(quote?.project_id);
  const profile = useProfile();
  const user = useAuth((s) => s.user);
  const touch = useMemo(() => isTouchDevice(), []);
  const [shareNote, setShareNote] = useState<string | null>(null);
  const isHomeowner = job?.me?.role === 'owner' && !job.me.invited;
  const docLocale = useQuoteDocumentLocale(quote?.id, isHomeowner);
  const doc = useQuoteDocumentI18n(docLocale);
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
  const fromRequest = quote.request_id != null || quote.request_summary != null;
  const customer = quoteCustomerName(job?.homeowner, project, fromRequest);
  const address = str(project?.details?.address);
  // Not on her job: the request's ZIP code is where the job is, as far as this device knows.
  const requestZip = fromRequest && !address ? (quote.request_summary?.zip ?? '') : null;

  async function share() {
    if (!quote) return;
    setShareNote(null);
    // The shared quote is the homeowner's document too: its language, else the app's while it loads.
    const d = doc.i18n ?? i18n;
    const say = (m: MessageDescriptor) => d._(m);
    const title = customer ? say(msg`Quote — ${customer}`) : say(msg`Quote — cabinet refacing`);
    const outcome = await shareTextOrDownload(
      title,
      quotePlainText(quote, from, customer, say, d.locale as Locale),
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
      {doc.i18n ? (
        <I18nProvider i18n={doc.i18n}>
          <div lang={doc.i18n.locale}>
            <QuoteSheet
              quote={quote}
              from={from}
              customer={customer}
              address={address}
              requestZip={requestZip}
            />
          </div>
        </I18nProvider>
      ) : doc.failed ? (
        // The homeowner's language cannot load offline: the sheet in the app's language.
        <QuoteSheet
          quote={quote}
          from={from}
          customer={customer}
          address={address}
          requestZip={requestZip}
        />
      ) : (
        <Spinner label={t`Loading the quote…`} />
      )}
    </main>
  );
}
